import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerOutbox } from "../auth/outbox.js";
import type { BrokerContext } from "../context.js";
import { fail } from "../envelope.js";
import type { Market } from "../market/types.js";
import { registerDevPrice } from "./price.js";
import { registerDevSession } from "./session.js";

/**
 * The paper broker's /dev routes, in their own plugin so that the Host check below guards them
 * and nothing else. They exist only when config.devRoutes is on (a loopback HOST, or
 * DEV_ROUTES=force), /dev/session only with DEV_SESSION=1 (the test harness).
 */
export async function registerDev(app: FastifyInstance, ctx: BrokerContext, market: Market): Promise<void> {
  if (!ctx.config.devRoutes) return;
  await app.register(async (dev) => {
    // A page on another site that rebinds its own name to 127.0.0.1 reaches this port with its
    // own name in Host: only requests addressed to the broker itself are answered.
    dev.addHook("onRequest", async (req, reply) => {
      if (!isOwnHost(req, ownHosts(app, ctx))) {
        return reply.status(403).send(fail("EC403", "The /dev routes answer only requests addressed to the broker itself (Host 127.0.0.1:PORT or localhost:PORT)"));
      }
    });
    if (ctx.config.devSession) registerDevSession(dev, ctx);
    registerDevPrice(dev, market);
    registerOutbox(dev, ctx);
  });
}

/** The Host values that name this broker: the loopback names (and a forced HOST) with the port it listens on. */
function ownHosts(app: FastifyInstance, ctx: BrokerContext): string[] {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : ctx.config.port;
  const names = ["127.0.0.1", "localhost", "[::1]"];
  const host = ctx.config.host;
  if (host !== "0.0.0.0" && host !== "::") names.push(host.includes(":") ? `[${host}]` : host);
  return names.flatMap((n) => (port === 80 ? [n, `${n}:80`] : [`${n}:${port}`]));
}

function isOwnHost(req: FastifyRequest, own: string[]): boolean {
  const host = req.headers.host?.toLowerCase();
  return host !== undefined && own.includes(host);
}
