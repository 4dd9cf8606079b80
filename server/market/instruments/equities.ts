import type { Instrument, Surveillance } from "../types.js";
import { NIFTY500 } from "./data/nifty500.js";
import { FO_LOTS, parsePairs, REFERENCE_PRICES } from "./data/reference-prices.js";
import { roundToTick } from "../../../src/core/rules/tick.js";
import { equityTickSize } from "./ticks.js";
import { fnv1a } from "./tokens.js";

export interface EquityRow {
  symbol: string;
  isin: string;
  companyName: string;
  price: number;
  /** Row position in the NIFTY 500 table: the basis of stable tokens. */
  row: number;
}

export const NIFTY_50 = new Set(
  "ADANIENT ADANIPORTS APOLLOHOSP ASIANPAINT AXISBANK BAJAJ-AUTO BAJFINANCE BAJAJFINSV BEL BHARTIARTL CIPLA COALINDIA DRREDDY EICHERMOT ETERNAL GRASIM HCLTECH HDFCBANK HDFCLIFE HEROMOTOCO HINDALCO HINDUNILVR ICICIBANK INDUSINDBK INFY ITC JIOFIN JSWSTEEL KOTAKBANK LT M&M MARUTI NESTLEIND NTPC ONGC POWERGRID RELIANCE SBILIFE SBIN SHRIRAMFIN SUNPHARMA TATACONSUM TATAMOTORS TATASTEEL TCS TECHM TITAN TRENT ULTRACEMCO WIPRO".split(" "),
);

/** SENSEX constituents with their BSE scrip codes (the BSE token of these shares). */
export const SENSEX_CODES: ReadonlyMap<string, number> = parsePairs(`
RELIANCE 500325 HDFCBANK 500180 ICICIBANK 532174 INFY 500209 TCS 532540 BHARTIARTL 532454 LT 500510 ITC 500875 SBIN 500112
AXISBANK 532215 KOTAKBANK 500247 HINDUNILVR 500696 BAJFINANCE 500034 M&M 500520 SUNPHARMA 524715 TITAN 500114 MARUTI 532500
NTPC 532555 POWERGRID 532898 ULTRACEMCO 532538 TATAMOTORS 500570 ASIANPAINT 500820 HCLTECH 532281 TECHM 532755
BAJAJFINSV 532978 ADANIPORTS 532921 TATASTEEL 500470 ETERNAL 543320 TRENT 500251 BEL 500049
`);

/**
 * Surveillance stages the paper broker puts on a few shares so the ASM/GSM confirmation of the
 * order window can be exercised. These are simulation flags, not the exchanges' current lists.
 */
export const SURVEILLANCE: ReadonlyMap<string, Surveillance> = new Map([
  ["RTNINDIA", "ASM-ST1"],
  ["JPPOWER", "ASM-LT1"],
  ["RPOWER", "ASM-ST2"],
  ["TTML", "GSM-1"],
  ["IFCI", "ASM-LT2"],
  ["OLAELEC", "GSM-2"],
]);

const PRICES = parsePairs(REFERENCE_PRICES);
export const LOTS = parsePairs(FO_LOTS);

/** The NIFTY 500 rows that have a reference price, in table order. */
export function equityRows(): EquityRow[] {
  const rows: EquityRow[] = [];
  NIFTY500.split("\n").forEach((line, i) => {
    const [symbol, isin, companyName] = line.split("|");
    if (!symbol || !isin || !companyName) return;
    const price = PRICES.get(symbol);
    if (price === undefined || !(price > 0)) return;
    rows.push({ symbol, isin, companyName, price, row: i });
  });
  return rows;
}

/**
 * BNPL leverage in percent of value the client pays (the rest is funded): NIFTY 50 shares 25,
 * other F&O shares 50, the rest none (0). Trading-core section 4 shows BNPL only for NSEEQ with
 * leverage not 0 or 100.
 */
export function bnplLeverage(symbol: string): number {
  if (NIFTY_50.has(symbol)) return 25;
  if (LOTS.has(symbol)) return 50;
  return 0;
}

/** Daily price band: F&O shares 20 (their dynamic band, simplified), surveillance 5, others 20/10/5 by a stable hash. */
export function circuitPercent(symbol: string): number {
  if (SURVEILLANCE.has(symbol)) return 5;
  if (LOTS.has(symbol)) return 20;
  const h = fnv1a(symbol) % 10;
  return h < 6 ? 20 : h < 9 ? 10 : 5;
}

export function cashEquities(): Instrument[] {
  const out: Instrument[] = [];
  const rows = equityRows();
  for (const r of rows) {
    const common = {
      symbol: r.symbol,
      companyName: r.companyName,
      insType: "EQ" as const,
      isin: r.isin,
      lotSize: 1,
      tickSize: equityTickSize(r.price),
      multiplier: 1,
      freezeQty: 0,
      surveillance: SURVEILLANCE.get(r.symbol) ?? null,
      expiry: "",
      strikePrice: 0,
      optionType: null,
      underlying: null,
      circuitPercent: circuitPercent(r.symbol),
      referencePrice: roundToTick(r.price, equityTickSize(r.price)),
      isIndex: false,
    };
    out.push({ ...common, exchange: "NSEEQ", token: 1001 + r.row, tradingSymbol: `${r.symbol}-EQ`, formattedInsName: `${r.symbol} EQ`, productLeverage: bnplLeverage(r.symbol) });
    // BSE shares the ISIN and price; its token is the real scrip code where we carry it.
    out.push({ ...common, exchange: "BSEEQ", token: SENSEX_CODES.get(r.symbol) ?? 900_001 + r.row, tradingSymbol: r.symbol, formattedInsName: `${r.symbol} EQ`, productLeverage: 0 });
  }
  return out;
}
