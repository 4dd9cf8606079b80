import { optionPrice } from "../../../src/core/rules/blackScholes";
import type { OptionChain } from "../../../src/core/types/optionChain";

/**
 * The synthetic chain of the option chain bench: 200 strikes of 50 around a spot of 20,000, each
 * with a call and a put on tokens of their own, 30 days out at 15 % volatility. The bench answers
 * the app's option chain call with it (tests/bench/optionChainFps.ts) and the page feeds its tokens.
 */
export const BENCH_SPOT = 20_000;
export const BENCH_UNDERLYING = 1_950_000_000;
const STEP = 50;
const VOL = 0.15;
const YEARS = 30 / 365;

export const callToken = (i: number) => BENCH_UNDERLYING + 1 + 2 * i;
export const putToken = (i: number) => BENCH_UNDERLYING + 2 + 2 * i;
export const strikeAt = (n: number, i: number) => BENCH_SPOT + (i - Math.floor(n / 2)) * STEP;

export function benchPrice(n: number, i: number, call: boolean, spot = BENCH_SPOT): number {
  return Math.max(0.05, Math.round(optionPrice({ spot, strike: strikeAt(n, i), years: YEARS, vol: VOL, call }) * 20) / 20);
}

export function benchChain(n: number, expiry: string): OptionChain {
  const side = (i: number, call: boolean) => ({
    exchange: "NSEFO" as const, token: call ? callToken(i) : putToken(i), tradingSymbol: `BENCH${strikeAt(n, i)}${call ? "CE" : "PE"}`,
    ltp: benchPrice(n, i, call), chg: 0, volume: 1000, oi: 50_000, oiChg: 0, bid: 0, ask: 0, iv: 15, delta: null, gamma: null, theta: null, vega: null,
  });
  return {
    symbol: "BENCH", underlying: { exchange: "NSEEQ", token: BENCH_UNDERLYING, tradingSymbol: "BENCH", isIndex: true }, spot: BENCH_SPOT, expiry, expiries: [expiry],
    lotSize: 50, riskFreeRate: 0.065,
    strikes: Array.from({ length: n }, (_, i) => ({ strike: strikeAt(n, i), ce: side(i, true), pe: side(i, false) })),
  };
}
