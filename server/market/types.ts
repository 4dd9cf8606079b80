import type { OiMinute } from "../../src/core/strategy/oiWindows.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { MarketHours } from "../../src/core/marketHours.js";
import type { Bar } from "../../src/core/types/bar.js";

/**
 * The market's in-process API: what the matching engine, the GTT trigger engine, positions,
 * watchlists and the feed use. Prices here are rupees as numbers already on the tick grid
 * (never the feed's integers); quantities are units (shares, or contract units for F&O).
 */

export type { Exchange };

/** Instrument types as the contract-info field insType shows them. */
export type InsType =
  | "EQ" // equity share
  | "INDEX" // index value, not tradable
  | "FUTIDX"
  | "FUTSTK"
  | "OPTIDX"
  | "OPTSTK"
  | "FUTCUR"
  | "OPTCUR"
  | "FUTCOM"
  | "OPTFUT"; // commodity option on a future

export type OptionType = "CE" | "PE";

/** ASM/GSM surveillance stages shown on contract info (trading-core section 3, "surveillance"). */
export type Surveillance = "ASM-ST1" | "ASM-ST2" | "ASM-LT1" | "ASM-LT2" | "GSM-1" | "GSM-2";

export interface Instrument {
  exchange: Exchange;
  token: number;
  /** The exchange's symbol of this contract, e.g. "NIFTY25JAN21000CE", "INFY-EQ", "GOLD25FEBFUT". */
  tradingSymbol: string;
  /** The underlying's symbol, e.g. "NIFTY", "INFY", "GOLD". */
  symbol: string;
  /** The contract description a user reads, e.g. "NIFTY 30 JAN 2025 21000 CE". */
  formattedInsName: string;
  companyName: string;
  insType: InsType;
  isin: string;
  lotSize: number;
  tickSize: number;
  /** Price multiplier for commodity/currency P&L (1 for equity and equity F&O). */
  multiplier: number;
  /** "qtyLimit": the exchange's maximum quantity per order; 0 when the exchange has none. */
  freezeQty: number;
  /** BNPL leverage in percent; 0 or 100 means no BNPL (trading-core section 4). */
  productLeverage: number;
  surveillance: Surveillance | null;
  /** ISO date (YYYY-MM-DD) of expiry for derivatives, "" otherwise. */
  expiry: string;
  /** Strike for options, 0 otherwise. */
  strikePrice: number;
  optionType: OptionType | null;
  /** For derivatives: the instrument whose price this one follows. */
  underlying: { exchange: Exchange; token: number } | null;
  /** Daily price band in percent either side of the previous close (0: no band, e.g. indices). */
  circuitPercent: number;
  /** The reference previous close the simulator starts from on its first day. */
  referencePrice: number;
  /** True for indices: they have a value but no depth, no volume and are not tradable. */
  isIndex: boolean;
}

export interface DepthLevel {
  price: number;
  quantity: number;
  orders: number;
}

/** A live quote: the live-quote fields of trading-core section 3 in rupees. */
export interface Quote {
  exchange: Exchange;
  token: number;
  ltp: number;
  lastQty: number;
  /** Seconds since midnight IST of the last trade. */
  lastTradedTime: number;
  /** Total traded quantity today. */
  volume: number;
  open: number;
  high: number;
  low: number;
  /** Previous day's close (PClose / pdc). */
  pClose: number;
  avgPrice: number;
  /** ltp - pClose. */
  chg: number;
  /** Percent change against pClose; 0 when pClose is 0. */
  pchg: number;
  /** Five levels, best first. Empty for indices. */
  bids: DepthLevel[];
  asks: DepthLevel[];
  totalBuyQty: number;
  totalSellQty: number;
  upperCircuit: number;
  lowerCircuit: number;
  weekHigh: number;
  weekLow: number;
  /** Derivatives only; 0 otherwise. */
  openInterest: number;
  dayHighOI: number;
  dayLowOI: number;
  previousOI: number;
  /** +1 per tick of this instrument (the frame Seq). */
  seq: number;
  /** Simulated time of the last change. */
  updatedAt: Date;
}

export type TickListener = (quote: Quote, instrument: Instrument) => void;

export interface Market {
  /** The contract, or undefined for an unknown exchange/token. */
  instrument(exchange: Exchange, token: number): Instrument | undefined;
  /** Every instrument of the master (stable order, stable tokens). */
  instruments(): readonly Instrument[];
  /** By trading symbol within an exchange (e.g. ("NSEEQ", "INFY-EQ") or ("NSEEQ", "INFY")). */
  bySymbol(exchange: Exchange, tradingSymbol: string): Instrument | undefined;
  /** The current quote, created on first ask; undefined for an unknown instrument. A frozen snapshot shared until the price next moves: read it, never change it. */
  quote(exchange: Exchange, token: number): Quote | undefined;
  /** One-minute bars of today so far, oldest first. */
  bars(exchange: Exchange, token: number): readonly Bar[];
  /**
   * Whether the quote carries the day's own previous close and 52-week range, which the charts'
   * history before today is drawn from (server/charts/history.ts): false in a replay for an
   * instrument the tape has no row of yet (a stand-in at its reference price, or a derivative
   * modelled from its underlying). A market whose quotes always do leaves it out.
   */
  historyKnown?(exchange: Exchange, token: number): boolean;
  /**
   * The previous close and 52-week range the instrument opened the day with, where the market keeps
   * them apart from the quote (a replay: its tape's first row of the day): the days before today are
   * drawn inside them, so the chart's history is the same all day and never reaches a level only
   * today reached. Left out, or undefined: the quote's figures.
   */
  historyAnchor?(exchange: Exchange, token: number): { pClose: number; weekHigh: number; weekLow: number } | undefined;
  /** A derivative's open interest and last price at the end of each minute of today it moved in, oldest first (issue 31). */
  oiHistory(exchange: Exchange, token: number): readonly OiMinute[];
  /** Whether the exchange's continuous session is open at `at` (default: the broker clock). */
  isOpen(exchange: Exchange, at?: Date): boolean;
  hours(exchange: Exchange): MarketHours;
  /**
   * Called after every price change of a WATCHED instrument (see watch()), on steps and on
   * setPrice. Returns an unsubscribe. Engines watch what they need (resting orders, GTT triggers).
   */
  onTick(listener: TickListener): () => void;
  /**
   * Marks an instrument as watched (reference counted): onTick reports it and, for a derivative,
   * it is repriced on every step rather than when asked. Returns the release. Cash shares,
   * indices and near futures move on every step whether watched or not.
   */
  watch(exchange: Exchange, token: number): () => void;
  /** Test hook: forces the last price (rounded to tick, clamped to the circuits) and fires onTick. */
  setPrice(exchange: Exchange, token: number, price: number): Quote | undefined;
  /** Advances the simulation by one tick now (tests drive the market with TICK_HZ=0 and step()). */
  step(): void;
}
