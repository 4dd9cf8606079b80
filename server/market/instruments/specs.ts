import type { Exchange } from "../../../src/core/types/exchange.js";

/** Indices: a value that ticks, no depth, not tradable. Tokens are the feed's index tokens. */
export interface IndexSpec {
  exchange: Exchange;
  token: number;
  symbol: string;
  name: string;
  level: number;
}

/**
 * Reference levels are round figures near the market of the equity price snapshot; the
 * simulator starts from them and moves.
 */
export const INDICES: readonly IndexSpec[] = [
  { exchange: "NSEEQ", token: 26000, symbol: "NIFTY", name: "NIFTY 50", level: 24650 },
  { exchange: "NSEEQ", token: 26009, symbol: "BANKNIFTY", name: "NIFTY BANK", level: 55200 },
  { exchange: "NSEEQ", token: 26037, symbol: "FINNIFTY", name: "NIFTY FIN SERVICE", level: 26300 },
  { exchange: "NSEEQ", token: 26074, symbol: "MIDCPNIFTY", name: "NIFTY MID SELECT", level: 12900 },
  { exchange: "NSEEQ", token: 26013, symbol: "NIFTYNXT50", name: "NIFTY NEXT 50", level: 67000 },
  { exchange: "NSEEQ", token: 26008, symbol: "NIFTYIT", name: "NIFTY IT", level: 36500 },
  { exchange: "NSEEQ", token: 26017, symbol: "INDIAVIX", name: "INDIA VIX", level: 13.5 },
  { exchange: "BSEEQ", token: 1, symbol: "SENSEX", name: "SENSEX", level: 81000 },
  { exchange: "BSEEQ", token: 12, symbol: "BANKEX", name: "BSE BANKEX", level: 62000 },
];

/** Index derivatives: lot, strike step, freeze quantity, weekly expiry weekday (or none), monthly weekday. */
export interface IndexDerivativeSpec {
  exchange: Exchange;
  symbol: string;
  lot: number;
  strikeStep: number;
  freezeQty: number;
  weekly: number | null;
  monthlyWeekday: number;
  strikesEachSide: number;
  vol: number;
}

const TUE = 2;
const THU = 4;

export const INDEX_DERIVATIVES: readonly IndexDerivativeSpec[] = [
  { exchange: "NSEFO", symbol: "NIFTY", lot: 75, strikeStep: 50, freezeQty: 1800, weekly: TUE, monthlyWeekday: TUE, strikesEachSide: 20, vol: 0.13 },
  { exchange: "NSEFO", symbol: "BANKNIFTY", lot: 35, strikeStep: 100, freezeQty: 900, weekly: null, monthlyWeekday: TUE, strikesEachSide: 20, vol: 0.15 },
  { exchange: "NSEFO", symbol: "FINNIFTY", lot: 65, strikeStep: 50, freezeQty: 1800, weekly: null, monthlyWeekday: TUE, strikesEachSide: 15, vol: 0.14 },
  { exchange: "NSEFO", symbol: "MIDCPNIFTY", lot: 140, strikeStep: 25, freezeQty: 2800, weekly: null, monthlyWeekday: TUE, strikesEachSide: 15, vol: 0.17 },
  { exchange: "NSEFO", symbol: "NIFTYNXT50", lot: 25, strikeStep: 100, freezeQty: 600, weekly: null, monthlyWeekday: TUE, strikesEachSide: 10, vol: 0.16 },
  { exchange: "BSEFO", symbol: "SENSEX", lot: 20, strikeStep: 100, freezeQty: 1000, weekly: THU, monthlyWeekday: THU, strikesEachSide: 20, vol: 0.13 },
  { exchange: "BSEFO", symbol: "BANKEX", lot: 30, strikeStep: 100, freezeQty: 900, weekly: null, monthlyWeekday: THU, strikesEachSide: 10, vol: 0.15 },
];

/**
 * Commodity and currency contracts. lotSize is 1 because these segments count quantity in lots
 * (trading-core section 5); multiplier is the quote units in one lot (GOLD quotes per 10 g,
 * a lot is 1 kg: 100), so value = price x quantity x lotSize x multiplier.
 */
export interface FuturesSpec {
  exchange: Exchange;
  symbol: string;
  name: string;
  unit: string;
  multiplier: number;
  tick: number;
  price: number;
  /** Expiry rule: day of month (31 = last) and contract months, or "currency" for the currency calendar. */
  expiry: { day: number; months: readonly number[] | "all" } | "currency";
  futures: number;
  /** Options on the near future: strike step and count each side; null for none. */
  options: { step: number; eachSide: number; tick: number } | null;
  freezeQty: number;
  vol: number;
  circuitPercent: number;
}

