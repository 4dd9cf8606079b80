import type { FastifyInstance } from "fastify";
import { isExchange } from "../../src/core/types/exchange.js";
import { MIN_SEARCH_LENGTH } from "../../src/core/search/instrumentIndex.js";
import { ECMW } from "../../src/core/watchlist/ecmw.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { searchIndexOf } from "./instruments/searchIndex.js";
import type { Instrument, Market } from "./types.js";
import { recordRecentlyViewed } from "../watchlist/store.js";
import { route } from "../http/wire.js";
import { search, securityInfo } from "../../src/core/wire/market.js";
import { contractInfo, type HeldQuantities } from "./contractInfo.js";

/**
 * Contract info carries the user's deliveryQty and bnplQty of a share (trading-core section 3):
 * the portfolio answers them, by the share's ISIN.
 */
export type HoldingQuantities = (userId: string, inst: Instrument) => HeldQuantities;

/** POST /core/v2/security/info and POST /core/search (DESIGN.md section 4: search lives under /core). */
export function registerMarketRoutes(app: FastifyInstance, ctx: BrokerContext, market: Market, holdingQuantities: HoldingQuantities): void {
  // The search index is made (read from the data folder, or built) while the broker gets ready,
  // before it listens: a trader's first keystroke must not pay for it.
  app.addHook("onReady", async () => {
    searchIndexOf(market.instruments(), ctx.config.dataDir);
  });
  route(app, securityInfo, async (req) => {
    const b = req.body;
    const exchange = b.exchange ?? b.Exch;
    const token = b.token ?? b.instrumentId ?? b.scripCode;
    if (exchange === undefined || token === undefined) return fail("EC400", "Invalid scrip: give exchange and token");
    const scrip = { exchange, token: Number(token) };
    const inst = market.instrument(scrip.exchange, scrip.token);
    if (!inst) return fail("EC400", `Invalid scrip: no instrument ${scrip.exchange} ${scrip.token}`);
    // Looking a contract up is viewing it: it goes to the user's recently viewed list.
    recordRecentlyViewed(ctx.db, req.userId, scrip, ctx.clock.now());
    return ok([contractInfo(inst, market.quote(inst.exchange, inst.token), holdingQuantities(req.userId, inst))]);
  });

  route(app, search, async (req) => {
    const b = req.body;
    if (b.searchText.trim().length < MIN_SEARCH_LENGTH) return fail(ECMW.minSearchLength.code, ECMW.minSearchLength.message);
    const list = Array.isArray(b.exchange) ? b.exchange : typeof b.exchange === "string" ? [b.exchange] : [];
    const exchanges = list.filter(isExchange);
    const pageSize = Math.min(100, Math.max(1, b.pageSize ?? 20));
    const currentPage = Math.max(1, b.currentPage ?? 1);
    const { total, items } = searchIndexOf(market.instruments(), ctx.config.dataDir).search(b.searchText, { exchanges, offset: (currentPage - 1) * pageSize, limit: pageSize });
    return ok(
      items.map((s) => {
        const inst = market.instrument(s.exchange, s.token) as Instrument;
        return {
          exchange: s.exchange,
          token: s.token,
          tradingSymbol: s.tradingSymbol,
          symbol: s.symbol,
          formattedInsName: s.formattedInsName,
          companyName: s.companyName,
          insType: s.insType,
          expiry: s.expiry,
          strikePrice: s.strikePrice,
          optionType: s.optionType ?? "",
          lotSize: s.lotSize,
          tickSize: s.tickSize,
          pdc: inst.referencePrice,
          isin: inst.isin,
          totalCount: total,
        };
      }),
    );
  });
}
