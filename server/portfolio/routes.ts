import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { fail, ok } from "../envelope.js";
import type { Profile } from "../../src/core/types/contract.js";
import { jsonScope } from "../orders/jsonScope.js";
import type { Portfolio } from "./portfolio.js";

/** Most paper mode will credit in one add-funds call: 10 crore, so a typo cannot make a balance absurd. */
const MAX_ADD_FUNDS = 100_000_000;

/**
 * The portfolio calls of trading-core section 7 under /core:
 *   POST /core/v2/positions   positions priced with the live quote, open before closed; EC920 when none
 *   PUT  /core/v2/positions   convert: { exchange, instrumentId, transactionType, quantity, oldProduct, newProduct }
 *   POST /core/v2/holdings    holdings (delivery and BNPL rows apart; the client merges); EC922 when none
 *   POST /core/limits         funds limits by segment: CASH, FO, OVERALL
 *   POST /core/v2/funds/add   paper mode's add funds: { amount } in rupees into the client's one cash pool; answers the limits
 */
export function registerPortfolio(app: FastifyInstance, portfolio: Portfolio, profileOf: (userId: string) => Profile | undefined): void {
  void app.register(async (scope) => {
    jsonScope(scope);

    scope.post("/core/v2/positions", async (req) => {
      const rows = portfolio.positions(req.userId);
      return rows.length > 0 ? ok(rows) : fail("EC920", ERROR_CATALOGUE.EC920);
    });

    scope.put("/core/v2/positions", async (req) => {
      const profile = profileOf(req.userId);
      if (profile && profile.accountStatus !== "ACTIVE") {
        const code = profile.accountStatus === "DORMANT" ? "EC803" : profile.accountStatus === "VOLUNTARY_FREEZE" ? "EC805" : "EC804";
        return fail(code, ERROR_CATALOGUE[code]);
      }
      const r = portfolio.convert(req.userId, req.body);
      return r.ok ? ok([]) : fail(r.code, r.message);
    });

    scope.post("/core/v2/holdings", async (req) => {
      const rows = portfolio.holdings(req.userId);
      return rows.length > 0 ? ok(rows) : fail("EC922", ERROR_CATALOGUE.EC922);
    });

    scope.post("/core/limits", async (req) => ok(portfolio.limits(req.userId)));

    scope.post("/core/v2/funds/add", async (req) => {
      const b = (typeof req.body === "object" && req.body !== null ? req.body : {}) as Record<string, unknown>;
      const amount = typeof b.amount === "number" ? b.amount : typeof b.amount === "string" && /^\d+(\.\d{1,2})?$/.test(b.amount) ? Number(b.amount) : NaN;
      if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_ADD_FUNDS || Math.round(amount * 100) !== amount * 100) {
        return fail("EC953", `${ERROR_CATALOGUE.EC953} (at most ${MAX_ADD_FUNDS}, two decimals)`);
      }
      portfolio.addFunds(req.userId, amount);
      return ok(portfolio.limits(req.userId));
    });
  });
}
