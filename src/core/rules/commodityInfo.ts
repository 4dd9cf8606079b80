import { MARKET_HOURS } from "../marketHours";
import type { ContractInfo } from "../types/contract";
import { priceDecimals, type Exchange } from "../types/exchange";

/**
 * The commodity info dialog (the spec's "commodity info dialog"; its contents are Tape's): the
 * contract specification a trader should read before a first commodity order, shown once per
 * commodity contract per session when its order window opens, on MCX and NCDEX.
 */
export const COMMODITY_INFO_EXCHANGES: readonly Exchange[] = ["MCXCOMM", "NCDEXCOMM"];

export function showsCommodityInfo(exchange: Exchange): boolean {
  return COMMODITY_INFO_EXCHANGES.includes(exchange);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-12-04" as "04 Dec 2026". */
const longDate = (dateKey: string) => (/^\d{4}-\d{2}-\d{2}$/.test(dateKey) ? `${dateKey.slice(8, 10)} ${MONTHS[Number(dateKey.slice(5, 7)) - 1]} ${dateKey.slice(0, 4)}` : dateKey);

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The rows of the dialog, label and value, in the order shown. */
export function commodityInfoRows(c: Pick<ContractInfo, "exchange" | "tradingSymbol" | "formattedInsName" | "expiry" | "lotSize" | "tickSize" | "multiplier" | "quotationUnit">): Array<[string, string]> {
  const unit = c.quotationUnit || "unit";
  const hours = MARKET_HOURS[c.exchange];
  const tick = c.tickSize.toFixed(priceDecimals(c.exchange));
  return [
    ["Contract", c.formattedInsName ? `${c.formattedInsName} (${c.tradingSymbol})` : c.tradingSymbol],
    ["Expiry", c.expiry ? longDate(c.expiry) : "None"],
    ["Price quoted per", unit],
    ["Lot", `Quantity is in lots: 1 lot is ${c.multiplier} × ${unit}`],
    ["Tick", `₹${tick} per ${unit}, ₹${+(c.tickSize * c.multiplier * Math.max(1, c.lotSize)).toFixed(2)} per lot`],
    ["Delivery unit", `${c.multiplier} × ${unit}`],
    ["Trading hours", `${hhmm(hours.open)} to ${hhmm(hours.close)} IST, Monday to Friday, except exchange holidays`],
  ];
}
