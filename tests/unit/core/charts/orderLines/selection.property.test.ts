import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChartLine } from "../../../../../src/core/charts/orderLines/lines";
import { NO_SELECTION, stepSelection, type LineSelection, type SelectionAction } from "../../../../../src/core/charts/orderLines/selection";

/**
 * A model test of selecting and moving order lines (core/charts/orderLines/selection.ts) against a
 * small reference written from its rules, over sequences of Tab, Shift+Tab, clicks, arrows, drags,
 * Esc, Enter, answers and order books that change under the selection (orders going, re-priced,
 * added, listed in another order).
 */
const TICK = 0.05;

/** The world: orders by number, each with a price in ticks; an average line that never moves. */
interface Book {
  orders: { no: string; ticks: number }[];
}

const linesOf = (b: Book): ChartLine[] => [
  ...b.orders.map((o) => ({ id: `order:${o.no}:price`, price: o.ticks * TICK, label: `Buy 1 LIMIT`, tone: "buy" as const, target: { kind: "order" as const, orderNo: o.no, field: "price" as const } })),
  { id: "average:INTRADAY", price: 30 * TICK, label: "Average price, long 1", tone: "average" as const },
];

/** The reference: the selected ORDER (its number), the pending price in ticks, the order in flight. */
interface Ref {
  order: string | null;
  pendingTicks: number | null;
  inFlight: string | null;
}

/** Rule 1's visiting order, worked out on the book: higher price first, then the order's line id. */
function visiting(b: Book): string[] {
  return [...b.orders].sort((x, y) => y.ticks - x.ticks || (`order:${x.no}:price` < `order:${y.no}:price` ? -1 : 1)).map((o) => o.no);
}

type Cmd =
  | { k: "tab" }
  | { k: "shiftTab" }
  | { k: "click"; no: string }
  | { k: "clickAverage" }
  | { k: "arrow"; ticks: number }
  | { k: "drag"; ticks: number }
  | { k: "esc" }
  | { k: "enter" }
  | { k: "answer" }
  | { k: "remove"; no: string }
  | { k: "reprice"; no: string; ticks: number }
  | { k: "add"; no: string; ticks: number }
  | { k: "reverseList" };

/** The reference's step; answers what Enter sends (order, price in ticks), if anything, and whether Tab left the chart. */
function refStep(r: Ref, b: Book, c: Cmd): { r: Ref; b: Book; sent?: { no: string; ticks: number }; leave?: "forward" | "backward" } {
  const here = (no: string | null) => no !== null && b.orders.some((o) => o.no === no);
  const priceOf = (no: string) => b.orders.find((o) => o.no === no)!.ticks;
  const book = (nb: Book) => ({ r: here2(r, nb), b: nb });
  // Rule 6: a selected order gone from the book is deselected.
  function here2(x: Ref, nb: Book): Ref {
    return x.order !== null && !nb.orders.some((o) => o.no === x.order) ? { ...x, order: null, pendingTicks: null } : x;
  }
  switch (c.k) {
    case "remove":
      return book({ orders: b.orders.filter((o) => o.no !== c.no) });
    case "reprice":
      return book({ orders: b.orders.map((o) => (o.no === c.no ? { ...o, ticks: c.ticks } : o)) });
    case "add":
      return here(c.no) ? { r, b } : book({ orders: [...b.orders, { no: c.no, ticks: c.ticks }] });
    case "reverseList":
      return book({ orders: [...b.orders].reverse() });
    case "answer":
      return { r: { ...r, inFlight: null, pendingTicks: null }, b };
    default:
      break;
  }
  // Rule 4: while a modify is in flight nothing else acts.
  if (r.inFlight !== null) return { r, b };
  const choose = (no: string | null): Ref => (no === r.order ? r : { ...r, order: no, pendingTicks: null });
  const v = visiting(b);
  switch (c.k) {
    // Tab walks the orders from the highest price down, Shift+Tab up; nothing selected, it enters at
    // the first (Shift+Tab: the last); past the end it deselects and leaves the chart (no trap).
    // Seen as a ring with one stop outside the chart: [outside, first, ..., last].
    case "tab":
    case "shiftTab": {
      const ring = [null, ...v];
      const at = ring.indexOf(r.order);
      const to = (at + (c.k === "tab" ? 1 : -1) + ring.length) % ring.length;
      const order = ring[to]!;
      return order === null ? { r: choose(null), b, leave: c.k === "tab" ? "forward" : "backward" } : { r: choose(order), b };
    }
    case "click":
      return { r: here(c.no) ? choose(c.no) : r, b };
    case "clickAverage":
      return { r, b };
    case "arrow":
      if (r.order === null) return { r, b };
      return { r: { ...r, pendingTicks: Math.max(1, (r.pendingTicks ?? priceOf(r.order)) + c.ticks) }, b };
    case "drag":
      if (r.order === null) return { r, b };
      return { r: { ...r, pendingTicks: Math.max(1, c.ticks) }, b };
    case "esc":
      return { r: r.pendingTicks !== null ? { ...r, pendingTicks: null } : { ...r, order: null }, b };
    case "enter": {
      if (r.order === null || r.pendingTicks === null) return { r, b };
      if (r.pendingTicks === priceOf(r.order)) return { r: { ...r, pendingTicks: null }, b };
      return { r: { ...r, inFlight: r.order }, b, sent: { no: r.order, ticks: r.pendingTicks } };
    }
  }
}

