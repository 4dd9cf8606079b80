import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/core/errors.js";
import { STRATEGIES_MAX, strategyNameProblem } from "../../src/core/strategy/saved.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import { deleteStrategy as deleteCall, listStrategies, saveStrategy as saveCall, type NewStrategyLeg, type SavedStrategy } from "../../src/core/wire/strategies.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import type { Market } from "../market/types.js";
import { countStrategies, deleteStrategy, saveStrategy, strategyNamed, userStrategies, type StoredLeg } from "./store.js";

/**
 * Saved strategies of the options desk (issue 31), per user, like baskets:
 *   POST /core/v2/strategies         -> the user's strategies by name, each with its legs
 *   POST /core/v2/strategies/save    { name, underlying, legs: [{ exchange, token, side, lots, entry }] } -> the list
 *   POST /core/v2/strategies/delete  { name } -> the list; EC966 when the user has none of that name
 * A leg is answered with its contract's naming fields from the master, so a reopened strategy can
 * be priced afresh. A refusal changes nothing.
 */

const refuse = (code: ErrorCode) => fail(code, ERROR_CATALOGUE[code]);

function readLeg(l: NewStrategyLeg, market: Market): StoredLeg | ErrorCode {
  const inst = market.instrument(l.exchange, Number(l.token));
  // An index cannot be traded, so it cannot be a leg.
  if (!inst || inst.isIndex) return "EC902";
  return { exchange: inst.exchange, token: inst.token, side: l.side, lots: Number(l.lots), entry: Number(l.entry) };
}

export function registerStrategies(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const { db } = ctx;
  const list = (userId: string): SavedStrategy[] =>
    userStrategies(db, userId).map((s) => ({
      ...s,
      legs: s.legs.map((l) => {
        const inst = market.instrument(l.exchange as Exchange, l.token);
        return {
          exchange: l.exchange as Exchange,
          token: l.token,
          tradingSymbol: inst?.tradingSymbol ?? String(l.token),
          optionType: inst?.optionType ?? "",
          strike: inst?.strikePrice ?? 0,
          expiry: inst?.expiry ?? "",
          lotSize: inst?.lotSize ?? 1,
          side: l.side,
          lots: l.lots,
          entry: l.entry,
        };
      }),
    }));

  route(app, listStrategies, async (req) => ok(list(req.userId)));

  route(app, saveCall, async (req) => {
    const b = req.body;
    const name = b.name.trim();
    const problem = strategyNameProblem(name);
    if (problem) return refuse(problem);
    const legs: StoredLeg[] = [];
    for (const l of b.legs) {
      const leg = readLeg(l, market);
      if (typeof leg === "string") return refuse(leg);
      legs.push(leg);
    }
    // Replacing a strategy of the same name is not one more.
    if (strategyNamed(db, req.userId, name) === undefined && countStrategies(db, req.userId) >= STRATEGIES_MAX) return refuse("EC968");
    saveStrategy(db, req.userId, { name, underlying: b.underlying.trim().toUpperCase(), legs }, ctx.clock.now());
    return ok(list(req.userId));
  });

  route(app, deleteCall, async (req) => (deleteStrategy(db, req.userId, req.body.name) ? ok(list(req.userId)) : refuse("EC966")));
}
