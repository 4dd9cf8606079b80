import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Watchlist, WatchlistScrip } from "../../../src/core/wire/watchlist";
import { applyAnswer, savedOrderNote, type ListsShown, type WatchlistAnswer } from "../../../src/core/watchlist/sync";
import { orderedScrips } from "../../../src/core/watchlist/view";

/**
 * One watchlist across windows (the explorer's tabs A and B, issue 32 "every window of one browser
 * shares one session") and a second browser that is told nothing. Windows 0 and 1 are one browser:
 * an edit the broker answers in one is applied there and told to the other (app/windowWatchlists.ts);
 * window 2 is another browser. Any window may add, delete, fix an order (a sort button) or save the
 * order it shows (sortMwScrips). The model, from the spec's words and the broker's rules:
 * - addscrip puts a scrip at the end ("appends"), a duplicate is refused; deletescrip removes it;
 * - sortMwScrips gives each named scrip its sortingOrder; "scrips not named keep theirs";
 * - a window shows its list in the saved order, or in the order a sort fixed, "a scrip added since"
 *   at the end in the saved order; a scrip removed leaves the fixed order;
 * - a save sends exactly the rows the window shows, in that order; afterwards the window shows the
 *   broker's answer in its saved order, and says which scrips it never saw (where the broker keeps
 *   them) and which of those it sent were gone.
 * Windows of one browser always hold the broker's list after any edit of theirs.
 */
const MW = 302;
const PANE = "p1";
const KEY = `${PANE}|${MW}`;
const key = (t: number) => `NSEEQ:${t}`;
const symbol = (t: number) => `S${t}`;

/** The broker's list: tokens with their sortingOrder, in the order added (ties go by it). */
type BrokerRow = { token: number; order: number };
class Model {
  broker: BrokerRow[] = [];
  /** What each window last read of the list (tokens in the broker's order), and the order a sort fixed there. */
  seen: number[][] = [[], [], []];
  fixed: Array<number[] | undefined> = [undefined, undefined, undefined];

  brokerOrder(): number[] {
    return this.broker.map((r, i) => ({ ...r, i })).sort((a, b) => a.order - b.order || a.i - b.i).map((r) => r.token);
  }
  /** Window w reads the broker's list (its own answer, or a told one): a scrip gone leaves its fixed order. */
  learn(w: number): void {
    this.seen[w] = this.brokerOrder();
    this.fixed[w] = this.fixed[w]?.filter((t) => this.seen[w]!.includes(t));
  }
  /** An edit answered in window w: w and the windows of its browser read it. */
  answered(w: number): void {
    for (const v of w === 2 ? [2] : [0, 1]) this.learn(v);
  }
  /** What window w shows: its fixed order, then scrips added since in the saved order. */
  shows(w: number): number[] {
    const f = this.fixed[w];
    if (!f || f.length === 0) return this.seen[w]!;
    return [...f, ...this.seen[w]!.filter((t) => !f.includes(t))];
  }
}

const row = (token: number, sortingOrder: number): WatchlistScrip =>
  ({ exchange: "NSEEQ", token, tradingSymbol: symbol(token), sortingOrder, ltp: 0, chg: 0, pchg: 0 }) as unknown as WatchlistScrip;
const list = (scrips: WatchlistScrip[]): Watchlist => ({ mwId: MW, mwName: "Watchlist 1", isDefault: true, isEdit: true, scrips });

/** Three windows' stores, each what the app keeps (lists and fixed orders), changed only by the rules under test. */
type Real = { windows: ListsShown[] };
const shownIn = (r: Real, w: number) => orderedScrips(r.windows[w]!.lists[0]!.scrips, r.windows[w]!.shown[KEY]).map((s) => s.token);
/** The broker's answer: the whole list, as the paper broker answers it. */
const answerOf = (m: Model): WatchlistAnswer => ({ mwId: MW, scrips: m.broker.map((b) => row(b.token, b.order)) });
function tell(r: Real, w: number, a: WatchlistAnswer): void {
  for (const v of w === 2 ? [2] : [0, 1]) r.windows[v] = applyAnswer(r.windows[v]!, a);
}
function agree(m: Model, r: Real): void {
  for (const w of [0, 1, 2]) expect(shownIn(r, w)).toEqual(m.shows(w));
  // Windows of one browser hold one list.
  expect([...shownIn(r, 0)].sort()).toEqual([...shownIn(r, 1)].sort());
}

class Add implements fc.Command<Model, Real> {
  constructor(readonly w: number, readonly token: number) {}
  check = (m: Readonly<Model>) => !m.broker.some((b) => b.token === this.token);
  run(m: Model, r: Real) {
    m.broker.push({ token: this.token, order: Math.max(0, ...m.broker.map((b) => b.order)) + 1 });
    m.answered(this.w);
    tell(r, this.w, answerOf(m));
    agree(m, r);
    expect(shownIn(r, this.w)).toContain(this.token);
  }
  toString = () => `window ${this.w} adds ${this.token}`;
}