function actionOf(c: Cmd): SelectionAction {
  switch (c.k) {
    case "tab":
      return { kind: "next" };
    case "shiftTab":
      return { kind: "previous" };
    case "click":
      return { kind: "pick", id: `order:${c.no}:price` };
    case "clickAverage":
      return { kind: "pick", id: "average:INTRADAY" };
    case "arrow":
      return { kind: "move", ticks: c.ticks };
    case "drag":
      // The mouse lands between ticks: a third of a tick off, rounded back onto it.
      return { kind: "drag", price: c.ticks * TICK + TICK / 3 };
    case "esc":
      return { kind: "revert" };
    case "enter":
      return { kind: "send" };
    case "answer":
      return { kind: "answered" };
    default:
      return { kind: "lines" };
  }
}

const no = fc.constantFrom("11", "12", "13", "14", "15");
const ticks = fc.integer({ min: 1, max: 60 });
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Cmd>({ k: "tab" }) },
  { weight: 2, arbitrary: fc.constant<Cmd>({ k: "shiftTab" }) },
  { weight: 2, arbitrary: no.map<Cmd>((n) => ({ k: "click", no: n })) },
  { weight: 1, arbitrary: fc.constant<Cmd>({ k: "clickAverage" }) },
  { weight: 4, arbitrary: fc.constantFrom(1, -1, 10, -10).map<Cmd>((t) => ({ k: "arrow", ticks: t })) },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 60 }).map<Cmd>((t) => ({ k: "drag", ticks: t })) },
  { weight: 2, arbitrary: fc.constant<Cmd>({ k: "esc" }) },
  { weight: 4, arbitrary: fc.constant<Cmd>({ k: "enter" }) },
  { weight: 2, arbitrary: fc.constant<Cmd>({ k: "answer" }) },
  { weight: 2, arbitrary: no.map<Cmd>((n) => ({ k: "remove", no: n })) },
  { weight: 2, arbitrary: fc.tuple(no, ticks).map<Cmd>(([n, t]) => ({ k: "reprice", no: n, ticks: t })) },
  { weight: 1, arbitrary: fc.tuple(no, ticks).map<Cmd>(([n, t]) => ({ k: "add", no: n, ticks: t })) },
  { weight: 1, arbitrary: fc.constant<Cmd>({ k: "reverseList" }) },
);
const firstBook = fc.uniqueArray(fc.record({ no, ticks }), { selector: (o) => o.no, maxLength: 5 }).map((orders) => ({ orders }));

