import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Watchlist, WatchlistScrip } from "../../../src/data/api/watchlist";
import { replaceScrips, rowsOf, sortPane, watchlists$ } from "../../../src/data/stores/watchlist";
import { followRow, type RowCursor } from "../../../src/core/rules/rowCursor";

/**
 * A watchlist pane's sort over any sequence of ticks, sort presses, beats of the live re-sort,
 * adds and removes (issue 29: "a sort key, and a live re-sort option"; off by default because rows
 * that jump under the cursor cost orders; "the cursor stays on its instrument by key"). The model
 * is written from those words: the order is fixed when a sort is pressed and at each beat of a
 * live re-sort, highest LTP (or volume) first with ties in the saved order; between those, ticks
 * move nothing and an added scrip goes at the end; the cursor's instrument is the same one before
 * and after anything that keeps it in the list.
 */
const PANE = "p-test";
const MW = 302;

type Key = "ltp" | "volume";
interface Model {
  scrips: Array<{ token: number; sortingOrder: number }>;
  price: Map<number, { ltp: number; volume: number }>;
  sort: Key | "custom";
  live: boolean;
  order: number[];
  cursor: number | undefined;
}

const scrip = (token: number, sortingOrder: number): WatchlistScrip =>
  ({ exchange: "NSEEQ", token, tradingSymbol: `S${token}`, sortingOrder, ltp: 0, chg: 0, pchg: 0 }) as unknown as WatchlistScrip;

/** The plain sort of the model: highest first, ties by the saved order. */
function modelSort(m: Model): number[] {
  const saved = [...m.scrips].sort((a, b) => a.sortingOrder - b.sortingOrder);
  if (m.sort === "custom") return saved.map((s) => s.token);
  const k = m.sort;
  return saved
    .map((s, i) => ({ t: s.token, v: m.price.get(s.token)?.[k] ?? 0, i }))
    .sort((a, b) => b.v - a.v || a.i - b.i)
    .map((x) => x.t);
}

type Real = { list: () => Watchlist; cursor: RowCursor };
const keysOf = () => rowsOf(watchlists$.lists.peek()[0], watchlists$.peek(), PANE).map((s) => s.token);
const live = (m: Model) => (_e: string, token: number) => {
  const p = m.price.get(token);
  return p ? { ltp: p.ltp, pchg: 0, volume: p.volume, oi: 0 } : undefined;
};

function check(m: Model, r: Real): void {
  const keys = keysOf();
  expect(keys).toEqual(m.order);
  const before = r.cursor;
  r.cursor = followRow(before, keys.map((t) => `NSEEQ:${t}`)).cursor;
  // The cursor's instrument is kept whenever it is still in the list.
  if (m.cursor !== undefined && keys.includes(m.cursor)) expect(r.cursor.key).toBe(`NSEEQ:${m.cursor}`);
  m.cursor = r.cursor.key === undefined ? undefined : Number(r.cursor.key.split(":")[1]);
}

/** The broker's answer to an add or a delete: the whole list, through the store's one door for it. */
const setScrips = (m: Model) => replaceScrips(MW, m.scrips.map((s) => scrip(s.token, s.sortingOrder)));

class Tick implements fc.Command<Model, Real> {
  constructor(readonly token: number, readonly ltp: number, readonly volume: number) {}
  check = (m: Readonly<Model>) => m.scrips.some((s) => s.token === this.token);
  run(m: Model, r: Real) {
    m.price.set(this.token, { ltp: this.ltp, volume: this.volume });
    // A tick alone moves nothing: the order was fixed when it was last taken.
    check(m, r);
  }
  toString = () => `tick ${this.token} ltp ${this.ltp} vol ${this.volume}`;
}

class Press implements fc.Command<Model, Real> {
  constructor(readonly key: Key | "custom") {}
  check = () => true;
  run(m: Model, r: Real) {
    m.sort = this.key;
    m.order = modelSort(m);
    sortPane(PANE, r.list(), { key: this.key, descending: this.key !== "custom" }, live(m));
    check(m, r);
  }
  toString = () => `sort ${this.key}`;
}

class Live implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model) {
    m.live = !m.live;
  }
  toString = () => "toggle live";
}

