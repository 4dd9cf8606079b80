import { observable } from "@legendapp/state";
import { roundToPaisa } from "../../core/money";
import { notify } from "../../core/notify";
import { fireLegs, type LegReport } from "../../core/rules/basketRun";
import { placementProblems, switchedOffLegs, type LegVerdict } from "../../core/strategy/legCheck";
import { addLeg, legsKey, readPaneStrategy, type DeskLeg, type DeskUnderlying, type PaneStrategy } from "../../core/strategy/legs";
import { deskOrderLeg, hedgeBenefit, heldOncePlaced, holdPlaced, legIdentity, limitPremiumCorrection, orderSignature, orderToPlace, ordersToPlace, placementWaves, reportsByLeg, retriesRun, sellsHeldBack } from "../../core/strategy/placement";
import { strategyToast } from "../../core/strategy/placementToast";
import { bookedOfRun, foundReport, withFound, foundToast, holdBooked, readDeskRun, unansweredLegs, type BookRow, type DeskRun } from "../../core/strategy/run";
import { NO_WHAT_IF, type DeskWhatIf } from "../../core/strategy/whatIf";
import { markedIn, runInBooks, strategyInBooks } from "../../core/strategy/heldBooks";
import { panes } from "../../core/workspace/tree";
import { fetchOrderBook, orderResult, placeOrder } from "../api/orders";
import { isOk } from "../api/http";
import { randomId } from "../deviceId";
import type { KillSwitchRow } from "../api/risk";
import { readContract, readSpanMargin } from "../reads";
import { stampNow } from "./brokerClock";
import { basketCharges, legSlicings } from "./baskets";
import { booksAnswering } from "./brokerBooks";
import { refreshOrders } from "./orders";
import { keyedByPane } from "./paneRecords";
import { switchesOn } from "./risk";
import { clientState } from "./sessionReset";
import { layout$, workspace } from "./workspace";

/**
 * The strategy panes' state (issue 31). The legs and the last placement run are the pane's own, in
 * the saved layout (PaneState.strategy, strategyRun), so they survive a reload; what lives only for
 * the page is here, by pane: the what-if the keys moved, the margin of the set, and the run whose
 * orders this page is sending now.
 */
export interface DeskMargin {
  /** legsKey of the legs it was asked for. */
  key: string;
  /** The legs' prices it was read at (marginPricesKey); undefined until the first answer for these legs. */
  prices?: string;
  /** Asked again at new prices: the figures shown are the last prices' until the answer (the pane marks them stale). */
  reading?: boolean;
  /** undefined while asked; null when the broker could not answer. */
  set?: number | null;
  /** Each leg's margin alone, summed. */
  sum?: number | null;
  charges?: number | null;
}

export type { DeskRun };

export const deskWhatIf$ = keyedByPane(observable<Record<string, DeskWhatIf>>({}));
export const deskMargin$ = keyedByPane(observable<Record<string, DeskMargin>>({}));
/** The run id each pane's placement is sending now, in this page (a reload ends the sending, not the run: runOf). */
export const deskPlacing$ = keyedByPane(observable<Record<string, string>>({}));

clientState({
  name: "strategyDesk",
  holds: () => ({ w: deskWhatIf$.peek(), m: deskMargin$.peek(), p: deskPlacing$.peek() }),
  reset: () => {
    deskWhatIf$.set({});
    deskMargin$.set({});
    deskPlacing$.set({});
  },
});

export const whatIfOf = (paneId: string): DeskWhatIf => deskWhatIf$[paneId]!.peek() ?? NO_WHAT_IF;

/**
 * A pane's strategy as the layout keeps it, trusted field by field, held as the books in effect hold
 * it (heldBooks.ts: a leg held only live is a leg to place in a replay). Read at each call: a change
 * of books (brokerBooks.ts) needs nothing forgotten here.
 */
export function strategyOf(paneId: string | undefined): PaneStrategy | undefined {
  if (paneId === undefined) return undefined;
  const s = readPaneStrategy(panes(layout$.peek().root).find((p) => p.id === paneId)?.state?.strategy);
  return s && strategyInBooks(s, booksAnswering());
}

/** Every write of a pane's legs: a held mark made now is the books' in effect. */
export function setStrategy(paneId: string, s: PaneStrategy): void {
  workspace.setPaneState(paneId, { strategy: markedIn(s, booksAnswering()) });
}

/** A pane's last run as its state keeps it (over a reload), trusted field by field; none when it was placed in other books (heldBooks.ts runInBooks). */
export function runOf(paneId: string): DeskRun | undefined {
  return runInBooks(readDeskRun(panes(layout$.peek().root).find((p) => p.id === paneId)?.state?.strategyRun), booksAnswering());
}

