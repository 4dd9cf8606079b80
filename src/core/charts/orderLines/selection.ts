import { tabOrder, type ChartLine } from "./lines";
import { roundToTick } from "../../rules/tick";
import { draggedPrice, movedPrice } from "./move";

/**
 * Selecting and moving an order line (issue 34). The state names the selected line by its id
 * (the order or GTT and which price), never by its place in a list: a book that re-sorts, or an
 * order that goes, can never make Enter act on another order.
 *
 * The rules:
 * 1. Only movable lines are selected. Tab selects the next one in tabOrder (top to bottom on
 *    screen); with none selected, the first. Tab on the last line deselects it and leaves the
 *    chart: the step says `leave`, and the next pane in reading order takes the keys, as Tab leaves
 *    a region of a page (a chart with orders is no focus trap; coming back, Tab starts again at
 *    the first line). Shift+Tab the same upwards: none selected, the last; on the first, it
 *    deselects and leaves backwards. A click picks a line.
 * 2. Selecting another line puts a moved line back (its pending price is dropped).
 * 3. ↑/↓ (and a drag) give the selected line a pending price, moved from the pending price or,
 *    with none, from the line's own (core/charts/orderLines/move.ts).
 * 4. Enter sends ONE modify: of the selected line, at its pending price, when that differs from the
 *    line's price. While it is in flight every key is inert (one submit, one request), however
 *    often Enter is hit; the answer ends it and drops the pending price (done: the book draws the
 *    new price; refused: the line is back where it was). Enter with the pending price equal to the
 *    line's own just drops it. Enter on a move the broker would refuse (`problemOf`, said in the bar
 *    before Enter: orderMove.ts rule 3) sends nothing and keeps the pending price, to move on or put back.
 * 5. Esc drops the pending price (the line goes back); with none, it drops the selection.
 * 6. When the lines change (the book or the GTT list answered), a selected line that is no longer
 *    there (or no longer movable) is deselected and its pending price dropped.
 * 7. Starting a drawing deselects the line and drops its pending price (the line goes back): the
 *    drawing's ↑ ↓ Enter Esc then act on the drawing alone, never on an order (FINDINGS-25 s1). It
 *    holds even while a modify is in flight: that modify is already sent, its answer still ends it.
 */
export interface LineSelection {
  selected: string | null;
  pending: number | null;
  /** The id of the line whose modify is in flight, or null. */
  sending: string | null;
}

export const NO_SELECTION: LineSelection = { selected: null, pending: null, sending: null };

export type SelectionAction =
  | { kind: "next" }
  | { kind: "previous" }
  | { kind: "pick"; id: string }
  | { kind: "move"; ticks: number }
  | { kind: "drag"; price: number }
  | { kind: "revert" }
  | { kind: "send" }
  | { kind: "answered" }
  | { kind: "lines" }
  | { kind: "deselect" };

export interface SelectionStep {
  state: LineSelection;
  /** Set only by Enter (rule 4): the line and the price to modify it to. */
  send?: { line: ChartLine; price: number };
  /** Set only by Tab past the last line or Shift+Tab before the first (rule 1): the key leaves the chart, that way. */
  leave?: "forward" | "backward";
}

function select(s: LineSelection, id: string | null): LineSelection {
  return id === s.selected ? s : { ...s, selected: id, pending: null };
}

/**
 * One step. `lines` are the chart's lines as they are now; `tickSize` the instrument's; `problemOf`
 * why the broker would refuse a line moved to a price (rule 4), undefined when it would not.
 */
export function stepSelection(s: LineSelection, a: SelectionAction, lines: readonly ChartLine[], tickSize: number, problemOf?: (line: ChartLine, price: number) => string | undefined): SelectionStep {
  const order = tabOrder(lines);
  const line = order.find((l) => l.id === s.selected);
  if (a.kind === "answered") return { state: { ...s, sending: null, pending: null } };
  if (a.kind === "lines") return { state: line ? s : { ...s, selected: null, pending: null } };
  if (a.kind === "deselect") return { state: { ...s, selected: null, pending: null } };
  // Rule 4: a modify in flight holds everything else.
  if (s.sending !== null) return { state: s };
  switch (a.kind) {
    case "next":
    case "previous": {
      const forward = a.kind === "next";
      const at = line ? order.indexOf(line) : -1;
      const n = order.length;
      // Past either end (or no line to visit): deselected, and the key goes on out of the chart.
      if (n === 0 || (forward && at === n - 1) || (!forward && at === 0)) return { state: select(s, null), leave: forward ? "forward" : "backward" };
      const to = forward ? (at < 0 ? 0 : at + 1) : at < 0 ? n - 1 : at - 1;
      return { state: select(s, order[to]!.id) };
    }
    case "pick":
      return { state: order.some((l) => l.id === a.id) ? select(s, a.id) : s };
    case "move":
      return { state: line ? { ...s, selected: line.id, pending: movedPrice(s.pending ?? line.price, a.ticks, tickSize) } : s };
    case "drag":
      return { state: line ? { ...s, pending: draggedPrice(a.price, tickSize) } : s };
    case "revert":
      return { state: s.pending !== null ? { ...s, pending: null } : { ...s, selected: null } };
    case "send": {
      if (!line || s.pending === null) return { state: s };
      // On the tick grid: a price the book sends as 1.9000000000000001 is the tick 1.90.
      if (s.pending === roundToTick(line.price, tickSize)) return { state: { ...s, pending: null } };
      if (problemOf?.(line, s.pending) !== undefined) return { state: s };
      return { state: { ...s, sending: line.id }, send: { line, price: s.pending } };
    }
  }
}
