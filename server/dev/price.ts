import type { FastifyInstance } from "fastify";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { isExchange } from "../../src/core/types/exchange.js";

/**
 * Paper mode only: POST /dev/price { exchange, token, price } forces an instrument's last price
 * through market.setPrice (rounded to tick, clamped to the circuits), so that an e2e test can
 * cross a GTT trigger or fill a limit order on demand.
 */
export function registerDevPrice(app: FastifyInstance, market: Market): void {
  app.post<{ Body: { exchange?: unknown; token?: unknown; price?: unknown } }>("/dev/price", async (req) => {
    const { exchange, token, price } = req.body ?? {};
    if (!isExchange(exchange) || typeof token !== "number" || typeof price !== "number") return fail("EC900", "exchange, token (number) and price (number) are required");
    const q = market.setPrice(exchange, token, price);
    if (!q) return fail("EC902", `No instrument ${token} on ${exchange}`);
    return ok([{ exchange, token, ltp: q.ltp }]);
  });
}
