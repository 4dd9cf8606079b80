import type { FastifyInstance } from "fastify";
import { istDateKey } from "../../src/core/time.js";
import { contractChain } from "../../src/core/wire/market.js";
import { route } from "../http/wire.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "./types.js";

/**
 * POST /core/v2/contractChain `{ symbol, exchange? }` (Tape's, issue 19): the unexpired futures and
 * options of an underlying and its live spot, for the command line's contract words (`buy NIFTY
 * ATM CE 75`). Without an exchange, the first derivatives exchange listing the symbol.
 * Answers `[{ symbol, exchange, spot, today, contracts: [{token, tradingSymbol, expiry, strikePrice, optionType, insType, lotSize}] }]`.
 */
export function registerContractChain(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  route(app, contractChain, async (req) => {
    const symbol = req.body.symbol.trim().toUpperCase();
    const today = istDateKey(ctx.clock.now());
    const wanted = req.body.exchange;
    const derivatives = market.instruments().filter((i) => i.symbol === symbol && i.expiry !== "" && i.expiry >= today && !i.isIndex && (wanted === undefined || i.exchange === wanted));
    const exchange = derivatives[0]?.exchange;
    if (!exchange) return fail("EC902", `No unexpired contracts of ${symbol}`);
    const contracts = derivatives.filter((i) => i.exchange === exchange);
    const u = contracts.find((i) => i.underlying)?.underlying;
    const underlying = u ? market.instrument(u.exchange, u.token) : undefined;
    const spot = u ? (market.quote(u.exchange, u.token)?.ltp ?? underlying?.referencePrice ?? 0) : 0;
    return ok([
      {
        symbol,
        exchange,
        spot,
        today,
        contracts: contracts.map((i) => ({ token: String(i.token), tradingSymbol: i.tradingSymbol, expiry: i.expiry, strikePrice: i.strikePrice, optionType: i.optionType ?? "", insType: i.insType, lotSize: i.lotSize })),
      },
    ]);
  });
}
