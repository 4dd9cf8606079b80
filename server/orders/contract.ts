import type { Exchange } from "../../src/core/types/exchange.js";
import type { ContractInfo } from "../../src/core/types/contract.js";
import type { Instrument, Market, Quote } from "../market/types.js";
import { numberIn } from "../http/read.js";

/**
 * The instrument an order names. instrumentId is the instrument's token as text ("1594"); a
 * trading symbol ("INFY-EQ", "INFY") is accepted too so that hand-written requests work.
 */
export function findInstrument(market: Market, exchange: Exchange, instrumentId: string): Instrument | undefined {
  if (/^\d+$/.test(instrumentId)) {
    const byToken = market.instrument(exchange, numberIn(instrumentId));
    if (byToken) return byToken;
  }
  return market.bySymbol(exchange, instrumentId);
}

/** The contract info validateOrder reads, from the master's instrument and its live quote. */
export function contractInfoOf(inst: Instrument, quote: Quote | undefined): ContractInfo {
  return {
    exchange: inst.exchange,
    token: String(inst.token),
    tradingSymbol: inst.tradingSymbol,
    symbol: inst.symbol,
    formattedInsName: inst.formattedInsName,
    companyName: inst.companyName,
    insType: inst.insType,
    lotSize: inst.lotSize,
    tickSize: inst.tickSize,
    multiplier: inst.multiplier,
    pdc: quote?.pClose ?? inst.referencePrice,
    ltp: quote?.ltp ?? inst.referencePrice,
    expiry: inst.expiry,
    strikePrice: inst.strikePrice,
    optionType: inst.optionType ?? "",
    isin: inst.isin,
    prompt: "",
    deliveryQty: 0,
    bnplQty: 0,
    freezeQty: inst.freezeQty,
    productLeverage: inst.productLeverage,
    badge: "",
    surveillance: inst.surveillance ?? "",
    sliceEnable: inst.freezeQty > 0,
    screeners: [],
    upperCircuit: quote?.upperCircuit ?? 0,
    lowerCircuit: quote?.lowerCircuit ?? 0,
    weekHigh: quote?.weekHigh ?? 0,
    weekLow: quote?.weekLow ?? 0,
  };
}