/** A beat of the live re-sort; the view runs it only when live is on and a sort is chosen. */
class Beat implements fc.Command<Model, Real> {
  check = (m: Readonly<Model>) => m.live && m.sort !== "custom";
  run(m: Model, r: Real) {
    m.order = modelSort(m);
    sortPane(PANE, r.list(), { key: m.sort as Key, descending: true }, live(m));
    check(m, r);
  }
  toString = () => "beat";
}

class Add implements fc.Command<Model, Real> {
  constructor(readonly token: number) {}
  check = (m: Readonly<Model>) => !m.scrips.some((s) => s.token === this.token);
  run(m: Model, r: Real) {
    const next = Math.max(0, ...m.scrips.map((s) => s.sortingOrder)) + 1;
    m.scrips.push({ token: this.token, sortingOrder: next });
    // A scrip added since the order was fixed goes at the end.
    m.order = [...m.order, this.token];
    if (m.sort === "custom") m.order = modelSort(m);
    setScrips(m);
    check(m, r);
  }
  toString = () => `add ${this.token}`;
}

class Remove implements fc.Command<Model, Real> {
  constructor(readonly token: number) {}
  check = (m: Readonly<Model>) => m.scrips.some((s) => s.token === this.token);
  run(m: Model, r: Real) {
    m.scrips = m.scrips.filter((s) => s.token !== this.token);
    m.order = m.order.filter((t) => t !== this.token);
    setScrips(m);
    check(m, r);
  }
  toString = () => `remove ${this.token}`;
}

/** The cursor moved to a row, as j/k or a click put it. */
class CursorTo implements fc.Command<Model, Real> {
  constructor(readonly at: number) {}
  check = (m: Readonly<Model>) => m.order.length > 0;
  run(m: Model, r: Real) {
    const at = this.at % m.order.length;
    r.cursor = { key: `NSEEQ:${m.order[at]}`, at };
    m.cursor = m.order[at];
  }
  toString = () => `cursor to row ${this.at}`;
}

describe("a watchlist pane's sort and live re-sort over sequences", () => {
  it("a scrip removed and added again goes at the end of a fixed order (the shrunk counterexample: sort ltp, remove 2, add 2)", () => {
    watchlists$.set({ lists: [{ mwId: MW, mwName: "Scalps", isDefault: true, isEdit: true, scrips: [scrip(1, 1), scrip(2, 2), scrip(3, 3)] }], loaded: true, shown: {}, byHand: [], leaving: [] });
    sortPane(PANE, watchlists$.lists.peek()[0]!, { key: "ltp", descending: true }, () => undefined);
    replaceScrips(MW, [scrip(1, 1), scrip(3, 3)]);
    replaceScrips(MW, [scrip(1, 1), scrip(3, 3), scrip(2, 4)]);
    expect(keysOf()).toEqual([1, 3, 2]);
  });

  it("orders as the model says and keeps the cursor on its instrument", () => {
    const token = fc.integer({ min: 1, max: 8 });
    const commands = [
      fc.tuple(token, fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 5 })).map(([t, p, v]) => new Tick(t, p, v * 100)),
      fc.constantFrom<Key | "custom">("ltp", "volume", "custom").map((k) => new Press(k)),
      fc.constant(new Live()),
      fc.constant(new Beat()),
      token.map((t) => new Add(t)),
      token.map((t) => new Remove(t)),
      fc.nat(20).map((n) => new CursorTo(n)),
    ];
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`watchlistResort seed: ${seed} (FC_SEED=${seed} replays it)`);
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 25 }), (cmds) => {
        const model: Model = { scrips: [1, 2, 3].map((t, i) => ({ token: t, sortingOrder: i + 1 })), price: new Map(), sort: "custom", live: false, order: [1, 2, 3], cursor: undefined };
        watchlists$.set({ lists: [{ mwId: MW, mwName: "Scalps", isDefault: true, isEdit: true, scrips: [] }], loaded: true, shown: {}, byHand: [], leaving: [] });
        setScrips(model);
        const real: Real = { list: () => watchlists$.lists.peek()[0]!, cursor: { key: undefined, at: 0 } };
        fc.modelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 200, seed },
    );
  });
});
