import type { Exchange } from "../../../src/core/types/exchange.js";
import type { InsType, Instrument, OptionType } from "../types.js";
import { futureFairValue, optionFairValue } from "../sim/pricing.js";
import { yearsToExpiry } from "../../../src/core/rules/blackScholes.js";
import { currencyExpiries, dayOfMonthExpiries, expiryParts, monthlyExpiries, weeklyExpiries } from "./expiries.js";
import type { FuturesSpec, IndexDerivativeSpec } from "./specs.js";
import { roundToTick } from "../../../src/core/rules/tick.js";
import { stockStrikeInterval } from "./ticks.js";
import { STOCK_OPTION_MONTHS, STOCK_STRIKES_EACH_SIDE } from "./breadth.js";

/**
 * Derivative chains generated from the underlyings' specs and the simulated date: futures for
 * the next expiries and options on strikes centred on the underlying's reference price. Tokens
 * are filled in afterwards (token 0 here) by the master.
 */

type Draft = Omit<Instrument, "token">;

interface Underlying {
  exchange: Exchange;
  token: number;
  symbol: string;
  companyName: string;
  price: number;
}

function strikeText(strike: number): string {
  return Number(strike.toFixed(4)).toString();
}

function contractNames(symbol: string, expiry: string, weekly: boolean, kind: { strike: number; optionType: OptionType } | null) {
  const p = expiryParts(expiry);
  const datePart = weekly ? `${p.yy}${p.monthDigit}${p.dd}` : `${p.yy}${p.mon}`;
  const tradingSymbol = kind ? `${symbol}${datePart}${strikeText(kind.strike)}${kind.optionType}` : `${symbol}${datePart}FUT`;
  const formattedInsName = `${symbol} ${p.dd} ${p.mon} ${p.yyyy} ${kind ? `${strikeText(kind.strike)} ${kind.optionType}` : "FUT"}`;
  return { tradingSymbol, formattedInsName };
}

function base(u: Underlying, exchange: Exchange, insType: InsType): Omit<Draft, "tradingSymbol" | "formattedInsName" | "expiry" | "strikePrice" | "optionType" | "referencePrice"> {
  return {
    exchange,
    symbol: u.symbol,
    companyName: u.companyName,
    insType,
    isin: "",
    lotSize: 1,
    tickSize: 0.05,
    multiplier: 1,
    freezeQty: 0,
    productLeverage: 0,
    surveillance: null,
    underlying: { exchange: u.exchange, token: u.token },
    circuitPercent: 0,
    isIndex: false,
  };
}

function strikesAround(price: number, step: number, eachSide: number): number[] {
  const atm = Math.round(price / step) * step;
  const out: number[] = [];
  for (let i = -eachSide; i <= eachSide; i++) {
    const k = Number((atm + i * step).toFixed(4));
    if (k > 0) out.push(k);
  }
  return out;
}

/**
 * A call and a put at one strike. Built as plain literals (no spreads): the stock chains make
 * about 100,000 of these at start-up and spreading cost seconds of broker start-up in allocation.
 */
function optionPair(
  u: Underlying,
  exchange: Exchange,
  insType: InsType,
  expiry: string,
  weekly: boolean,
  strike: number,
  props: Partial<Draft>,
  vol: number,
  now: Date,
): Draft[] {
  const t = yearsToExpiry(expiry, now);
  const tick = props.tickSize ?? 0.05;
  const underlying = { exchange: u.exchange, token: u.token };
  const option = (optionType: OptionType): Draft => {
    const names = contractNames(u.symbol, expiry, weekly, { strike, optionType });
    return {
      exchange,
      symbol: u.symbol,
      companyName: u.companyName,
      insType,
      isin: "",
      lotSize: props.lotSize ?? 1,
      tickSize: tick,
      multiplier: props.multiplier ?? 1,
      freezeQty: props.freezeQty ?? 0,
      productLeverage: 0,
      surveillance: null,
      underlying,
      // No percentage band: an option's band is the option rule (circuitsFor), not its future's 3 to 6 %.
      circuitPercent: 0,
      isIndex: false,
      tradingSymbol: names.tradingSymbol,
      formattedInsName: names.formattedInsName,
      expiry,
      strikePrice: strike,
      optionType,
      referencePrice: Math.max(tick, roundToTick(optionFairValue(u.price, strike, t, vol, optionType === "CE"), tick)),
    };
  };
  return [option("CE"), option("PE")];
}

