import { priceDecimals } from "../../src/core/types/exchange.js";
import type { ContractInfo } from "../../src/core/wire/market.js";
import { NIFTY_50, SENSEX_CODES } from "./instruments/equities.js";
import { COMMODITIES, CURRENCIES } from "./instruments/specs.js";
import type { Instrument, Quote } from "./types.js";

/** The user's demat quantities of a share (trading-core section 3: contract info's deliveryQty and bnplQty). */
export interface HeldQuantities {
  deliveryQty: number;
  bnplQty: number;
}

const SURVEILLANCE_PROMPT = "This scrip is under the exchange's surveillance measures (ASM/GSM). Please read the measures before you trade.";

/** The unit a commodity or currency contract is quoted in ("10 GRMS" for GOLD), by exchange and symbol; "" for others. */
const QUOTATION_UNITS = new Map([...COMMODITIES, ...CURRENCIES].map((s) => [`${s.exchange}:${s.symbol}`, s.unit]));

/**
 * The contract info of trading-core section 3 for one instrument, as one user sees it: the one
 * builder, so that the contract the app is shown (POST v2/security/info) is the contract its
 * order is validated against (server/orders/intake.ts, changes.ts).
 */
export function contractInfo(inst: Instrument, q: Quote | undefined, held: HeldQuantities): ContractInfo {
  return {
    exchange: inst.exchange,
    token: inst.token,
    instrumentId: inst.token,
    tradingSymbol: inst.tradingSymbol,
    lotSize: inst.lotSize,
    tickSize: inst.tickSize,
    multiplier: inst.multiplier,
    // Tape's addition for the commodity info dialog: the price is per this unit; a lot is multiplier of them.
    quotationUnit: QUOTATION_UNITS.get(`${inst.exchange}:${inst.symbol}`) ?? "",
    priceDecimals: priceDecimals(inst.exchange),
    symbol: inst.symbol,
    formattedInsName: inst.formattedInsName,
    pdc: q?.pClose ?? inst.referencePrice,
    insType: inst.insType,
    expiry: inst.expiry,
    strikePrice: inst.strikePrice,
    optionType: inst.optionType ?? "",
    prompt: inst.surveillance ? SURVEILLANCE_PROMPT : "",
    deliveryQty: held.deliveryQty,
    bnplQty: held.bnplQty,
    isin: inst.isin,
    freezeQty: inst.freezeQty,
    qtyLimit: inst.freezeQty,
    productLeverage: inst.productLeverage,
    badge: inst.surveillance ? (inst.surveillance.split("-")[0] ?? "") : "",
    surveillance: inst.surveillance ?? "",
    // Orders above the freeze quantity can be sliced into several on the exchange's limit.
    sliceEnable: inst.freezeQty > 0,
    screeners: [NIFTY_50.has(inst.symbol) ? "NIFTY 50" : "", SENSEX_CODES.has(inst.symbol) ? "SENSEX" : ""].filter((s) => s !== ""),
    companyName: inst.companyName,
    upperCircuit: q?.upperCircuit ?? 0,
    lowerCircuit: q?.lowerCircuit ?? 0,
    weekHigh: q?.weekHigh ?? 0,
    weekLow: q?.weekLow ?? 0,
    ltp: q?.ltp ?? inst.referencePrice,
    isIndex: inst.isIndex,
  };
}