class Remove implements fc.Command<Model, Real> {
  constructor(readonly w: number, readonly token: number) {}
  // A window deletes a row it shows.
  check = (m: Readonly<Model>) => m.broker.some((b) => b.token === this.token) && m.seen[this.w]!.includes(this.token);
  run(m: Model, r: Real) {
    m.broker = m.broker.filter((b) => b.token !== this.token);
    m.answered(this.w);
    tell(r, this.w, answerOf(m));
    agree(m, r);
  }
  toString = () => `window ${this.w} deletes ${this.token}`;
}

/** A sort button in window w: an order of the rows it shows, fixed (any permutation: the prices decide it). */
class Sort implements fc.Command<Model, Real> {
  constructor(readonly w: number, readonly seed: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const rows = [...m.shows(this.w)];
    const order = rows.map((t, i) => ({ t, k: (t * 7919 + this.seed * (i + 3)) % 101 })).sort((a, b) => a.k - b.k || a.t - b.t).map((x) => x.t);
    m.fixed[this.w] = order;
    r.windows[this.w] = { ...r.windows[this.w]!, shown: { ...r.windows[this.w]!.shown, [KEY]: order.map(key) } };
    agree(m, r);
  }
  toString = () => `window ${this.w} sorts (${this.seed})`;
}

class Save implements fc.Command<Model, Real> {
  constructor(readonly w: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const sent = shownIn(r, this.w);
    const before = m.brokerOrder();
    const upToDate = [...m.seen[this.w]!].sort().join() === [...before].sort().join();
    sent.forEach((t, i) => {
      const b = m.broker.find((x) => x.token === t);
      if (b) b.order = i + 1;
    });
    m.fixed[this.w] = undefined;
    m.answered(this.w);
    const a = answerOf(m);
    if (!("scrips" in a)) throw new Error("a save answers rows");
    const note = savedOrderNote(sent.map((t) => ({ key: key(t), scrip: symbol(t) })), a.scrips);
    // The store's save: the answer, and the pane's own order dropped (data/stores/watchlist.ts saveCustomOrder).
    tell(r, this.w, a);
    const { [KEY]: _dropped, ...rest } = r.windows[this.w]!.shown;
    r.windows[this.w] = { ...r.windows[this.w]!, shown: rest };
    agree(m, r);
    // It shows what the broker holds, in its order; the rows it sent keep the order it sent.
    const held = m.brokerOrder();
    expect(shownIn(r, this.w)).toEqual(held);
    expect(held.filter((t) => sent.includes(t))).toEqual(sent.filter((t) => before.includes(t)));
    // The save names each scrip it never showed, at its row, and each it sent that was gone.
    expect(note.added).toEqual(held.flatMap((t, i) => (sent.includes(t) ? [] : [{ scrip: symbol(t), row: i + 1 }])));
    expect(note.deleted).toEqual(sent.filter((t) => !before.includes(t)).map(symbol));
    // A window that held the broker's list (always, for windows of one browser after their own edits) has nothing to say.
    if (upToDate) expect(note).toEqual({ added: [], deleted: [] });
  }
  toString = () => `window ${this.w} saves its order`;
}

const windowNo = fc.integer({ min: 0, max: 2 });
const token = fc.integer({ min: 1, max: 4 });
const commands = [
  fc.tuple(windowNo, token).map(([w, t]) => new Add(w, t)),
  fc.tuple(windowNo, token).map(([w, t]) => new Remove(w, t)),
  fc.tuple(windowNo, fc.integer({ min: 0, max: 50 })).map(([w, s]) => new Sort(w, s)),
  windowNo.map((w) => new Save(w)),
];
const fresh = (): Real => ({ windows: [0, 1, 2].map(() => ({ lists: [list([])], shown: {} })) });

describe("a watchlist across windows and browsers", () => {
  it("windows of one browser show the broker's list after any edit; a save shows the broker's answer and names what it never saw", () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`watchlistSync seed: ${seed} (FC_SEED=${seed} replays it)`);
    fc.assert(fc.property(fc.commands(commands, { maxCommands: 30 }), (cmds) => fc.modelRun(() => ({ model: new Model(), real: fresh() }), cmds)), { numRuns: 500, seed });
  });

  it("the explorer's sequence: B adds MARUTI, A sorts and saves; another browser's AXISBANK keeps its row and is named", () => {
    const m = new Model();
    const r = fresh();
    for (const c of [new Add(0, 1), new Add(0, 2), new Add(1, 3), new Add(2, 4), new Sort(0, 9), new Save(0)]) c.run(m, r);
    // Window 0 knew 1, 2, 3 (3 from window 1); 4 was added in another browser: the broker's row 4, kept.
    expect(shownIn(r, 0)).toEqual(m.brokerOrder());
    expect(shownIn(r, 0)[3]).toBe(4);
  });

  it("a rename answered in one window renames the list in the others; a list a window does not hold changes nothing", () => {
    const s: ListsShown = { lists: [list([row(1, 1)])], shown: { [KEY]: [key(1)] } };
    expect(applyAnswer(s, { mwId: MW, mwName: "Banks" }).lists[0]!.mwName).toBe("Banks");
    expect(applyAnswer(s, { mwId: 999, scrips: [] })).toBe(s);
  });
});