const EVEN = [2, 4, 6, 8, 10, 12];

export const COMMODITIES: readonly FuturesSpec[] = [
  { exchange: "MCXCOMM", symbol: "GOLD", name: "Gold", unit: "10 GRMS", multiplier: 100, tick: 1, price: 118000, expiry: { day: 5, months: EVEN }, futures: 3, options: { step: 100, eachSide: 10, tick: 0.5 }, freezeQty: 10, vol: 0.14, circuitPercent: 6 },
  { exchange: "MCXCOMM", symbol: "GOLDM", name: "Gold Mini", unit: "10 GRMS", multiplier: 10, tick: 1, price: 118000, expiry: { day: 5, months: "all" }, futures: 3, options: null, freezeQty: 50, vol: 0.14, circuitPercent: 6 },
  { exchange: "MCXCOMM", symbol: "SILVER", name: "Silver", unit: "1 KGS", multiplier: 30, tick: 1, price: 142000, expiry: { day: 5, months: [3, 5, 7, 9, 12] }, futures: 3, options: { step: 250, eachSide: 10, tick: 0.5 }, freezeQty: 10, vol: 0.22, circuitPercent: 6 },
  { exchange: "MCXCOMM", symbol: "SILVERM", name: "Silver Mini", unit: "1 KGS", multiplier: 5, tick: 1, price: 142000, expiry: { day: 31, months: [2, 4, 6, 8, 11] }, futures: 3, options: null, freezeQty: 50, vol: 0.22, circuitPercent: 6 },
  { exchange: "MCXCOMM", symbol: "CRUDEOIL", name: "Crude Oil", unit: "1 BBL", multiplier: 100, tick: 1, price: 5600, expiry: { day: 19, months: "all" }, futures: 3, options: { step: 50, eachSide: 10, tick: 0.1 }, freezeQty: 100, vol: 0.35, circuitPercent: 4 },
  { exchange: "MCXCOMM", symbol: "CRUDEOILM", name: "Crude Oil Mini", unit: "1 BBL", multiplier: 10, tick: 1, price: 5600, expiry: { day: 19, months: "all" }, futures: 3, options: null, freezeQty: 500, vol: 0.35, circuitPercent: 4 },
  { exchange: "MCXCOMM", symbol: "NATURALGAS", name: "Natural Gas", unit: "1 MMBTU", multiplier: 1250, tick: 0.1, price: 310, expiry: { day: 26, months: "all" }, futures: 3, options: { step: 5, eachSide: 10, tick: 0.05 }, freezeQty: 100, vol: 0.55, circuitPercent: 6 },
  { exchange: "MCXCOMM", symbol: "NATGASMINI", name: "Natural Gas Mini", unit: "1 MMBTU", multiplier: 250, tick: 0.1, price: 310, expiry: { day: 26, months: "all" }, futures: 3, options: null, freezeQty: 500, vol: 0.55, circuitPercent: 6 },
  { exchange: "MCXCOMM", symbol: "COPPER", name: "Copper", unit: "1 KGS", multiplier: 2500, tick: 0.05, price: 905, expiry: { day: 31, months: "all" }, futures: 3, options: { step: 5, eachSide: 8, tick: 0.05 }, freezeQty: 50, vol: 0.2, circuitPercent: 4 },
  { exchange: "MCXCOMM", symbol: "ZINC", name: "Zinc", unit: "1 KGS", multiplier: 5000, tick: 0.05, price: 268, expiry: { day: 31, months: "all" }, futures: 3, options: null, freezeQty: 50, vol: 0.2, circuitPercent: 4 },
  { exchange: "MCXCOMM", symbol: "ALUMINIUM", name: "Aluminium", unit: "1 KGS", multiplier: 5000, tick: 0.05, price: 246, expiry: { day: 31, months: "all" }, futures: 3, options: null, freezeQty: 50, vol: 0.18, circuitPercent: 4 },
  { exchange: "MCXCOMM", symbol: "LEAD", name: "Lead", unit: "1 KGS", multiplier: 5000, tick: 0.05, price: 186, expiry: { day: 31, months: "all" }, futures: 3, options: null, freezeQty: 50, vol: 0.16, circuitPercent: 4 },
  { exchange: "MCXCOMM", symbol: "NICKEL", name: "Nickel", unit: "1 KGS", multiplier: 1500, tick: 0.1, price: 1400, expiry: { day: 31, months: "all" }, futures: 2, options: null, freezeQty: 50, vol: 0.25, circuitPercent: 4 },
  { exchange: "MCXCOMM", symbol: "MENTHAOIL", name: "Mentha Oil", unit: "1 KGS", multiplier: 360, tick: 0.1, price: 960, expiry: { day: 31, months: "all" }, futures: 2, options: null, freezeQty: 50, vol: 0.25, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "DHANIYA", name: "Coriander", unit: "1 QTL", multiplier: 50, tick: 2, price: 7400, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.2, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "JEERAUNJHA", name: "Jeera (Cumin Seed)", unit: "1 QTL", multiplier: 30, tick: 5, price: 21500, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.22, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "GUARSEED10", name: "Guar Seed", unit: "1 QTL", multiplier: 50, tick: 1, price: 5300, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.22, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "GUARGUM5", name: "Guar Gum", unit: "1 QTL", multiplier: 50, tick: 1, price: 10200, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.24, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "CASTOR", name: "Castor Seed", unit: "1 QTL", multiplier: 50, tick: 1, price: 6300, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.15, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "TMCFGRNZM", name: "Turmeric", unit: "1 QTL", multiplier: 50, tick: 2, price: 14000, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.28, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "COCUDAKL", name: "Cotton Seed Oilcake", unit: "1 QTL", multiplier: 100, tick: 1, price: 2800, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.2, circuitPercent: 4 },
  { exchange: "NCDEXCOMM", symbol: "SYBEANIDR", name: "Soybean", unit: "1 QTL", multiplier: 100, tick: 1, price: 4500, expiry: { day: 20, months: "all" }, futures: 3, options: null, freezeQty: 200, vol: 0.15, circuitPercent: 4 },
  { exchange: "NSECOMM", symbol: "CRUDEOIL", name: "Crude Oil", unit: "1 BBL", multiplier: 100, tick: 1, price: 5600, expiry: { day: 19, months: "all" }, futures: 2, options: null, freezeQty: 100, vol: 0.35, circuitPercent: 4 },
  { exchange: "NSECOMM", symbol: "NATURALGAS", name: "Natural Gas", unit: "1 MMBTU", multiplier: 1250, tick: 0.1, price: 310, expiry: { day: 26, months: "all" }, futures: 2, options: null, freezeQty: 100, vol: 0.55, circuitPercent: 6 },
  { exchange: "NSECOMM", symbol: "GOLDM", name: "Gold Mini", unit: "10 GRMS", multiplier: 10, tick: 1, price: 118000, expiry: { day: 5, months: "all" }, futures: 2, options: null, freezeQty: 50, vol: 0.14, circuitPercent: 6 },
  { exchange: "BSECOMM", symbol: "GOLD", name: "Gold", unit: "10 GRMS", multiplier: 100, tick: 1, price: 118000, expiry: { day: 5, months: EVEN }, futures: 2, options: null, freezeQty: 10, vol: 0.14, circuitPercent: 6 },
  { exchange: "BSECOMM", symbol: "SILVER", name: "Silver", unit: "1 KGS", multiplier: 30, tick: 1, price: 142000, expiry: { day: 5, months: [3, 5, 7, 9, 12] }, futures: 2, options: null, freezeQty: 10, vol: 0.22, circuitPercent: 6 },
  { exchange: "BSECOMM", symbol: "CRUDEOIL", name: "Crude Oil", unit: "1 BBL", multiplier: 100, tick: 1, price: 5600, expiry: { day: 19, months: "all" }, futures: 2, options: null, freezeQty: 100, vol: 0.35, circuitPercent: 4 },
];

/** Currency pairs: 4 price decimals, tick 0.0025, lot 1000 units of the base currency (JPY: 100000, quoted per 100). */
const CURRENCY_PAIRS: ReadonlyArray<[string, string, number]> = [
  ["USDINR", "US Dollar - Indian Rupee", 88.5],
  ["EURINR", "Euro - Indian Rupee", 100.5],
  ["GBPINR", "Pound Sterling - Indian Rupee", 116],
  ["JPYINR", "Japanese Yen (100) - Indian Rupee", 58.5],
];

export const CURRENCIES: readonly FuturesSpec[] = (["NSECURR", "BSECURR"] as const).flatMap((exchange) =>
  CURRENCY_PAIRS.map(([symbol, name, price]) => ({
    exchange,
    symbol,
    name,
    unit: symbol === "JPYINR" ? "100 JPY" : "1 " + symbol.slice(0, 3),
    multiplier: 1000,
    tick: 0.0025,
    price,
    expiry: "currency" as const,
    futures: 3,
    options: { step: 0.25, eachSide: 8, tick: 0.0025 },
    freezeQty: 10000,
    vol: 0.05,
    circuitPercent: 3,
  })),
);
