import type { BasketLeg, BasketRun, RunLeg } from "../wire/baskets";
import type { ErrorCode } from "../errors";
import { formatDateTime } from "../format";
import { istDateKey } from "../time";
import type { LegReport } from "./basketRun";

/**
 * A basket's last run, remembered by the broker beside the basket (README: "a second Enter or a
 * retry never places a leg twice"). Decision: firing a basket again retries its last run: only the
 * legs that run did not place go, under the same run's keys; placing every leg a second time is its
 * own command with its own confirmation. A leg edited since is a new leg (the edit deletes and adds
 * it, with a new scripId), so it counts as not placed. The run lapses with the trading day (IST, on
 * the broker's clock): yesterday's DAY orders are gone, so a basket kept for every morning fires
 * whole again with `f`, and yesterday's legs are not "placed a second time".
 */

/** The run as the broker keeps it: what was asked to be placed and the refusals the app reported. Placed is never stored: it is read from the order keys. */
export interface StoredRun {
  runId: string;
  firedAt: string;
  legs: Array<{ scripId: number; name: string; refused?: { code: string; message: string } }>;
}

/** What a firing asks before it places: its run, the run it replaces when it is a new one ("" for none), and its legs. */
export interface RunAsk {
  runId: string;
  replaces: string;
  scripIds: readonly number[];
}

/**
 * The stored run after a firing says what it will place, or why it may not: the same run takes
 * the legs (a retry, or a second Enter), their old refusals dropped as they are sent again, and
 * the legs it neither placed nor still holds dropped (a refused leg edited or removed since is
 * history with no order); a new run replaces the last only when the firing knew that last run
 * (EC969: another window fired it meanwhile). Every leg named must be the basket's (EC965).
 */
export function beginRun(
  last: StoredRun | undefined,
  ask: RunAsk,
  legs: ReadonlyArray<{ scripId: number; name: string }>,
  placed: (scripId: number) => boolean,
  now: string,
): StoredRun | ErrorCode {
  const byId = new Map(legs.map((l) => [l.scripId, l]));
  if (ask.scripIds.some((id) => !byId.has(id))) return "EC965";
  const asked = [...new Set(ask.scripIds)].map((id) => ({ scripId: id, name: byId.get(id)!.name }));
  if (last && last.runId === ask.runId) {
    const kept = last.legs.filter((l) => !ask.scripIds.includes(l.scripId) && (placed(l.scripId) || byId.has(l.scripId)));
    return { ...last, legs: [...kept, ...asked].sort((a, b) => a.scripId - b.scripId) };
  }
  if ((last?.runId ?? "") !== ask.replaces) return "EC969";
  return { runId: ask.runId, firedAt: now, legs: asked.sort((a, b) => a.scripId - b.scripId) };
}

/** The refusals of a firing kept on its run; a run replaced meanwhile is left as it is. */
export function withRefusals(last: StoredRun | undefined, runId: string, refused: ReadonlyArray<{ scripId: number; code: string; message: string }>): StoredRun | undefined {
  if (!last || last.runId !== runId) return last;
  const why = new Map(refused.map((r) => [r.scripId, { code: r.code, message: r.message }]));
  return { ...last, legs: last.legs.map((l) => (why.has(l.scripId) ? { ...l, refused: why.get(l.scripId) } : l)) };
}

/** The run as answered: each leg placed when an order is booked under its key (its number), else refused with why, else sent with no answer. */
export function runAsSeen(run: StoredRun, orderNoOf: (scripId: number) => string | undefined): BasketRun {
  return {
    runId: run.runId,
    firedAt: run.firedAt,
    legs: run.legs.map((l): RunLeg => {
      const orderNo = orderNoOf(l.scripId);
      if (orderNo) return { scripId: l.scripId, name: l.name, state: "placed", orderNo };
      return l.refused ? { scripId: l.scripId, name: l.name, state: "refused", ...l.refused } : { scripId: l.scripId, name: l.name, state: "sent" };
    }),
  };
}

/** The legs of the last run that went (an order is booked for each). */
export const wentIn = (run: BasketRun | undefined): RunLeg[] => run?.legs.filter((l) => l.state === "placed") ?? [];

/**
 * What `f` places: the basket's legs its last run did not place (refused, sent with no answer, or
 * new or edited since), under that run's id, so a leg whose answer was lost goes once; with no
 * last run, every leg under a new run.
 */