function setRun(paneId: string, run: DeskRun | undefined): void {
  workspace.setPaneState(paneId, { strategyRun: run && { ...run, books: run.books ?? booksAnswering() } });
}

/** A pane's last run is forgotten: its strategy was replaced, and the results were the old legs'. */
export function forgetRun(paneId: string): void {
  setRun(paneId, undefined);
  deskPlacing$[paneId]!.delete();
}

/**
 * A whole strategy into the strategy pane beside the focused one (or the one open), which gets the
 * focus; it starts with no results and at today, the live IV and spot: a what-if left from the last
 * strategy (T+3, IV +1) read the new one's P&L at another date than the trader asked.
 */
export function showStrategy(s: PaneStrategy): string {
  workspace.showBeside("strategy", { strategy: markedIn(s, booksAnswering()) });
  // showBeside leaves the strategy pane it filled or opened focused.
  const paneId = layout$.peek().focused;
  forgetRun(paneId);
  deskWhatIf$[paneId]!.delete();
  return paneId;
}

/** The strategy pane showStrategy fills (workspace.showBeside's choice): the focused one, else the first. */
export function strategyPaneToFill(): string | undefined {
  const showing = workspace.allPanes().filter((p) => p.view === "strategy");
  return (showing.find((p) => p.id === layout$.peek().focused) ?? showing[0])?.id;
}

/** How many of a pane's legs its last run placed (by identity: a leg removed since is not counted). */
export function placedLegs(paneId: string): number {
  const run = runOf(paneId);
  const s = strategyOf(paneId);
  if (!run || !s) return 0;
  return s.legs.filter((l) => run.results[legIdentity(l)]?.placed === true).length;
}

/** The strategy pane a leg from elsewhere goes to: the focused one, else the first on screen. */
export function targetStrategyPane(): string | undefined {
  const shown = workspace.shownPanes().filter((p) => p.view === "strategy");
  return (shown.find((p) => p.id === layout$.peek().focused) ?? shown[0])?.id;
}

/**
 * Adds a leg from the option chain (`a`, `Shift+A`) to the strategy pane, opening one beside the
 * chain when there is none; the focus stays in the chain so the next leg is one key away. A leg on
 * another underlying than the pane's is refused with what to do (a payoff is drawn over one spot).
 */
export function addToStrategy(leg: DeskLeg, underlying: DeskUnderlying, fromPaneId: string): void {
  const target = targetStrategyPane();
  if (!target) {
    showStrategy({ underlying, legs: [leg] });
    workspace.focus(fromPaneId);
    sayAdded(leg);
    return;
  }
  const s = strategyOf(target);
  if (s && s.legs.length > 0 && s.underlying.symbol !== underlying.symbol) {
    notify({ kind: "danger", text: `The strategy is on ${s.underlying.symbol}: clear it (Strategy: clear legs) before adding ${underlying.symbol}` });
    return;
  }
  setStrategy(target, { underlying, legs: addLeg(s?.legs ?? [], leg) });
  sayAdded(leg);
}

const sayAdded = (leg: DeskLeg) => notify({ kind: "success", text: `${leg.side} ${leg.lots} lot${leg.lots === 1 ? "" : "s"} ${leg.symbol} added to the strategy` });

/**
 * The margin of the set and of each leg alone, from one SPAN call over every leg (as a basket's):
 * its total is the set's, the sum of its legs' own figures what they would need one by one (the
 * hedge benefit is the difference); and the charges of the orders placing the legs sends (a held
 * leg's lots are in the book already: placement.ts orderToPlace).
 */
export async function marginOfSet(legs: readonly DeskLeg[]): Promise<Omit<DeskMargin, "key">> {
  const body = legs.map((l, i) => {
    const o = deskOrderLeg(l, i);
    return { exchange: o.exchange, instrumentId: String(o.token), transactionType: o.transType, quantity: o.qty };
  });
  const [span, charges] = await Promise.all([readSpanMargin(body), basketCharges(ordersToPlace(legs)).then((c) => c ?? null, () => null)]);
  const answer = span.ok ? span.rows[0] : undefined;
  if (!answer) return { set: null, sum: null, charges };
  // A long option's LIMIT is priced at its limit, not the live price the span call used (placement.ts limitPremiumCorrection).
  const atLimits = limitPremiumCorrection(legs, answer.legs.map((l) => l.total));
  return { set: roundToPaisa(answer.totalMargin + atLimits), sum: roundToPaisa(answer.legs.reduce((a, l) => a + l.total, 0) + atLimits), charges };
}

