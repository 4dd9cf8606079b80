import { observable } from "@legendapp/state";
import { sameBasketName, type Basket, type BasketLeg } from "../../core/rules/basket";
import { fireLegs, fireToast, legName, legOrderRequest, type LegReport } from "../../core/rules/basketRun";
import { withReports } from "../../core/rules/basketLastRun";
import type { BasketRun } from "../../core/wire/baskets";
import { chargesRequestOf } from "../../core/rules/orderRequest";
import { notify } from "../../core/notify";
import { basketMargin, fireMargin, legMargins, type FireMargin, type LegMargin } from "../../core/rules/basketMargin";
import { legSlicing } from "../../core/rules/basketSlices";
import type { SliceContract, SliceVerdict } from "../../core/rules/slicing";
import { addBasketLegs, beginBasketRun, createBasket, deleteBasket, deleteBasketLegs, getBasketLegs, getBaskets, renameBasket, reportBasketRun, type NewLeg } from "../api/baskets";
import { isOk } from "../api/http";
import { checkMargin, fetchCharges, fetchSecurityInfo, orderResult, placeOrder } from "../api/orders";
import { session$ } from "./session";
import { answer } from "./answer";
import { clientState, sessionEndedSince } from "./sessionReset";
import { roundToPaisa } from "../../core/money";
import { onSignal } from "../../core/events";
import { coalesced } from "./coalesce";

/**
 * The trader's baskets as the broker last answered them, the legs of each, the margin of each
 * (its legs' margin checks, rules/basketMargin.ts) or why it is not known, and its last run as
 * the broker keeps it beside the basket (so a reload or another window sees which legs went).
 */
export interface BasketsState {
  baskets: Basket[];
  loaded: boolean;
  legs: Record<string, BasketLeg[]>;
  margin: Record<string, number>;
  /** Why a basket's margin is not known: the leg the broker's margin check refused, and its reason. */
  marginWhy: Record<string, string>;
  runs: Record<string, BasketRun>;
  /** The basket `a` adds to: the one last opened, created or named. */
  current: number | undefined;
}

const initial = (): BasketsState => ({ baskets: [], loaded: false, legs: {}, margin: {}, marginWhy: {}, runs: {}, current: undefined });
export const baskets$ = observable<BasketsState>(initial());
clientState({ name: "baskets", holds: () => baskets$.peek(), reset: () => baskets$.set(initial()), books: true });

const knownBasket = (name: string): Basket | undefined => baskets$.baskets.peek().find((b) => sameBasketName(b.basketName, name));

/**
 * The basket a command line names, with its legs. Not known here, the list is asked for first: it
 * is loaded by the Baskets pane, so a line typed before that pane was opened (after a page load,
 * in another window, or once the broker's books changed) would otherwise find no basket at all.
 */
export async function basketNamed(name: string): Promise<Basket | undefined> {
  if (!knownBasket(name)) await loadBaskets();
  return knownBasket(name);
}
export const legsOf = (basketId: number): BasketLeg[] => baskets$.legs.peek()[String(basketId)] ?? [];
export const setCurrentBasket = (basketId: number | undefined): void => {
  baskets$.current.set(basketId);
};

type Keyed = "legs" | "margin" | "marginWhy" | "runs";
/** Sets (or, with undefined, drops) one basket's entry of a keyed part. */
function put<K extends Keyed>(part: K, basketId: number, value: BasketsState[K][string] | undefined): void {
  const next = { ...baskets$[part].peek() } as BasketsState[K];
  if (value === undefined) delete next[String(basketId)];
  else next[String(basketId)] = value;
  (baskets$[part] as unknown as { set(v: BasketsState[K]): void }).set(next);
}

/** Each basket's last run of a list the broker answered, by basket id. */
const runsOf = (list: readonly Basket[]): Record<string, BasketRun> => Object.fromEntries(list.flatMap((b) => (b.lastRun ? [[String(b.basketId), b.lastRun]] : [])));

export async function loadBaskets(): Promise<void> {
  const list = await answer(getBaskets);
  if (!list) return;
  baskets$.assign({ baskets: list, loaded: true, runs: runsOf(list) });
  await Promise.all(list.map((b) => loadLegs(b.basketId)));
}

/**
 * The last runs read again, quietly (a refusal is not the trader's doing: the next change tells
 * it again). Calls while one is out collapse into one more after it, so the last answer is read
 * after the last change (coalesce.ts).
 */
const refreshRuns = coalesced(async () => {
  const ended = sessionEndedSince();
  try {
    const e = await getBaskets();
    if (!ended() && isOk(e)) baskets$.runs.set(runsOf(e.result ?? []));
  } catch {
    /* told by the HTTP layer; the runs stay as last read */
  }
});

