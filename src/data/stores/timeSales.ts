import { observable } from "@legendapp/state";
import { stepTape, type Print, type Tape, type TapeSnapshot } from "../../core/rules/timeAndSales";
import { panes } from "../../core/workspace/tree";
import { keyedByPane } from "./paneRecords";
import { layout$ } from "./workspace";
import { clientState } from "./sessionReset";

/**
 * Each time and sales pane's tape, by pane id (issue 32). Outside the pane's component because the
 * tiling remounts a pane whenever a pane opens, closes or moves beside it, and "the tape starts
 * when the pane opens", not when it was last drawn. Bounded: PRINTS_KEPT prints a pane
 * (core/rules/timeAndSales.ts), started afresh when the pane's instrument changes, and dropped
 * with the pane (keyedByPane) or when the pane turns to another view (shown again, it starts anew).
 */
export const tapes$ = keyedByPane(observable<Record<string, Tape>>({}));

// The prints are the day's market: a replay's day starts its tapes afresh (the live day's 10:11 prints sat
// above the replay's 09:15 ones, as if from its future), and the next client's session starts with none.
clientState({ name: "timeSales", holds: () => tapes$.peek(), reset: () => tapes$.set({}), day: true });

const VIEW = "timesales";
layout$.onChange(({ value }) => {
  const held = tapes$.peek();
  for (const p of panes(value.root)) if (p.view !== VIEW && held[p.id]) tapes$[p.id]!.delete();
});

/** A snapshot of instrument `key` as pane `paneId` saw it: a print when it carries a trade. */
export function recordSnapshot(paneId: string, key: string, snap: TapeSnapshot): void {
  const was = tapes$[paneId]!.peek();
  const next = stepTape(was, key, snap);
  if (next === was) return;
  // Another instrument with no trade to compare from yet: the old instrument's tape goes at once.
  if (next) tapes$[paneId]!.set(next);
  else tapes$[paneId]!.delete();
}

/** The prints pane `paneId` shows for instrument `key`, newest first (none while its tape is another instrument's). */
export function tapePrints(paneId: string, key: string): readonly Print[] {
  const t = tapes$[paneId]!.get();
  return t?.key === key ? t.prints : NONE;
}

const NONE: readonly Print[] = [];