/** When each pane last asked its margin (marginAskDelay paces price re-reads from it), and the ask a running one leaves for after it. */
const askedAt = new Map<string, number>();
const running = new Map<string, { legs: readonly DeskLeg[]; prices: string } | null>();

export const lastMarginAsk = (paneId: string): number | undefined => askedAt.get(paneId);

/**
 * Asks the margin of a pane's legs at their prices `prices` (marginPricesKey) unless it was read
 * at these. Other legs: the figures are emptied ("checking…"), they were the old legs'. The same
 * legs at other prices: the last figures stay, marked as being read again, until the answer. One
 * ask runs at a time per pane; one made meanwhile runs after it with the latest legs and prices.
 */
export async function refreshDeskMargin(paneId: string, legs: readonly DeskLeg[], prices = ""): Promise<void> {
  const key = legsKey(legs);
  const m = deskMargin$[paneId]!.peek();
  if (m?.key === key && m.prices === prices && !m.reading) return;
  if (running.has(paneId)) {
    running.set(paneId, { legs, prices });
    return;
  }
  running.set(paneId, null);
  askedAt.set(paneId, Date.now());
  try {
    if (m?.key !== key) deskMargin$[paneId]!.set({ key });
    else deskMargin$[paneId]!.reading.set(true);
    const answer = legs.length === 0 ? { set: 0, sum: 0, charges: 0 } : await marginOfSet(legs);
    if (deskMargin$[paneId]!.key.peek() === key) deskMargin$[paneId]!.set({ key, prices, ...answer });
  } finally {
    const next = running.get(paneId);
    running.delete(paneId);
    if (next) void refreshDeskMargin(paneId, next.legs, next.prices);
  }
}

/** The hedge benefit of a pane's margin: undefined while asked, null when either figure is unavailable. */
export function benefitOf(m: DeskMargin | undefined): number | null | undefined {
  if (m?.set === null || m?.sum === null) return null;
  return m?.set === undefined || m.sum === undefined ? undefined : hedgeBenefit(m.set, [m.sum]);
}

/**
 * The run a confirmation places: the pane's last run again when the legs send only orders it sent
 * and did not place (a retry: the keys are the same, so what the broker has is not placed twice;
 * placement.ts retriesRun), else a new one.
 */
export function runFor(paneId: string, legs: readonly DeskLeg[]): string {
  const last = runOf(paneId);
  // Still placing these very legs: the same run (a confirmation opened meanwhile places nothing twice).
  if (last && ((deskPlacing$[paneId]!.peek() === last.runId && last.key === legsKey(legs)) || retriesRun(last, legs))) return last.runId;
  return `st-${randomId()}`;
}

/**
 * Each leg that would be refused, checked against its contract as the broker has it now (lot size,
 * tick size: core/strategy/legCheck.ts). A contract that cannot be read is a problem too: a leg
 * is not sent unchecked, as the rest might go without it.
 */
export async function checkDeskLegs(legs: readonly DeskLeg[]): Promise<LegVerdict[]> {
  const contracts = await Promise.all(
    legs.map(async (l) => {
      const r = await readContract(l.exchange, String(l.token));
      return r.ok ? r.rows[0] : undefined;
    }),
  );
  return placementProblems(legs, contracts);
}

/** What the confirmation says of the kill switches on now over the legs (the broker refuses those legs, EC710). */
export function legsSwitchedOff(legs: readonly DeskLeg[], rows: readonly KillSwitchRow[]): string[] {
  const now = stampNow();
  const on = switchesOn(rows, now);
  return switchedOffLegs(
    legs,
    (segment) => {
      const r = on.find((x) => x.segment === segment);
      return r?.onAt && r.until ? { segment, onAt: Date.parse(r.onAt), until: Date.parse(r.until), reason: r.reason === "loss limit" ? "loss limit" : "user" } : undefined;
    },
    now,
  );
}

/**
 * Before Enter places anything: the orders of the pane's last run that got no answer (run.ts
 * unansweredLegs) are looked up in the broker's order book by the run's keys, read afresh (the
 * order book store refreshes after a placement and may not have them yet). A leg found booked is
 * held at what the book has (holdBooked), its report says where it went, the toast says what was
 * found, and Enter sends nothing: the trader confirms what goes from the legs as they are now.
 * Answers what stops Enter (said already in the toast, or to say in the status line: the book could
 * not be read, and a leg that may be booked is not sent unchecked); undefined: place as usual.
 */