// Here, not in the Baskets pane: `f`'s retry reads the last run whether or not the pane is shown.
// The broker says a run changed (a firing in this window or another, an alert's, basketRunMessage.ts);
// a list nobody has asked for yet is not fetched: its first reader loads it with the runs.
onSignal("baskets.refresh", () => {
  if (baskets$.loaded.peek()) void refreshRuns();
});

async function loadLegs(basketId: number): Promise<void> {
  const legs = await answer(() => getBasketLegs(basketId));
  if (legs) setLegs(basketId, legs);
}

function setLegs(basketId: number, legs: BasketLeg[]): void {
  put("legs", basketId, legs);
  baskets$.baskets.set(baskets$.baskets.peek().map((b) => (b.basketId === basketId ? { ...b, scripCount: legs.length } : b)));
  void refreshMargin(basketId, legs);
}

/** One leg's figure from the order window's margin check (POST v2/preordermargin). */
async function legMargin(req: Parameters<typeof checkMargin>[0]): Promise<LegMargin> {
  const e = await checkMargin(req);
  const m = e.result?.[0]?.currentOrderMargin;
  return isOk(e) && m !== undefined ? { ok: true, margin: m } : { ok: false, message: e.message };
}

/**
 * How each leg goes (basketSlices.ts): whole, or as slices above its contract's freeze quantity, as
 * the order window sends it. Each leg's contract is asked of the broker; one not had goes whole (the
 * broker then says why it is refused).
 */
export async function legSlicings(legs: readonly BasketLeg[]): Promise<{ of: (leg: BasketLeg) => SliceVerdict; freezeQty: (leg: BasketLeg) => number }> {
  const contracts = new Map<number, SliceContract | undefined>();
  await Promise.all(
    legs.map(async (leg) => {
      const c = (await fetchSecurityInfo({ exchange: leg.exchange, token: String(leg.token) }).catch(() => undefined))?.result[0];
      contracts.set(leg.scripId, c);
    }),
  );
  return { of: (leg) => legSlicing(leg, contracts.get(leg.scripId)), freezeQty: (leg) => contracts.get(leg.scripId)?.freezeQty ?? 0 };
}

/** The latest margin check asked of each basket: an earlier one answering later is dropped. */
const marginAsked = new Map<number, number>();

/**
 * A basket's margin: what the broker would block for its legs as they would be placed, each leg
 * checked as the order window checks an order (not the span call, whose legs carry no product or
 * price). Not known, the figure is emptied (as a margin error empties the order window's) and
 * why is kept; an answer overtaken by a later check of the same basket is dropped. No toast: the
 * pane shows it.
 */
export async function refreshMargin(basketId: number, legs: readonly BasketLeg[] = legsOf(basketId)): Promise<number | undefined> {
  const ask = (marginAsked.get(basketId) ?? 0) + 1;
  marginAsked.set(basketId, ask);
  if (legs.length === 0) {
    put("margin", basketId, undefined);
    put("marginWhy", basketId, undefined);
    return 0;
  }
  const ended = sessionEndedSince();
  const m = await basketMargin(legs, legMargin, (await legSlicings(legs)).of);
  if (ended() || marginAsked.get(basketId) !== ask) return m.ok ? m.total : undefined;
  const leg = m.ok ? undefined : legs.find((l) => l.scripId === m.scripId);
  put("margin", basketId, m.ok ? m.total : undefined);
  put("marginWhy", basketId, m.ok ? undefined : `${leg ? `${legName(leg)}: ` : ""}${m.message}`);
  return m.ok ? m.total : undefined;
}

/**
 * A firing's margin (rules/basketMargin.ts fireMargin): each leg asked as refreshMargin asks it, the
 * legs the broker refuses left out with why, and kept nowhere: the pane's figure stays the whole basket's.
 */
export async function legsMargin(legs: readonly BasketLeg[]): Promise<FireMargin> {
  return fireMargin(legs, await legMargins(legs, legMargin, (await legSlicings(legs)).of));
}

/**
 * The charges of all the legs together, for the confirmation: each leg's charges call (as the
 * order window asks it) on its contract; undefined when any leg's could not be had.
 */
export async function basketCharges(legs: readonly BasketLeg[]): Promise<number | undefined> {
  const clientCode = session$.clientCode.peek() ?? "";
  try {
    const each = await Promise.all(
      legs.map(async (leg) => {
        const contract = (await fetchSecurityInfo({ exchange: leg.exchange, token: String(leg.token) })).result[0];
        if (!contract) return undefined;
        return (await fetchCharges(chargesRequestOf(legOrderRequest(leg, "charges"), contract, clientCode))).charges?.total;
      }),
    );
    return each.some((c) => c === undefined) ? undefined : roundToPaisa(each.reduce((a: number, c) => a + (c ?? 0), 0));
  } catch {
    return undefined;
  }
}

