import type { Exchange } from "../types/exchange";
import { addDays, tradingDateOnOrAfter } from "../calendar/holidays";
import { addMonths } from "./datePicker";
import { groupIndian } from "../format";
import type { Sip } from "../wire/alerts";

/**
 * Systematic investment plans (the spec's "SIP create dialog"; its fields are Tape's): buy an
 * equity instrument on a schedule, a fixed quantity or a fixed amount each time, for a number of
 * instalments. The broker keeps them and places each instalment on its date, on its own clock:
 * a MARKET DELIVERY buy once the exchange is open on that date. A date that falls on a weekend
 * or an exchange holiday moves to the next trading day.
 */
export const SIP_FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY"] as const;
export type SipFrequency = (typeof SIP_FREQUENCIES)[number];

/** SIPs are for cash equity (shares and ETFs). */
export const SIP_EXCHANGES: readonly Exchange[] = ["NSEEQ", "BSEEQ"];
/** The most instalments one SIP may have (Tape's limit: ten years of months). */
export const SIP_MAX_COUNT = 120;

export interface SipSpec {
  exchange: Exchange;
  token: number;
  /** Either a quantity (shares) or an amount (rupees) per instalment; the other is 0. */
  quantity: number;
  amount: number;
  frequency: SipFrequency;
  /** The first instalment's date "YYYY-MM-DD". */
  startDate: string;
  count: number;
}

/** A SIP as the broker lists it: the wire's own (src/core/wire/alerts.ts). */
export type { Sip } from "../wire/alerts";

export function isSipFrequency(v: unknown): v is SipFrequency {
  return typeof v === "string" && (SIP_FREQUENCIES as readonly string[]).includes(v);
}

/** The scheduled (calendar) date of instalment `n` (0-based), before moving off a closed day. */
function scheduledDate(startDate: string, frequency: SipFrequency, n: number): string {
  if (frequency === "DAILY") return addDays(startDate, n);
  if (frequency === "WEEKLY") return addDays(startDate, 7 * n);
  return addMonths(startDate, n);
}

/**
 * The trading date of instalment `n`: its scheduled date, or the next trading day when that is
 * closed. A daily SIP counts trading days, so two instalments never land on one date.
 */
export function instalmentDate(s: Pick<SipSpec, "startDate" | "frequency">, n: number): string {
  if (s.frequency === "DAILY") {
    let d = tradingDateOnOrAfter(s.startDate);
    for (let i = 0; i < n; i++) d = tradingDateOnOrAfter(addDays(d, 1));
    return d;
  }
  return tradingDateOnOrAfter(scheduledDate(s.startDate, s.frequency, n));
}

/** Every instalment's date, in order. */
export function sipSchedule(s: Pick<SipSpec, "startDate" | "frequency" | "count">): string[] {
  return Array.from({ length: s.count }, (_, n) => instalmentDate(s, n));
}

/** The quantity an instalment buys at `ltp`: the fixed quantity, or as many whole shares as the amount pays for. */
export function instalmentQuantity(s: Pick<SipSpec, "quantity" | "amount">, ltp: number): number {
  if (s.quantity > 0) return s.quantity;
  return ltp > 0 ? Math.floor(s.amount / ltp) : 0;
}

/** What one instalment buys, as money is shown everywhere: "1 share", "5 shares" or "₹5,000.00". */
export function sipEach(s: Pick<SipSpec, "quantity" | "amount">): string {
  return s.quantity > 0 ? `${s.quantity} ${s.quantity === 1 ? "share" : "shares"}` : `₹${groupIndian(s.amount)}`;
}

/** A SIP named as a trader tells it from another: "SBIN, ₹5,000.00 monthly, 2 of 12 done". */
export function sipLine(s: Pick<Sip, "tradingSymbol" | "quantity" | "amount" | "frequency" | "done" | "count">): string {
  return `${s.tradingSymbol}, ${sipEach(s)} ${s.frequency.toLowerCase()}, ${s.done} of ${s.count} done`;
}

/** What is wrong with a SIP as asked (the field it belongs to and why), or undefined. `today` is the broker's date. */
export function sipProblem(s: Omit<SipSpec, "token">, today: string): { field: "instrument" | "amount" | "frequency" | "startDate" | "count"; message: string } | undefined {
  if (!SIP_EXCHANGES.includes(s.exchange)) return { field: "instrument", message: "SIPs are for NSE or BSE shares and ETFs" };
  const byQty = Number.isInteger(s.quantity) && s.quantity > 0;
  const byAmount = Number.isFinite(s.amount) && s.amount > 0;
  if (byQty === byAmount) return { field: "amount", message: "Give either a quantity or an amount per instalment" };
  if (!isSipFrequency(s.frequency)) return { field: "frequency", message: "Frequency is daily, weekly or monthly" };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s.startDate) || Number.isNaN(Date.parse(s.startDate))) return { field: "startDate", message: "Give a start date" };
  if (s.startDate < today) return { field: "startDate", message: "The start date cannot be in the past" };
  if (!Number.isInteger(s.count) || s.count < 1 || s.count > SIP_MAX_COUNT) return { field: "count", message: `Instalments are from 1 to ${SIP_MAX_COUNT}` };
  return undefined;
}
