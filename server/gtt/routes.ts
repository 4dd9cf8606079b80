import type { FastifyInstance, FastifyRequest } from "fastify";
import { cancelGtt, formToken, gttList, modifyGtt, placeGtt, type GttAnswerBody } from "../../src/core/wire/gtt.js";
import { route } from "../http/wire.js";
import type { BrokerContext } from "../context.js";
import { ok } from "../envelope.js";
import { GttEngine } from "./engine.js";
import { FORM_TOKEN_MESSAGES, formTokenSecret, signFormToken, verifyFormToken } from "./jwt.js";
import { cancelledGttId, checkAgainstMarket, parsePlacePayload, type GttSpec } from "./payload.js";
import { GttStore, toEntry } from "./store.js";
import type { GttDeps } from "./types.js";
import type { GttPlacePayload } from "../../src/core/types/gtt.js";
import { istDateKey, istInstant } from "../../src/core/time.js";
import { GTT_CHANGE_MESSAGE_KIND, type GttChange } from "../../src/core/rules/gttChange.js";

/**
 * A GTT answer is the envelope with result[0].body (trading-core section 7). The envelope says the
 * call was understood; the body says whether the GTT call itself succeeded: status 0 and Msg
 * "Success", or status 1 and a Msg the client shows in its danger toast.
 */
const answer = (body: GttAnswerBody) => ok([{ body }]);
const refused = (Msg: string) => answer({ status: 1, Msg });
const succeeded = (extra: Pick<GttAnswerBody, "GTTID" | "Data">) => answer({ status: 0, Msg: "Success", ...extra });

export interface GttService {
  engine: GttEngine;
  store: GttStore;
}

/** The GTT calls on a running trigger engine; answers the service (tests wait on its engine). */
export function registerGtt(app: FastifyInstance, ctx: BrokerContext, deps: GttDeps): GttService {
  const store = new GttStore(ctx.db);
  const engine = new GttEngine(ctx, deps, store);
  const secret = formTokenSecret(ctx.db);
  engine.start();
  ctx.onClose(() => engine.stop());

  /** The JWT check every GTT call makes; a refusal Msg or undefined when the token is good. */
  const jwtProblem = (req: FastifyRequest, token: unknown): string | undefined => {
    const v = verifyFormToken(secret, token, req.userId, Date.now());
    return v.ok ? undefined : FORM_TOKEN_MESSAGES[v.reason];
  };

  /** The contract and last price checks of a place or modify. */
  const marketProblem = (spec: GttSpec, payload: GttPlacePayload): string | undefined => {
    const instrument = deps.market.instrument(spec.exchange, spec.token);
    if (!instrument) return `No instrument ${spec.token} on ${spec.exchange}`;
    const quote = deps.market.quote(spec.exchange, spec.token);
    if (!quote) return `No last price for ${instrument.tradingSymbol}`;
    return checkAgainstMarket(spec, payload, instrument, quote.ltp);
  };

  /** Every window of the user reloads its GTT book after a place, modify or cancel (gttChange.ts), not only the one that sent it. */
  const told = (userId: string, gttId: string, change: GttChange) => deps.tell?.(userId, { messageKind: GTT_CHANGE_MESSAGE_KIND, gttId, change });

  route(app, formToken, async (req) => ok([{ JwtToken: signFormToken(secret, req.userId, Date.now()) }]));

  // Each call's head and body are its schema's (src/core/wire/gtt.ts), the JWTToken first.
  route(app, gttList, async (req) => {
    const problem = jwtProblem(req, req.body.body.JWTToken);
    if (problem) return refused(problem);
    const now = ctx.clock.now();
    for (const g of store.expireDue(now)) {
      engine.untrack(g);
      engine.expired(g);
    }
    // Today's ended GTTs stay listed with their status, so a trader sees what fired or lapsed; older ones leave.
    return succeeded({ Data: store.listForDay(req.userId, istInstant(istDateKey(now), 0)).map(toEntry) });
  });

  route(app, placeGtt, async (req) => {
    const problem = jwtProblem(req, req.body.body.JWTToken);
    if (problem) return refused(problem);
    const parsed = parsePlacePayload(req.body.body);
    if (!parsed.ok) return refused(parsed.Msg);
    const cannotTrade = deps.tradingRefusal(req.userId);
    if (cannotTrade) return refused(cannotTrade);
    const bad = marketProblem(parsed.value.spec, parsed.value.payload);
    if (bad) return refused(bad);
    const g = store.insert(req.userId, parsed.value.spec, ctx.clock.now());
    engine.track(g);
    told(req.userId, g.gttId, "PLACED");
    return succeeded({ GTTID: g.gttId });
  });

  route(app, modifyGtt, async (req) => {
    const problem = jwtProblem(req, req.body.body.JWTToken);
    if (problem) return refused(problem);
    const parsed = parsePlacePayload(req.body.body);
    if (!parsed.ok) return refused(parsed.Msg);
    // A modify sets up a new order to come; a cancel stays open to every account.
    const cannotTrade = deps.tradingRefusal(req.userId);
    if (cannotTrade) return refused(cannotTrade);
    const { spec, gttId } = parsed.value;
    const existing = store.activeOf(req.userId, gttId!);
    if (!existing) return refused(`No active GTT ${gttId}`);
    if (existing.spec.exchange !== spec.exchange || existing.spec.token !== spec.token) return refused("The instrument of a GTT cannot be modified");
    const bad = marketProblem(spec, parsed.value.payload);
    if (bad) return refused(bad);
    engine.untrack(existing);
    store.update(existing.gttId, spec, ctx.clock.now());
    engine.track({ ...existing, spec });
    told(req.userId, existing.gttId, "MODIFIED");
    return succeeded({ GTTID: existing.gttId });
  });

  route(app, cancelGtt, async (req) => {
    const problem = jwtProblem(req, req.body.body.JWTToken);
    if (problem) return refused(problem);
    const gttId = cancelledGttId(req.body.body);
    const existing = store.activeOf(req.userId, gttId);
    if (!existing) return refused(`No active GTT ${gttId}`);
    engine.untrack(existing);
    store.finish(existing.gttId, "CANCELLED", ctx.clock.now());
    told(req.userId, existing.gttId, "CANCELLED");
    return succeeded({ GTTID: existing.gttId });
  });

  return { engine, store };
}
