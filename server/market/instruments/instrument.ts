import type { Instrument } from "../types.js";

/**
 * An instrument of the master as one object literal with its fields in one order, so all hundred
 * thousand share one hidden class. Built by spreading (`{ ...draft, token }`), each contract got
 * a hidden class of its own, and every loop over the master (the search index, the option chain,
 * the feed) read fields through V8's slowest, megamorphic path.
 */
export function instrumentOf(d: Omit<Instrument, "token">, token: number): Instrument {
  return {
    exchange: d.exchange,
    token,
    tradingSymbol: d.tradingSymbol,
    symbol: d.symbol,
    formattedInsName: d.formattedInsName,
    companyName: d.companyName,
    insType: d.insType,
    isin: d.isin,
    lotSize: d.lotSize,
    tickSize: d.tickSize,
    multiplier: d.multiplier,
    freezeQty: d.freezeQty,
    productLeverage: d.productLeverage,
    surveillance: d.surveillance,
    expiry: d.expiry,
    strikePrice: d.strikePrice,
    optionType: d.optionType,
    underlying: d.underlying,
    circuitPercent: d.circuitPercent,
    referencePrice: d.referencePrice,
    isIndex: d.isIndex,
  };
}
