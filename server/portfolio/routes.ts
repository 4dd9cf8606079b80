import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { fail, ok } from "../envelope.js";
import type { Profile } from "../../src/core/types/contract.js";
import { jsonScope } from "../orders/jsonScope.js";
import { route } from "../http/wire.js";
import { addFunds, convertPosition, holdings as holdingsCall, limits, MAX_ADD_FUNDS, positions as positionsCall } from "../../src/core/wire/portfolio.js";
import type { Portfolio } from "./portfolio.js";

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

    route(scope, positionsCall, async (req) => {
      const rows = portfolio.positions(req.userId);
      return rows.length > 0 ? ok(rows) : fail("EC920", ERROR_CATALOGUE.EC920);
    });

    route(scope, convertPosition, async (req) => {
      const r = portfolio.convert(req.userId, req.body);
      return r.ok ? ok([]) : fail(r.code, r.message);
    }, {
      // A dormant, frozen or voluntary-freeze account cannot convert: said before its request is read.
      preValidation: async (req, reply) => {
        const profile = profileOf(req.userId);
        if (profile && profile.accountStatus !== "ACTIVE") {
          const code = profile.accountStatus === "DORMANT" ? "EC803" : profile.accountStatus === "VOLUNTARY_FREEZE" ? "EC805" : "EC804";
          return reply.send(fail(code, ERROR_CATALOGUE[code]));
        }
      },
    });

    route(scope, holdingsCall, async (req) => {
      const rows = portfolio.holdings(req.userId);
      return rows.length > 0 ? ok(rows) : fail("EC922", ERROR_CATALOGUE.EC922);
    });

    route(scope, limits, async (req) => ok(portfolio.limits(req.userId)));

    route(scope, addFunds, async (req) => {
      const amount = Number(req.body.amount);
      // Two decimals at most: a number the schema cannot judge exactly (0.1 + 0.2 is not 0.3 in binary).
      if (amount > MAX_ADD_FUNDS || Math.round(amount * 100) !== amount * 100) {
        return fail("EC953", `${ERROR_CATALOGUE.EC953} (at most ${MAX_ADD_FUNDS}, two decimals)`);
      }
      portfolio.addFunds(req.userId, amount);
      return ok(portfolio.limits(req.userId));
    });
  });
}