const asState = (r: Ref): LineSelection => ({
  selected: r.order === null ? null : `order:${r.order}:price`,
  pending: r.pendingTicks === null ? null : Math.round(r.pendingTicks * TICK * 100) / 100,
  sending: r.inFlight === null ? null : `order:${r.inFlight}:price`,
});

describe("order line selection (model)", () => {
  it("follows the reference over any sequence; Enter sends one modify of the selected order, never another's", () => {
    fc.assert(
      fc.property(firstBook, fc.array(cmd, { maxLength: 60 }), (start, cmds) => {
        let s = NO_SELECTION;
        let r: Ref = { order: null, pendingTicks: null, inFlight: null };
        let b: Book = start;
        let inFlight = 0;
        for (const c of cmds) {
          const before = s;
          const next = refStep(r, b, c);
          r = next.r;
          b = next.b;
          const step = stepSelection(s, actionOf(c), linesOf(b), TICK);
          s = step.state;
          expect(s).toEqual(asState(r));
          // Tab leaves the chart exactly when the reference steps outside it.
          expect(step.leave).toBe(next.leave);
          if (next.sent) {
            // The order sent is the one selected before Enter, still in the book, at the pending price.
            expect(step.send?.line.target).toEqual({ kind: "order", orderNo: next.sent.no, field: "price" });
            expect(step.send?.line.id).toBe(before.selected);
            expect(step.send?.price).toBeCloseTo(next.sent.ticks * TICK, 9);
            inFlight++;
          } else expect(step.send).toBeUndefined();
          if (c.k === "answer") inFlight = 0;
          // One submit, one request: never two modifies in flight.
          expect(inFlight).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("Tab on a chart of three orders: three lines, then out of the chart; Shift+Tab back in at the last", () => {
    // Prices 1500.00, 1501.00 and 1499.00: Tab visits them top to bottom, 1501.00 (12), 1500.00 (11), 1499.00 (13).
    const lines = linesOf({ orders: [{ no: "11", ticks: 30000 }, { no: "12", ticks: 30020 }, { no: "13", ticks: 29980 }] });
    let s = NO_SELECTION;
    const seen: (string | null | "left")[] = [];
    for (let i = 0; i < 5; i++) {
      const step = stepSelection(s, { kind: "next" }, lines, TICK);
      s = step.state;
      seen.push(step.leave === "forward" ? "left" : s.selected);
    }
    expect(seen).toEqual(["order:12:price", "order:11:price", "order:13:price", "left", "order:12:price"]);
    // A moved line left by Tab is put back: nothing pending, nothing sent.
    s = stepSelection(s, { kind: "move", ticks: 2 }, lines, TICK).state;
    const back = stepSelection(s, { kind: "previous" }, lines, TICK);
    expect(back).toEqual({ state: NO_SELECTION, leave: "backward" });
    expect(stepSelection(back.state, { kind: "previous" }, lines, TICK).state.selected).toBe("order:13:price");
  });

  it("Enter hit five times after ↑↑↑ sends one modify, three ticks up", () => {
    const lines = linesOf({ orders: [{ no: "11", ticks: 30000 }] });
    let s = stepSelection(NO_SELECTION, { kind: "next" }, lines, TICK).state;
    for (let i = 0; i < 3; i++) s = stepSelection(s, { kind: "move", ticks: 1 }, lines, TICK).state;
    const sends = [];
    for (let i = 0; i < 5; i++) {
      const step = stepSelection(s, { kind: "send" }, lines, TICK);
      s = step.state;
      if (step.send) sends.push(step.send.price);
    }
    // 30000 ticks of 0.05 is 1500.00; three ticks up is 1500.15.
    expect(sends).toEqual([1500.15]);
  });
});
