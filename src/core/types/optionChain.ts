import type { Exchange } from "./exchange.js";

/**
 * The option chain call, GET /core/optionchain?symbol=&expiry= (server/README.md): the spec
 * shows none, so this is Tape's own, in the spec's envelope. result[0] is one chain.
 */
export interface OptionChainSide {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  ltp: number;
  chg: number;
  volume: number;
  oi: number;
  /** Open interest now less the previous day's. */
  oiChg: number;
  /** Best bid and ask; 0 when that side of the book is empty. */
  bid: number;
  ask: number;
  /** Implied volatility in percent; null when no volatility explains the price (see impliedVol). */
  iv: number | null;
  delta: number | null;
  gamma: number | null;
  /** Rupees per calendar day. */
  theta: number | null;
  /** Rupees per volatility point. */
  vega: number | null;
}

export interface OptionChainStrike {
  strike: number;
  ce: OptionChainSide | null;
  pe: OptionChainSide | null;
}

export interface OptionChain {
  symbol: string;
  /** The underlying whose price the chain follows (an index, a share or a commodity's near future). */
  underlying: { exchange: Exchange; token: number; tradingSymbol: string; isIndex: boolean };
  spot: number;
  /** The expiry shown, "YYYY-MM-DD". */
  expiry: string;
  /** Every expiry of the symbol's options, nearest first. */
  expiries: string[];
  lotSize: number;
  /** The annual rate the greeks use (a fraction). */
  riskFreeRate: number;
  /** Strikes ascending. */
  strikes: OptionChainStrike[];
}
