import type { Exchange } from "../../../src/core/types/exchange.js";
import type { Instrument } from "../types.js";
import { indexDerivatives, stockDerivatives, futuresChain } from "./derivatives.js";
import { cashEquities, LOTS } from "./equities.js";
import { etfInstruments } from "./etfs.js";
import { COMMODITIES, CURRENCIES, INDEX_DERIVATIVES, INDICES } from "./specs.js";
import { instrumentOf } from "./instrument.js";
import { derivativeToken } from "./tokens.js";

/**
 * The instrument master of the paper broker: cash equities on NSE and BSE, ETFs on NSE, indices, NSE and
 * BSE index derivatives, NSE stock derivatives, currency and commodity chains, built for one
 * simulated trading date. Same date, same master, same tokens.
 */
export interface InstrumentMaster {
  readonly date: string;
  readonly all: readonly Instrument[];
  get(exchange: Exchange, token: number): Instrument | undefined;
  bySymbol(exchange: Exchange, tradingSymbol: string): Instrument | undefined;
  /** The derivatives that follow an instrument (its futures and options). */
  dependents(exchange: Exchange, token: number): readonly Instrument[];
}

export const key = (exchange: Exchange, token: number): string => `${exchange}:${token}`;

const built = new Map<string, InstrumentMaster>();

/**
 * The master for a date, built once per process and shared (building takes a second or two;
 * test files start several brokers). Option reference prices use the first build's instant.
 */
export function masterFor(today: string, now: Date): InstrumentMaster {
  let m = built.get(today);
  if (!m) built.set(today, (m = buildMaster(today, now)));
  return m;
}

export function buildMaster(today: string, now: Date): InstrumentMaster {
  const all: Instrument[] = [];
  const taken = new Map<Exchange, Set<number>>();
  const takenOf = (e: Exchange) => {
    let s = taken.get(e);
    if (!s) taken.set(e, (s = new Set()));
    return s;
  };
  const add = (i: Omit<Instrument, "token">, token: number) => {
    takenOf(i.exchange).add(token);
    all.push(instrumentOf(i, token));
  };
  /** Hash token with deterministic probing: chains are generated in a fixed order. */
  const tokenOf = (d: Omit<Instrument, "token">): number => {
    const s = takenOf(d.exchange);
    let t = derivativeToken(d.tradingSymbol);
    while (s.has(t)) t = t >= 0x7ffffffe ? 1_000_000 : t + 1;
    return t;
  };

  for (const i of cashEquities()) add(i, i.token);
  for (const i of etfInstruments()) add(i, i.token);
  for (const ix of INDICES) {
    add({
      exchange: ix.exchange, tradingSymbol: ix.symbol, symbol: ix.symbol, formattedInsName: ix.name, companyName: ix.name,
      insType: "INDEX", isin: "", lotSize: 1, tickSize: 0.01, multiplier: 1, freezeQty: 0, productLeverage: 0, surveillance: null,
      expiry: "", strikePrice: 0, optionType: null, underlying: null, circuitPercent: 0, referencePrice: ix.level, isIndex: true,
    }, ix.token);
  }
  for (const spec of INDEX_DERIVATIVES) {
    const ix = INDICES.find((x) => x.symbol === spec.symbol);
    if (!ix) continue;
    const u = { exchange: ix.exchange, token: ix.token, symbol: ix.symbol, companyName: ix.name, price: ix.level };
    for (const d of indexDerivatives(spec, u, today, now)) add(d, tokenOf(d));
  }
  const nse = all.filter((i) => i.exchange === "NSEEQ" && i.insType === "EQ");
  for (const eq of nse) {
    const lot = LOTS.get(eq.symbol);
    if (!lot) continue;
    const u = { exchange: eq.exchange, token: eq.token, symbol: eq.symbol, companyName: eq.companyName, price: eq.referencePrice };
    for (const d of stockDerivatives(u, lot, today, now)) add(d, tokenOf(d));
  }
  for (const spec of [...CURRENCIES, ...COMMODITIES]) {
    for (const i of futuresChain(spec, today, now, tokenOf)) add(i, i.token);
  }

  const byKey = new Map<string, Instrument>();
  const bySym = new Map<string, Instrument>();
  const deps = new Map<string, Instrument[]>();
  for (const i of all) {
    byKey.set(key(i.exchange, i.token), i);
    bySym.set(`${i.exchange}:${i.tradingSymbol.toUpperCase()}`, i);
    if (i.insType === "EQ" && !bySym.has(`${i.exchange}:${i.symbol}`)) bySym.set(`${i.exchange}:${i.symbol}`, i);
    if (i.underlying) {
      const k = key(i.underlying.exchange, i.underlying.token);
      const list = deps.get(k);
      if (list) list.push(i);
      else deps.set(k, [i]);
    }
  }
  return {
    date: today,
    all,
    get: (exchange, token) => byKey.get(key(exchange, token)),
    bySymbol: (exchange, tradingSymbol) => bySym.get(`${exchange}:${tradingSymbol.toUpperCase()}`),
    dependents: (exchange, token) => deps.get(key(exchange, token)) ?? [],
  };
}
