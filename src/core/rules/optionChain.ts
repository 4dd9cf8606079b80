import { greeks, impliedVol, type Greeks } from "./blackScholes.js";
import { formatPrice } from "../format.js";
import type { Exchange } from "../types/exchange.js";

/**
 * Option chain rules shared by the paper broker's chain call and the chain pane, so that the
 * figures a user reads are the same whichever computed them.
 */

export interface SideFigures extends Partial<Greeks> {
  /** Implied volatility as a fraction; null when none explains the price. */
  iv: number | null;
}

export interface StrikeFigures {
  ce: SideFigures;
  pe: SideFigures;
}

const NONE: SideFigures = { iv: null };

/**
 * Implied volatility of each side from its own price, and its greeks at that volatility. A side
 * whose price no volatility explains (a deep in-the-money put held at intrinsic value, below the
 * European lower bound) keeps a blank volatility and takes its greeks at the other side's: the
 * out-of-the-money side is the one whose price carries the information.
 */
export function strikeFigures(spot: number, strike: number, years: number, ceLtp: number | null, peLtp: number | null): StrikeFigures {
  const base = { spot, strike, years };
  const ceIv = ceLtp !== null ? impliedVol(ceLtp, { ...base, call: true }) : null;
  const peIv = peLtp !== null ? impliedVol(peLtp, { ...base, call: false }) : null;
  const side = (own: number | null, other: number | null, call: boolean, priced: boolean): SideFigures => {
    const vol = own ?? other;
    if (!priced || vol === null) return { ...NONE, iv: own };
    return { iv: own, ...greeks({ ...base, vol, call }) };
  };
  return { ce: side(ceIv, peIv, true, ceLtp !== null), pe: side(peIv, ceIv, false, peLtp !== null) };
}

/** The strike nearest the spot (the lower of two equally near). */
export function atmIndex(strikes: readonly number[], spot: number): number {
  let best = -1;
  for (let i = 0; i < strikes.length; i++) {
    if (best < 0 || Math.abs(strikes[i]! - spot) < Math.abs(strikes[best]! - spot)) best = i;
  }
  return best;
}

/**
 * The `count` strikes centred on the at-the-money one, as [from, to) into the ascending list,
 * shifted inwards at either end so that the window stays full while the chain has enough strikes.
 */
export function strikeWindow(total: number, atm: number, count: number): { from: number; to: number } {
  const n = Math.max(1, Math.min(count, total));
  let from = Math.max(0, atm - Math.floor(n / 2));
  if (from + n > total) from = Math.max(0, total - n);
  return { from, to: from + n };
}

/** "Calls in the money below the spot, puts above" (a strike at the spot is in the money for neither). */
export function inTheMoney(strike: number, spot: number, call: boolean): boolean {
  return call ? strike < spot : strike > spot;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** "2026-11-27" as traders write an expiry: "27NOV". */
export function expiryLabel(expiry: string): string {
  const [, mm, dd] = expiry.split("-");
  return `${dd}${MONTHS[Number(mm) - 1] ?? ""}`;
}

/**
 * The expiry a user means by "27NOV", "27 NOV", "NOV" (the month's last listed, the monthly
 * contract) or an ISO date, among the listed ones; null when none matches.
 */
export function findExpiry(text: string, expiries: readonly string[]): string | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, "");
  if (expiries.includes(t)) return t;
  const exact = expiries.find((e) => expiryLabel(e) === t || expiryLabel(e).replace(/^0/, "") === t);
  if (exact) return exact;
  const month = MONTHS.indexOf(t);
  if (month < 0) return null;
  const inMonth = expiries.filter((e) => Number(e.slice(5, 7)) === month + 1);
  return inMonth[inMonth.length - 1] ?? null;
}

/**
 * The listed expiry an option's name means (contractName.ts optionExpiry): a weekly's date if it is
 * listed; a monthly's month ("2026-12") the month's last listed expiry, which is the monthly
 * contract (the weeklies of a month come before it); null when none is listed.
 */
export function listedExpiry(named: string, expiries: readonly string[]): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(named)) return expiries.includes(named) ? named : null;
  const inMonth = expiries.filter((e) => e.startsWith(`${named}-`)).sort();
  return inMonth[inMonth.length - 1] ?? null;
}

