/**
 * Issue 32: the open order window follows its link group (core/workspace/follow.ts has the rule).
 * When the group's instrument changes, a pristine new-order window opens afresh on it, same side;
 * a window the trader has worked on keeps its instrument and holds the offer, which Alt+G takes.
 */
import { isExchange } from "../core/types/exchange";
import { offerLine, sameInstrument, takeOffer, windowAfterChoice, type FollowingWindow } from "../core/workspace/follow";
import { linkOf, type GroupInstruments } from "../core/workspace/links";
import type { Link } from "../core/workspace/linkColours";
import { panes, type PaneInstrument } from "../core/workspace/tree";
import { orderWindow$ } from "../data/stores/orderWindow";
import { layout$ } from "../data/stores/workspace";
import { openOrderWindow, ORDER_WINDOW_VIEW } from "./orderWindow";

export const SWITCH_KEY = "Alt+G";

/** The group the open window follows now: the order window pane's (its link may have been cycled since), else the opener's. */
function followedLink(): Link {
  const p = panes(layout$.peek().root).find((x) => x.view === ORDER_WINDOW_VIEW);
  return p ? linkOf(p) : orderWindow$.link.peek();
}

function followingWindow(): FollowingWindow | undefined {
  const m = orderWindow$.peek();
  if (!m.open || !m.contract || m.loading || m.accountRefusal) return undefined;
  return {
    instrument: { exchange: m.contract.exchange, token: Number(m.contract.token), tradingSymbol: m.contract.tradingSymbol },
    mode: m.state.mode,
    edited: m.edited,
    pending: m.submitting || m.attemptKey !== null,
    ...(m.groupOffer ? { offer: m.groupOffer } : {}),
  };
}

/** Opens the window afresh on `to`, pristine, on the side it showed. */
function reopenOn(to: PaneInstrument, link: Link): void {
  if (!isExchange(to.exchange)) return;
  const side = orderWindow$.state.transactionType.peek();
  void openOrderWindow({ mode: "new", transactionType: side, exchange: to.exchange, token: String(to.token), symbol: to.tradingSymbol }, { link });
}

/** A group's new instrument reaches the window (the rule's answer applied). */
export function windowSeesGroup(chosen: PaneInstrument): void {
  const w = followingWindow();
  if (!w) return;
  const next = windowAfterChoice(w, chosen);
  if (!sameInstrument(next.instrument, w.instrument)) reopenOn(next.instrument, followedLink());
  else orderWindow$.groupOffer.set(next.offer);
}

/** Alt+G: the window takes the instrument its group moved to. */
export function takeGroupOffer(): void {
  const w = followingWindow();
  if (!w?.offer) return;
  reopenOn(takeOffer(w).instrument, followedLink());
}

/** What the window says while it holds an offer. */
export const groupOfferLine = (offer: PaneInstrument): string => offerLine(offer, SWITCH_KEY);

let seen: GroupInstruments | undefined = layout$.groups.peek();
layout$.onChange(() => {
  const groups = layout$.groups.peek();
  const before = seen;
  seen = groups;
  const link = followedLink();
  if (link === "none") return;
  const now = groups?.[link];
  // Only a choice moves the window: the group's instrument changing, not any other change of the layout.
  if (now && !sameInstrument(now, before?.[link])) windowSeesGroup(now);
});