export function legsNotPlaced(legs: readonly BasketLeg[], run: BasketRun | undefined): BasketLeg[] {
  const went = new Set(wentIn(run).map((l) => l.scripId));
  return legs.filter((l) => !went.has(l.scripId));
}

/** The last run's line of a leg as the view shows it, as a fire's report reads. */
export function reportOf(run: BasketRun | undefined, scripId: number): LegReport | "sent" | undefined {
  const l = run?.legs.find((x) => x.scripId === scripId);
  if (!l) return undefined;
  if (l.state === "placed") return { scripId, placed: true, orderNo: l.orderNo ?? "" };
  return l.state === "refused" ? { scripId, placed: false, code: l.code ?? "", message: l.message ?? "" } : "sent";
}

/**
 * A run updated with a firing's own answers, for when the broker's answer of the run is not had
 * (the app shows what it saw; the broker's run is read again on the next load).
 */
export function withReports(run: BasketRun, report: readonly LegReport[]): BasketRun {
  const by = new Map(report.map((r) => [r.scripId, r]));
  return {
    ...run,
    legs: run.legs.map((l): RunLeg => {
      const r = by.get(l.scripId);
      if (!r || l.state === "placed") return l;
      return r.placed ? { scripId: l.scripId, name: l.name, state: "placed", orderNo: r.orderNo } : { scripId: l.scripId, name: l.name, state: "refused", code: r.code, message: r.message };
    }),
  };
}

/** "1 order", "2 orders": the count and the word it takes. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A leg that went, as the confirmations name it: "Qty 1 BUY TCS-EQ (order 26120500000012)". */
const wentLine = (l: RunLeg) => `${l.name} (order ${l.orderNo ?? ""})`;

/**
 * What a firing's confirmation says and places. `again` is the explicit "place every leg again"
 * (its own command); else the legs not placed by the last run go, under that run's id. Nothing
 * left to place is said, with the way to place them all again, and opens no confirmation: `f`
 * Enter can never place a leg that already went.
 */
export type FirePlan =
  | { kind: "nothing"; text: string }
  | { kind: "confirm"; title: string; head: string[]; legs: BasketLeg[]; confirmLabel: string; runId: string; replaces: string };

export function firePlan(basketName: string, all: readonly BasketLeg[], last: BasketRun | undefined, again: boolean, newRunId: () => string, today: string): FirePlan {
  // A run of an earlier day places nothing today: the firing starts a new run (it still names the one it replaces, EC969).
  const run = last && istDateKey(new Date(last.firedAt)) === today ? last : undefined;
  const went = wentIn(run);
  const at = run ? formatDateTime(run.firedAt) : "";
  const legs = again ? [...all] : legsNotPlaced(all, run);
  if (legs.length === 0) {
    return {
      kind: "nothing",
      text: `Every leg of basket ${basketName} was placed in its last run (${at}): ${went.map(wentLine).join(", ")}. To place them all a second time: Basket: fire again (all legs), Shift+F`,
    };
  }
  const replaces = last?.runId ?? "";
  if (again) {
    return {
      kind: "confirm",
      title: `Fire basket ${basketName} again (all legs)`,
      head: went.length > 0 ? [`Placed a second time: ${counted(went.length, "leg")} already went in the last run (${at}): ${went.map(wentLine).join(", ")}`] : [],
      legs,
      confirmLabel: `Place ${counted(legs.length, "order")} again`,
      runId: newRunId(),
      replaces,
    };
  }
  return {
    kind: "confirm",
    title: `Fire basket ${basketName}`,
    head: went.length > 0 ? [`Already placed in the last run (${at}), not placed again: ${went.map(wentLine).join(", ")}`] : [],
    legs,
    confirmLabel: went.length > 0 ? `Place the ${counted(legs.length, "leg")} not placed` : `Place ${counted(legs.length, "order")}`,
    // The last run again (a retry): a leg whose answer was lost goes under the key it was sent with.
    runId: run ? run.runId : newRunId(),
    replaces,
  };
}

/** The basket row's summary of its last run: "1 of 2 legs placed" (a leg sent with no answer counted as not placed). */
export function runSummary(run: BasketRun | undefined): string {
  if (!run) return "";
  return `${wentIn(run).length} of ${counted(run.legs.length, "leg")} placed`;
}
