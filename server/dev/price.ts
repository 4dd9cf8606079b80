import type { FastifyInstance } from "fastify";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { devPrice } from "../../src/core/wire/dev.js";
import { route } from "../http/wire.js";

/**
 * Paper mode only: POST /dev/price { exchange, token, price } forces an instrument's last price
 * through market.setPrice (rounded to tick, clamped to the circuits), so that an e2e test can
 * cross a GTT trigger or fill a limit order on demand.
 */
export function registerDevPrice(app: FastifyInstance, market: Market): void {
  route(app, devPrice, async (req) => {
    const { exchange, token, price } = req.body;
    const q = market.setPrice(exchange, token, price);
    if (!q) return fail("EC902", `No instrument ${token} on ${exchange}`);
    return ok([{ exchange, token, ltp: q.ltp }]);
  });
}
