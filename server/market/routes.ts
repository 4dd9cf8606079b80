import type { FastifyInstance } from "fastify";
import { isExchange, priceDecimals, type Exchange } from "../../src/core/types/exchange.js";
import { MIN_SEARCH_LENGTH } from "../../src/core/search/instrumentIndex.js";
import { ECMW } from "../../src/core/watchlist/ecmw.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { NIFTY_50, SENSEX_CODES } from "./instruments/equities.js";
import { COMMODITIES, CURRENCIES } from "./instruments/specs.js";
import { searchIndexOf } from "./instruments/searchIndex.js";
import type { Instrument, Market } from "./types.js";
import { recordRecentlyViewed } from "../watchlist/store.js";
import { numberIn } from "../http/read.js";

/**
 * Contract info carries the user's deliveryQty and bnplQty of a share (trading-core section 3):
 * the portfolio answers them, by the share's ISIN.
 */
export type HoldingQuantities = (userId: string, inst: Instrument) => { deliveryQty: number; bnplQty: number };

const SURVEILLANCE_PROMPT = "This scrip is under the exchange's surveillance measures (ASM/GSM). Please read the measures before you trade.";

/** The unit a commodity or currency contract is quoted in ("10 GRMS" for GOLD), by exchange and symbol; "" for others. */
const QUOTATION_UNITS = new Map([...COMMODITIES, ...CURRENCIES].map((s) => [`${s.exchange}:${s.symbol}`, s.unit]));

/** The contract-info fields of trading-core section 3 for one instrument, as seen by one user. */
export function contractInfo(market: Market, inst: Instrument, held: { deliveryQty: number; bnplQty: number }) {
  const q = market.quote(inst.exchange, inst.token);
  return {
    exchange: inst.exchange,
    token: inst.token,
    instrumentId: inst.token,
    tradingSymbol: inst.tradingSymbol,
    lotSize: inst.lotSize,
    tickSize: inst.tickSize,
    multiplier: inst.multiplier,
    // Tape's addition for the commodity info dialog: the price is per this unit; a lot is multiplier of them.
    quotationUnit: QUOTATION_UNITS.get(`${inst.exchange}:${inst.symbol}`) ?? "",
    priceDecimals: priceDecimals(inst.exchange),
    symbol: inst.symbol,
    formattedInsName: inst.formattedInsName,
    pdc: q?.pClose ?? inst.referencePrice,
    insType: inst.insType,
    expiry: inst.expiry,
    strikePrice: inst.strikePrice,
    optionType: inst.optionType ?? "",
    prompt: inst.surveillance ? SURVEILLANCE_PROMPT : "",
    deliveryQty: held.deliveryQty,
    bnplQty: held.bnplQty,
    isin: inst.isin,
    freezeQty: inst.freezeQty,
    qtyLimit: inst.freezeQty,
    productLeverage: inst.productLeverage,
    badge: inst.surveillance ? inst.surveillance.split("-")[0] : "",
    surveillance: inst.surveillance ?? "",
    // Orders above the freeze quantity can be sliced into several on the exchange's limit.
    sliceEnable: inst.freezeQty > 0,
    screeners: [NIFTY_50.has(inst.symbol) ? "NIFTY 50" : "", SENSEX_CODES.has(inst.symbol) ? "SENSEX" : ""].filter((s) => s !== ""),
    companyName: inst.companyName,
    upperCircuit: q?.upperCircuit ?? 0,
    lowerCircuit: q?.lowerCircuit ?? 0,
    weekHigh: q?.weekHigh ?? 0,
    weekLow: q?.weekLow ?? 0,
    ltp: q?.ltp ?? inst.referencePrice,
    isIndex: inst.isIndex,
  };
}

function readScrip(body: unknown): { exchange: Exchange; token: number } | null {
  if (typeof body !== "object" || body === null) return null;
  const b = body as Record<string, unknown>;
  const exchange = b.exchange ?? b.Exch;
  const token = numberIn(b.token ?? b.instrumentId ?? b.scripCode);
  if (!isExchange(exchange) || !Number.isInteger(token)) return null;
  return { exchange, token };
}

/** POST /core/v2/security/info and POST /core/search (DESIGN.md section 4: search lives under /core). */
export function registerMarketRoutes(app: FastifyInstance, ctx: BrokerContext, market: Market, holdingQuantities: HoldingQuantities): void {
  // The search index is made (read from the data folder, or built) while the broker gets ready,
  // before it listens: a trader's first keystroke must not pay for it.
  app.addHook("onReady", async () => {
    searchIndexOf(market.instruments(), ctx.config.dataDir);
  });
  app.post("/core/v2/security/info", async (req) => {
    const scrip = readScrip(req.body);
    if (!scrip) return fail("EC400", "Invalid scrip: give exchange and token");
    const inst = market.instrument(scrip.exchange, scrip.token);
    if (!inst) return fail("EC400", `Invalid scrip: no instrument ${scrip.exchange} ${scrip.token}`);
    // Looking a contract up is viewing it: it goes to the user's recently viewed list.
    recordRecentlyViewed(ctx.db, req.userId, scrip, ctx.clock.now());
    return ok([contractInfo(market, inst, holdingQuantities(req.userId, inst))]);
  });

  app.post("/core/search", async (req) => {
    const b = (typeof req.body === "object" && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const searchText = typeof b.searchText === "string" ? b.searchText : "";
    if (searchText.trim().length < MIN_SEARCH_LENGTH) return fail(ECMW.minSearchLength.code, ECMW.minSearchLength.message);
    const list = Array.isArray(b.exchange) ? b.exchange : typeof b.exchange === "string" ? [b.exchange] : [];
    const exchanges = list.filter(isExchange);
    const pageSize = Math.min(100, Math.max(1, Number.isInteger(b.pageSize) ? (b.pageSize as number) : 20));
    const currentPage = Math.max(1, Number.isInteger(b.currentPage) ? (b.currentPage as number) : 1);
    const { total, items } = searchIndexOf(market.instruments(), ctx.config.dataDir).search(searchText, { exchanges, offset: (currentPage - 1) * pageSize, limit: pageSize });
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
