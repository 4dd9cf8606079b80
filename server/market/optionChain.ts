import type { FastifyInstance } from "fastify";
import { RISK_FREE_RATE, yearsToExpiry } from "../../src/core/rules/blackScholes.js";
import { strikeFigures, type SideFigures } from "../../src/core/rules/optionChain.js";
import { chainExchange } from "../../src/core/rules/chainExchange.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import { optionChain, type OptionChain, type OptionChainSide, type OptionChainStrike } from "../../src/core/wire/market.js";
import { route } from "../http/wire.js";
import { ruleError, type RuleError } from "../../src/core/errors.js";
import type { Clock } from "../clock.js";
import { fail, ok } from "../envelope.js";
import type { Instrument, Market } from "./types.js";

/**
 * One symbol's options by the exchange listing them: exchange -> expiry -> strike -> its call and put.
 * USDINR's options are NSECURR's and BSECURR's: one map for both put BSE's contracts over NSE's.
 */
export type Chains = Map<string, Map<Exchange, Map<string, Map<number, { CE?: Instrument; PE?: Instrument }>>>>;

export function indexChains(market: Market): Chains {
  const chains: Chains = new Map();
  for (const inst of market.instruments()) {
    if (!inst.optionType) continue;
    let byExchange = chains.get(inst.symbol);
    if (!byExchange) chains.set(inst.symbol, (byExchange = new Map()));
    let byExpiry = byExchange.get(inst.exchange);
    if (!byExpiry) byExchange.set(inst.exchange, (byExpiry = new Map()));
    let byStrike = byExpiry.get(inst.expiry);
    if (!byStrike) byExpiry.set(inst.expiry, (byStrike = new Map()));
    let pair = byStrike.get(inst.strikePrice);
    if (!pair) byStrike.set(inst.strikePrice, (pair = {}));
    pair[inst.optionType] = inst;
  }
  return chains;
}

/** One expiry of one underlying's chain on one exchange, as a query asks it. */
export interface ChainExpiry {
  symbol: string;
  exchange: Exchange;
  /** Every expiry of the underlying, nearest first. */
  expiries: string[];
  expiry: string;
  byStrike: Map<number, { CE?: Instrument; PE?: Instrument }>;
}

/**
 * The expiry a chain query names (the nearest when it names none), for the option chain and the
 * OI history alike, on the exchange it asks for or the one a trader of the underlying expects
 * (src/core/rules/chainExchange.ts): EC980 for a symbol with no options, EC981 for an expiry it
 * does not list.
 */
export function chainExpiry(chains: Chains, symbolAsked: string | undefined, expiryAsked: string | undefined, exchangeAsked?: string): ChainExpiry | RuleError {
  const symbol = (symbolAsked ?? "").trim().toUpperCase();
  const byExchange = chains.get(symbol);
  const exchange = byExchange ? chainExchange([...byExchange.keys()], exchangeAsked) : undefined;
  const byExpiry = exchange ? byExchange!.get(exchange) : undefined;
  if (!exchange || !byExpiry) return ruleError("EC980", symbol === "" ? "give a symbol" : symbol);
  const expiries = [...byExpiry.keys()].sort();
  const asked = (expiryAsked ?? "").trim();
  const expiry = asked === "" ? expiries[0]! : asked;
  const byStrike = byExpiry.get(expiry);
  if (!byStrike) return ruleError("EC981", `${symbol} ${expiry}`);
  return { symbol, exchange, expiries, expiry, byStrike };
}

const round = (x: number | undefined, places: number): number | null => (x === undefined ? null : Number(x.toFixed(places)));

function side(market: Market, inst: Instrument | undefined, fig: SideFigures): OptionChainSide | null {
  if (!inst) return null;
  const q = market.quote(inst.exchange, inst.token);
  if (!q) return null;
  return {
    exchange: inst.exchange,
    token: inst.token,
    tradingSymbol: inst.tradingSymbol,
    ltp: q.ltp,
    chg: q.chg,
    volume: q.volume,
    oi: q.openInterest,
    oiChg: q.openInterest - q.previousOI,
    bid: q.bids[0]?.price ?? 0,
    ask: q.asks[0]?.price ?? 0,
    iv: fig.iv === null ? null : round(fig.iv * 100, 2),
    delta: round(fig.delta, 4),
    gamma: round(fig.gamma, 6),
    theta: round(fig.theta, 2),
    vega: round(fig.vega, 2),
  };
}

/**
 * GET /core/optionchain?symbol=NIFTY&expiry=2026-11-24[&exchange=BSE]: one underlying's options of one expiry
 * (the nearest when none is given), every strike ascending with its call and put, priced from the
 * simulator's live quotes; implied volatility and greeks from src/core/rules/optionChain.ts at the
 * broker's clock. The spec shows no option chain call; this one is Tape's (server/README.md).
 */
export function registerOptionChain(app: FastifyInstance, market: Market, clock: Clock): void {
  let chains: Chains | undefined;
  route(app, optionChain, async (req) => {
    chains ??= indexChains(market);
    const found = chainExpiry(chains, req.query.symbol, req.query.expiry, req.query.exchange);
    if ("code" in found) return fail(found.code, found.message);
    const { symbol, expiries, expiry, byStrike } = found;
    const any = [...byStrike.values()][0]!;
    const first = (any.CE ?? any.PE)!;
    const u = first.underlying!;
    const underlying = market.instrument(u.exchange, u.token)!;
    const spot = market.quote(u.exchange, u.token)?.ltp ?? underlying.referencePrice;
    const years = yearsToExpiry(expiry, clock.now());
    const strikes: OptionChainStrike[] = [...byStrike.entries()]
      .sort(([a], [b]) => a - b)
      .map(([strike, pair]) => {
        const ce = pair.CE ? market.quote(pair.CE.exchange, pair.CE.token) : undefined;
        const pe = pair.PE ? market.quote(pair.PE.exchange, pair.PE.token) : undefined;
        const fig = strikeFigures(spot, strike, years, ce?.ltp ?? null, pe?.ltp ?? null);
        return { strike, ce: side(market, pair.CE, fig.ce), pe: side(market, pair.PE, fig.pe) };
      });
    const chain: OptionChain = {
      symbol,
      underlying: { exchange: underlying.exchange, token: underlying.token, tradingSymbol: underlying.tradingSymbol, isIndex: underlying.isIndex },
      spot,
      expiry,
      expiries,
      lotSize: first.lotSize,
      riskFreeRate: RISK_FREE_RATE,
      strikes,
    };
    return ok([chain]);
  });
}