/**
 * The `count` strikes shown: centred on the money (strikeWindow), unless that leaves out the strike
 * at `keep` (the option the pane's group chose, a far one), then centred on it, so its row is shown.
 */
export function strikeWindowKeeping(total: number, atm: number, count: number, keep: number): { from: number; to: number } {
  const w = strikeWindow(total, atm, count);
  return keep < 0 || (keep >= w.from && keep < w.to) ? w : strikeWindow(total, keep, count);
}

/**
 * The row a chain's cursor takes when the trader steps to another expiry of the same underlying
 * (`[` / `]`, the expiry chooser): its own strike, when that expiry lists it (README: the cursor
 * holds its row; a trader stepping 24,350 through the expiries buys 24,350 in each). Not listed, the
 * listed strike nearest it; of two equally near, the one nearer `spot` (the money, where the
 * trading is), and of two equally near that too, the lower (as atmIndex). -1 for a chain of no strikes.
 */
export function strikeAcrossExpiries(strikes: readonly number[], strike: number, spot: number): { at: number; listed: boolean } {
  let at = -1;
  for (let i = 0; i < strikes.length; i++) {
    if (at < 0) {
      at = i;
      continue;
    }
    const d = Math.abs(strikes[i]! - strike) - Math.abs(strikes[at]! - strike);
    if (d < 0 || (d === 0 && Math.abs(strikes[i]! - spot) < Math.abs(strikes[at]! - spot))) at = i;
  }
  return { at, listed: at >= 0 && strikes[at] === strike };
}

/** A chain as a pane shows it: its underlying, expiry and strike count; `keep`, the strike its window keeps in view. */
export interface ShownChain {
  symbol: string;
  expiry: string;
  count: number;
  keep?: number;
}

/**
 * The strike a chain pane's cursor holds as it shows `now`, given the chain `was` it last placed its
 * cursor on and the strike `held` under the cursor (undefined: no cursor). The same chain again (the
 * pane redrawn, the group's choice changed): the strike kept then, so the window does not slide after
 * the cursor as the trader moves it. Another expiry or strike count of the same underlying (`[` / `]`,
 * the expiry chooser, `+` / `-`): the strike under the cursor. A new underlying, or no cursor (a
 * session's end dropped it): none, and the cursor starts at the money.
 */
export function strikeToHold(was: ShownChain | undefined, now: Omit<ShownChain, "keep">, held: number | undefined): number | undefined {
  if (was === undefined || was.symbol !== now.symbol || held === undefined) return undefined;
  return was.expiry === now.expiry && was.count === now.count ? was.keep : held;
}

/** A strike as the chain writes it: grouped, its paise only when it has some ("24,500", "102.50"). */
export const strikeText = (strike: number, exchange: Exchange): string => formatPrice(strike, exchange).replace(/\.00$/, "");

/** What the status line says when the cursor's strike is not listed in the expiry stepped to: "24,350 is not listed for 15DEC: cursor on 24,400". */
export function strikeNotListedLine(strike: number, expiry: string, now: number, exchange: Exchange): string {
  return `${strikeText(strike, exchange)} is not listed for ${expiryLabel(expiry)}: cursor on ${strikeText(now, exchange)}`;
}

/** The characters a chain's price column holds when no price needs more: "9,999.95". */
export const CHAIN_PRICE_CHARS = 8;

/**
 * How many characters the chain's price columns (LTP, bid, ask) must hold for the options of its
 * window: the widest of their prices at load, each raised by a tenth of the spot, and never fewer
 * than CHAIN_PRICE_CHARS. A price is never cut: BOSCHLTD's deep in-the-money calls read "10,235.95",
 * a figure wider than the 8 characters the columns held. The columns are sized once, not measured on
 * each tick, so the width must already hold what the day may bring: an option's price moves no more
 * than its underlying does (|delta| ≤ 1), and a tenth is an index's first circuit band, the widest
 * single move of a normal day; so a call at 9,200 on a 37,115 spot is given room for 12,911.50.
 */
export function chainPriceChars(prices: readonly number[], spot: number, exchange: Exchange): number {
  const top = Math.max(0, ...prices.filter((p) => Number.isFinite(p)));
  return Math.max(CHAIN_PRICE_CHARS, formatPrice(top + Math.max(0, spot) / 10, exchange).length);
}
