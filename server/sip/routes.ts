import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/core/errors.js";
import { sipProblem, type Sip } from "../../src/core/rules/sip.js";
import { istDateKey, istInstant } from "../../src/core/time.js";
import { cancelSip, createSip, sips as sipsCall } from "../../src/core/wire/alerts.js";
import { route } from "../http/wire.js";
import type { OrderRequest } from "../../src/core/types/order.js";
import { betaRefusal } from "../beta.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import type { PlaceResult } from "../orders/engine.js";
import { SipScheduler } from "./scheduler.js";
import { SipStore, type StoredSip } from "./store.js";

const refuse = (code: ErrorCode, detail?: string) => fail(code, detail ? `${ERROR_CATALOGUE[code]}: ${detail}` : ERROR_CATALOGUE[code]);

/**
 * SIPs under /core/v2/sips (Tape's paths): POST creates { exchange, token, quantity | amount,
 * frequency, startDate, count }, GET lists the user's SIPs, DELETE /core/v2/sips/:sipId cancels
 * one. SIP is a beta feature: an account BETA_LOCKED out of "sip" gets EC876 on create.
 */
export function registerSips(app: FastifyInstance, ctx: BrokerContext, market: Market, placeOrder: (userId: string, request: OrderRequest) => PlaceResult): SipScheduler {
  const store = new SipStore(ctx.db);
  const scheduler = new SipScheduler(ctx, market, store, placeOrder);
  scheduler.start();
  ctx.onClose(() => scheduler.stop());
  const shown = (s: StoredSip): Sip => {
    const { userId: _user, ...rest } = s;
    return { ...rest, tradingSymbol: market.instrument(s.exchange, s.token)?.tradingSymbol ?? String(s.token) };
  };

  route(
    app,
    createSip,
    async (req) => {
      const b = req.body;
      const inst = market.instrument(b.exchange, Number(b.token));
      if (!inst || inst.isIndex) return refuse("EC902");
      const spec = {
        exchange: inst.exchange,
        token: inst.token,
        quantity: b.quantity === undefined ? 0 : Number(b.quantity),
        amount: b.amount === undefined ? 0 : Number(b.amount),
        frequency: b.frequency,
        startDate: b.startDate,
        count: Number(b.count),
      };
      const problem = sipProblem(spec, istDateKey(ctx.clock.now()));
      if (problem) return refuse("EC991", problem.message);
      const s = store.insert(req.userId, spec, ctx.clock.now());
      // An instalment due today goes now if the market is open.
      scheduler.sweep();
      return ok([shown(store.get(s.sipId) ?? s)]);
    },
    {
      // A beta feature: an account not let in yet is told so (EC876) before its request is read.
      preValidation: async (req, reply) => {
        const beta = betaRefusal(ctx, "sip", req.userId);
        if (beta) return reply.send(beta);
      },
    },
  );

  route(app, sipsCall, async (req) => ok(store.list(req.userId, istInstant(istDateKey(ctx.clock.now()), 0)).map(shown)));

  route(app, cancelSip, async (req) => {
    const s = store.get(Number(req.params.sipId));
    if (!s || s.userId !== req.userId || !store.cancel(req.userId, s.sipId, ctx.clock.now())) return refuse("EC979");
    return ok([{ sipId: s.sipId }]);
  });

  return scheduler;
}
