import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { seedDemoAccounts } from "./accounts.js";
import { createClock } from "./clock.js";
import type { BrokerConfig } from "./config.js";
import type { BrokerContext } from "./context.js";
import { openDb, type Db } from "./db.js";
import { fail, ok } from "./envelope.js";
import { registerServices, SERVICE_PREFIXES } from "./services.js";

export interface Broker {
  app: FastifyInstance;
  ctx: BrokerContext;
  db: Db;
  close(): Promise<void>;
}

/** Builds the paper broker without listening, so tests can inject requests or listen on port 0. */
export async function buildBroker(config: BrokerConfig): Promise<Broker> {
  const db = openDb(config.dataDir);
  const clock = createClock(config.simTime);
  const app = Fastify({
    logger: { level: config.logLevel },
    // Request ids make the structured log lines of one request easy to follow.
    genReqId: (() => {
      let n = 0;
      return () => `r${(++n).toString(36)}`;
    })(),
    bodyLimit: 1_048_576,
  });
  const closers: Array<() => Promise<void> | void> = [];
  const ctx: BrokerContext = { config, db, clock, log: app.log, onClose: (fn) => closers.push(fn) };

  seedDemoAccounts(db, clock.now());

  // Malformed JSON and wrong content types are business errors in the envelope, never a 500.
  app.setErrorHandler((error, req, reply) => {
    const err = error as Error & { statusCode?: number };
    const status = err.statusCode ?? 500;
    if (status >= 500) req.log.error({ err }, "unhandled error");
    if (status === 400 || status === 415 || status === 413) {
      return reply.status(200).send(fail("EC400", `Bad request: ${err.message}`));
    }
    return reply.status(status).send(fail(status >= 500 ? "EC500" : `EC${status}`, status >= 500 ? "Something went wrong" : err.message));
  });

  app.get("/health", async () => ok([{ up: true, simTime: clock.now().toISOString(), clockMode: clock.mode }]));

  await registerServices(app, ctx);

  const staticDir = config.staticDir;
  const hasApp = staticDir !== undefined && fs.existsSync(path.join(staticDir, "index.html"));
  if (hasApp) await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split("?")[0] ?? "/";
    const isService = SERVICE_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`)) || url.startsWith("/dev/") || url === "/health";
    // Every client route is served the single-page app; the client's router applies the redirects.
    if (!isService && req.method === "GET" && hasApp) return reply.type("text/html").sendFile("index.html");
    return reply.status(404).send(fail("EC404", `No such route: ${req.method} ${url}`));
  });

  let closed = false;
  return {
    app,
    ctx,
    db,
    async close() {
      if (closed) return;
      closed = true;
      for (const fn of closers.reverse()) await fn();
      await app.close();
      db.close();
    },
  };
}
