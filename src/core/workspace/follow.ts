/**
 * Issue 32: the order window and the strategy pane follow their link group, within a rule a
 * trading desk would defend: the instrument of an order the trader is working on never changes
 * under their hands. Pure rules, no React: commands/orderWindowFollow.ts applies them.
 *
 * The order window follows its group's new instrument only while it is pristine: a new order
 * (not a modify, repeat or exit, whose instrument is the order's), no field typed or changed
 * since it opened, and no place sent whose answer is not known. Otherwise it keeps its instrument
 * and holds an offer, "Group moved to X — Alt+G to switch", which the trader takes with the key;
 * a later move replaces the offer, and the group coming back to the window's own instrument
 * withdraws it.
 *
 * The strategy pane's underlying is its group's (a contract's underlying, as the option chain's)
 * while it has no legs. Legs are the trader's work on one spot: a strategy with legs on another
 * underlying keeps them and says the group moved, rather than dropping them.
 */
import type { OrderWindowMode } from "../types/orderWindow";
import { optionExpiry } from "../rules/contractName";
import { listedExpiry } from "../rules/optionChain";
import { chainUnderlying } from "./links";
import type { PaneInstrument } from "./tree";

export interface FollowingWindow {
  /** The instrument the window is open on. */
  instrument: PaneInstrument;
  mode: OrderWindowMode;
  /** The trader typed or changed a field since the window opened. */
  edited: boolean;
  /** A place is on its way, or its answer is not known (the next Enter resends it with the same key). */
  pending: boolean;
  /** The group's instrument the window did not take, for the switch key. */
  offer?: PaneInstrument;
}

export const sameInstrument = (a: Pick<PaneInstrument, "exchange" | "token"> | undefined, b: Pick<PaneInstrument, "exchange" | "token"> | undefined): boolean =>
  !!a && !!b && a.exchange === b.exchange && a.token === b.token;

/** Whether the window may take another instrument without asking: a pristine new order. */
export const pristine = (w: Pick<FollowingWindow, "mode" | "edited" | "pending">): boolean => w.mode === "new" && !w.edited && !w.pending;

/** The window after its group chose `chosen`: retargeted when pristine, else kept with an offer. */
export function windowAfterChoice(w: FollowingWindow, chosen: PaneInstrument): FollowingWindow {
  if (sameInstrument(w.instrument, chosen)) {
    const { offer: _, ...kept } = w;
    return kept;
  }
  if (pristine(w)) return { instrument: chosen, mode: "new", edited: false, pending: false };
  return { ...w, offer: chosen };
}

/** The switch key: the window opens afresh, pristine, on the offered instrument; no offer, no change. */
export function takeOffer(w: FollowingWindow): FollowingWindow {
  return w.offer ? { instrument: w.offer, mode: "new", edited: false, pending: false } : w;
}

/** What the window says while it holds an offer. */
export function offerLine(offer: Pick<PaneInstrument, "tradingSymbol">, key: string): string {
  return `Group moved to ${offer.tradingSymbol} — ${key} to switch`;
}

/**
 * What a pane does in the group it was just linked to, for the link key's status line: the views
 * that show one instrument follow it; the order window and the strategy follow it within the rule
 * above; the rest (a watchlist, the orders) choose for it.
 */
export function linkRole(view: string, followsGroup: boolean, link: string): string {
  if (view === "orderwindow") return `follows every ${link} pane while its order is untouched (after that, Alt+G switches)`;
  if (view === "strategy") return `follows every ${link} pane while it has no legs`;
  return followsGroup ? `follows every ${link} pane` : `chooses for every ${link} pane`;
}

export type StrategyFollow =
  /** No group instrument, or the pane already on its underlying: the pane as it is. */
  | { kind: "own" }
  /** No legs: the pane is the group's underlying's. */
  | { kind: "retarget"; underlying: string }
  /** Legs on another underlying: they stay; the pane says the group moved. */
  | { kind: "kept"; underlying: string; line: string };

/** The strategy pane's answer to its group's instrument (`own`: the underlying of its legs, if any). */
export function strategyFollow(s: { underlying?: string; legs: number }, group: Pick<PaneInstrument, "tradingSymbol"> | undefined): StrategyFollow {
  if (!group) return { kind: "own" };
  const u = chainUnderlying(group.tradingSymbol);
  if (s.underlying === u) return { kind: "own" };
  if (s.legs === 0) return { kind: "retarget", underlying: u };
  return { kind: "kept", underlying: u, line: `Group moved to ${u} — this strategy's legs stay on ${s.underlying ?? "their underlying"}; clear them (Strategy: clear legs) to follow` };
}

/**
 * The chain a linked option chain shows for its group's instrument (`own`: the pane's saved symbol
 * and expiry). An option opens the chain on the option's own expiry, not its underlying's nearest:
 * the trader chose a contract of 15DEC and the chain showed 08DEC. `taken`: the pane has already
 * made this choice its own (the view saves it), so `[` / `]` step from it as in any chain.
 * `listed`: the expiries of the underlying's chain when the pane has it, to name a monthly's day
 * (its name carries only the month: optionExpiry); unknown, the month goes to the loader as it is.
 * Any other instrument: its underlying's nearest expiry, or the pane's own on its own underlying.
 */
export function chainFollow(
  own: { symbol: string; expiry?: string },
  group: Pick<PaneInstrument, "tradingSymbol"> | undefined,
  taken: boolean,
  listed?: readonly string[],
): { symbol: string; expiry?: string } {
  if (!group) return own;
  const u = chainUnderlying(group.tradingSymbol);
  const named = optionExpiry(group.tradingSymbol);
  if (named && !taken) return { symbol: u, expiry: (listed && listedExpiry(named, listed)) || named };
  if (u === own.symbol) return own;
  return { symbol: u };
}