function future(u: Underlying, exchange: Exchange, insType: InsType, expiry: string, props: Partial<Draft>, now: Date): Draft {
  const tick = props.tickSize ?? 0.05;
  return {
    ...base(u, exchange, insType),
    ...props,
    ...contractNames(u.symbol, expiry, false, null),
    expiry,
    strikePrice: 0,
    optionType: null,
    referencePrice: roundToTick(futureFairValue(u.price, yearsToExpiry(expiry, now)), tick),
  };
}

/** NSE and BSE index futures (3 monthly) and options (weekly where the index has them, plus monthly). */
export function indexDerivatives(spec: IndexDerivativeSpec, u: Underlying, today: string, now: Date): Draft[] {
  const out: Draft[] = [];
  const props = { lotSize: spec.lot, freezeQty: spec.freezeQty, circuitPercent: 0 };
  const monthly = monthlyExpiries(today, spec.monthlyWeekday, 3);
  for (const e of monthly) out.push(future(u, spec.exchange, "FUTIDX", e, props, now));
  const weekly = spec.weekly === null ? [] : weeklyExpiries(today, spec.weekly, 4).filter((e) => !monthly.includes(e));
  const optionExpiries = [...weekly.map((e) => ({ e, weekly: true })), ...monthly.map((e) => ({ e, weekly: false }))];
  for (const { e, weekly: isWeekly } of optionExpiries) {
    for (const k of strikesAround(u.price, spec.strikeStep, spec.strikesEachSide)) {
      out.push(...optionPair(u, spec.exchange, "OPTIDX", e, isWeekly, k, props, spec.vol, now));
    }
  }
  return out;
}

/** NSE stock futures (3 monthly) and options (monthly expiries and strikes as breadth.ts sets them). Freeze: 20 lots. */
export function stockDerivatives(u: Underlying, lot: number, today: string, now: Date): Draft[] {
  const out: Draft[] = [];
  const props = { lotSize: lot, freezeQty: lot * 20, circuitPercent: 0 };
  const monthly = monthlyExpiries(today, 2, 3);
  for (const e of monthly) out.push(future(u, "NSEFO", "FUTSTK", e, props, now));
  const step = stockStrikeInterval(u.price);
  monthly.slice(0, STOCK_OPTION_MONTHS).forEach((e, i) => {
    for (const k of strikesAround(u.price, step, STOCK_STRIKES_EACH_SIDE[i] ?? 0)) out.push(...optionPair(u, "NSEFO", "OPTSTK", e, false, k, props, 0.3, now));
  });
  return out;
}

export function futuresExpiries(spec: FuturesSpec, today: string): string[] {
  return spec.expiry === "currency" ? currencyExpiries(today, spec.futures) : dayOfMonthExpiries(today, spec.expiry.day, spec.expiry.months, spec.futures);
}

/**
 * Commodity and currency chains. The near future is the price driver (it has no underlying);
 * later futures and the options follow it, so one random walk moves the whole chain.
 */
export function futuresChain(spec: FuturesSpec, today: string, now: Date, tokenOf: (d: Draft) => number): Instrument[] {
  const currency = spec.expiry === "currency";
  const futType: InsType = currency ? "FUTCUR" : "FUTCOM";
  const optType: InsType = currency ? "OPTCUR" : "OPTFUT";
  const props = { tickSize: spec.tick, multiplier: spec.multiplier, freezeQty: spec.freezeQty, circuitPercent: spec.circuitPercent };
  const expiries = futuresExpiries(spec, today);
  const out: Instrument[] = [];
  let near: Instrument | undefined;
  for (const e of expiries) {
    const driver: Underlying = near
      ? { exchange: near.exchange, token: near.token, symbol: spec.symbol, companyName: spec.name, price: spec.price }
      : { exchange: spec.exchange, token: 0, symbol: spec.symbol, companyName: spec.name, price: spec.price };
    const draft = future(driver, spec.exchange, futType, e, props, now);
    if (!near) {
      draft.underlying = null;
      draft.referencePrice = roundToTick(spec.price, spec.tick);
    }
    const inst: Instrument = { ...draft, token: tokenOf(draft) };
    out.push(inst);
    near ??= inst;
  }
  if (spec.options && near) {
    const driver: Underlying = { exchange: near.exchange, token: near.token, symbol: spec.symbol, companyName: spec.name, price: near.referencePrice };
    const optProps = { ...props, tickSize: spec.options.tick };
    for (const e of expiries.slice(0, 2)) {
      for (const k of strikesAround(near.referencePrice, spec.options.step, spec.options.eachSide)) {
        for (const d of optionPair(driver, spec.exchange, optType, e, false, k, optProps, spec.vol, now)) out.push({ ...d, token: tokenOf(d) });
      }
    }
  }
  return out;
}