export async function newBasket(name: string): Promise<Basket | undefined> {
  const made = (await answer(() => createBasket(session$.clientCode.peek() ?? "", name)))?.[0];
  if (!made) return undefined;
  baskets$.baskets.set([...baskets$.baskets.peek(), made]);
  put("legs", made.basketId, []);
  setCurrentBasket(made.basketId);
  notify({ kind: "success", text: `Basket ${made.basketName} created` });
  return made;
}

export async function renameBasketTo(basketId: number, name: string): Promise<boolean> {
  const renamed = (await answer(() => renameBasket(basketId, name)))?.[0];
  if (!renamed) return false;
  baskets$.baskets.set(baskets$.baskets.peek().map((b) => (b.basketId === basketId ? { ...b, basketName: renamed.basketName } : b)));
  return true;
}

export async function removeBasket(basketId: number): Promise<boolean> {
  if (!(await answer(() => deleteBasket(basketId)))) return false;
  baskets$.baskets.set(baskets$.baskets.peek().filter((b) => b.basketId !== basketId));
  for (const part of ["legs", "margin", "marginWhy", "runs"] as const) put(part, basketId, undefined);
  if (baskets$.current.peek() === basketId) setCurrentBasket(undefined);
  return true;
}

export async function addLegs(basketId: number, legs: readonly NewLeg[]): Promise<boolean> {
  const all = await answer(() => addBasketLegs(basketId, legs));
  if (!all) return false;
  setLegs(basketId, all);
  setCurrentBasket(basketId);
  return true;
}

export async function removeLeg(basketId: number, scripId: number): Promise<boolean> {
  const all = await answer(() => deleteBasketLegs(basketId, [scripId]));
  if (!all) return false;
  setLegs(basketId, all);
  return true;
}

/**
 * Changes a leg. The spec's calls have no leg update, so the leg is deleted and added again with
 * its new fields (it moves to the end of the basket); when the broker refuses the new leg, the old
 * one is put back as it was.
 */
export async function replaceLeg(basketId: number, scripId: number, next: NewLeg): Promise<boolean> {
  const old = legsOf(basketId).find((l) => l.scripId === scripId);
  if (!old || !(await removeLeg(basketId, scripId))) return false;
  if (await addLegs(basketId, [next])) return true;
  const { scripId: _id, tradingSymbol: _sym, ...fields } = old;
  await addLegs(basketId, [fields]);
  return false;
}

/** A basket's last run as the broker last answered it, or undefined before its first firing. */
export const lastRunOf = (basketId: number): BasketRun | undefined => baskets$.runs.peek()[String(basketId)];

/** What a confirmation fires: its run, the run it replaces when new ("" for none), its legs and those going as AMO. */
export interface Firing {
  runId: string;
  replaces: string;
  scripIds: number[];
  amo: number[];
}

/**
 * Fires legs of a basket in run `f.runId` (made once, when its confirmation opened, or the last
 * run's own when it retries it): the broker is told the legs first (it refuses a run another
 * window started meanwhile, EC969), then each leg is placed under its key of the run, so a second
 * Enter or a retry never places a leg twice, and the refusals are kept on the run.
 */
export async function fireBasket(basketId: number, f: Firing): Promise<LegReport[]> {
  const ended = sessionEndedSince();
  const begun = (await answer(() => beginBasketRun(basketId, f.runId, f.replaces, f.scripIds)))?.[0];
  if (!begun) return [];
  put("runs", basketId, begun);
  // A leg edited or removed after the confirmation opened is not the leg it showed: it is not placed.
  const legs = legsOf(basketId).filter((l) => f.scripIds.includes(l.scripId));
  // A leg above its freeze quantity goes as slices, each under its key of the run (basketSlices.ts).
  const slicing = await legSlicings(legs);
  const report = await fireLegs(
    legs,
    f.runId,
    async (req) => {
      const e = await placeOrder(req);
      const r = orderResult(e.result?.[0]);
      return { status: r?.status ?? e.status, message: r?.message ?? e.message, orderNo: r?.orderNo };
    },
    (leg) => f.amo.includes(leg.scripId),
    slicing.of,
  );
  if (ended()) return report;
  const refused = report.flatMap((r) => (r.placed ? [] : [{ scripId: r.scripId, code: r.code, message: r.message }]));
  const kept = (await answer(() => reportBasketRun(basketId, f.runId, refused)))?.[0];
  put("runs", basketId, kept ?? withReports(begun, report));
  notify(fireToast(baskets$.baskets.peek().find((b) => b.basketId === basketId)?.basketName ?? "", legs, report));
  return report;
}