export async function holdUnansweredBooked(paneId: string, name: string): Promise<{ said: boolean; text: string } | undefined> {
  const run = runOf(paneId);
  const ids = unansweredLegs(run);
  if (!run || ids.length === 0) return undefined;
  let rows: BookRow[];
  try {
    const book = await fetchOrderBook();
    if (!isOk(book) && book.status !== "EC916") throw new Error(book.message);
    rows = isOk(book) ? book.result : [];
  } catch (e) {
    const why = e instanceof Error && e.message ? e.message : "no answer";
    return { said: false, text: `Nothing sent: the order book could not be read (${why}) to see whether the orders that got no answer were booked. Press Enter to try again` };
  }
  const booked = bookedOfRun(run.runId, ids, rows);
  const s = strategyOf(paneId);
  if (!s || Object.keys(booked).length === 0 || runOf(paneId)?.runId !== run.runId) return undefined;
  const found = Object.fromEntries(Object.entries(booked).map(([id, b]) => [id, foundReport(s.legs, id, b)]));
  setRun(paneId, { ...run, results: withFound(run.results, found) });
  setStrategy(paneId, { ...s, legs: holdBooked(s.legs, booked) });
  const toast = foundToast(name, s.legs, booked);
  notify(toast);
  return { said: true, text: toast.text };
}

/**
 * Places the legs in run `runId`: the BUY legs first, answered, then the SELL legs (so the hedge's
 * margin benefit applies as the short legs arrive), and the SELL legs only when every BUY was
 * placed (placement.ts sellsHeldBack). A leg above its contract's freeze quantity goes as slices,
 * by the basket's rule (basketSlices.ts), each under its own key of the run. Each leg's result
 * stays in the pane under that leg, unless the pane was given another strategy meanwhile (its run
 * was forgotten). The toast names the strategy as `name`.
 */
export async function placeStrategy(paneId: string, legs: readonly DeskLeg[], runId: string, amo: readonly number[], name: string): Promise<LegReport[]> {
  const key = legsKey(legs);
  // The legs this run sends an order for: a held leg sending nothing shows no "Placing…".
  const ids = legs.filter((l, i) => orderToPlace(l, i) !== undefined).map(legIdentity);
  const sent = ordersToPlace(legs).map(orderSignature);
  // A leg not sent now (held: an earlier run placed it) keeps that run's answer under it.
  const before = runOf(paneId)?.results ?? {};
  const kept = Object.fromEntries(Object.entries(before).filter(([id, r]) => r.placed && !ids.includes(id)));
  // Kept with the pane before the first order goes: a reload from here on still has the run's keys.
  setRun(paneId, { runId, key, legs: ids, sent, results: kept });
  deskPlacing$[paneId]!.set(runId);
  // Each answer is kept with the pane as it comes, and each leg placed is held at once (placement.ts heldOncePlaced),
  // whatever happens to the others: a reload while the SELL wave goes finds the BUY held, not to be sent again.
  // Only while the pane still has this run: a new strategy meanwhile is another set of legs.
  const show = (reports: readonly LegReport[], placing: boolean) => {
    if (runOf(paneId)?.runId !== runId) return;
    setRun(paneId, { runId, key, legs: ids, sent, results: { ...kept, ...reportsByLeg(legs, reports) } });
    const now = strategyOf(paneId);
    const held = heldOncePlaced(legs, reports);
    if (held && now) setStrategy(paneId, { ...now, legs: holdPlaced(now.legs, held) });
    if (!placing && deskPlacing$[paneId]!.peek() === runId) deskPlacing$[paneId]!.delete();
  };
  const place = async (req: Parameters<typeof placeOrder>[0]) => {
    const e = await placeOrder(req);
    const r = orderResult(e.result?.[0]);
    return { status: r?.status ?? e.status, message: r?.message ?? e.message, orderNo: r?.orderNo };
  };
  const amoFor = (l: { scripId: number }) => amo.includes(l.scripId);
  const [buys, sells] = placementWaves(legs);
  const reports: LegReport[] = [];
  try {
    const slicing = await legSlicings([...buys, ...sells]);
    if (buys.length > 0) {
      reports.push(...(await fireLegs(buys, runId, place, amoFor, slicing.of)));
      show(reports, true);
    }
    const heldBack = sellsHeldBack(buys, reports, sells);
    if (heldBack) reports.push(...heldBack);
    else if (sells.length > 0) reports.push(...(await fireLegs(sells, runId, place, amoFor, slicing.of)));
  } finally {
    // Thrown or not, the sending is over: the pane shows what was answered, and a leg with no answer is one the next Enter asks the book about.
    reports.sort((a, b) => a.scripId - b.scripId);
    show(reports, false);
  }
  const sorted = reports;
  notify(strategyToast(name, ordersToPlace(legs), sorted));
  void refreshOrders();
  return sorted;
}
