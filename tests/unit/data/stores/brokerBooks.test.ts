import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";

/**
 * Issue 35: a replay keeps its books in a database of its own, and starting or leaving one
 * restarts the broker on the other books. The rule (src/data/stores/brokerBooks.ts): each time the
 * health answers name other books than the answer before (live, or a replay of one date), the
 * client's `books` states are reset and every pane mounts anew; never on the first answer, never
 * while the books stay the same, and never for the client's other states.
 */
type Answer = { clockMode: string; replayDate?: string; replayRun?: string };

const answer = fc.oneof(
  fc.constant<Answer>({ clockMode: "sim" }),
  fc.constant<Answer>({ clockMode: "wall" }),
  fc.constantFrom("2026-11-23", "2026-11-24").map<Answer>((d) => ({ clockMode: "replay", replayDate: d })),
);

/** The reference: the books an answer names, and how many times they change along the answers. */
const booksNamed = (a: Answer) => (a.clockMode === "replay" ? `replay on ${a.replayDate}` : "the live market");
const changes = (answers: Answer[]) => answers.slice(1).filter((a, i) => booksNamed(a) !== booksNamed(answers[i]!)).length;

async function fresh() {
  vi.resetModules();
  const reg = await import("../../../../src/data/stores/sessionReset");
  const panes = await import("../../../../src/data/stores/paneReload");
  const books = await import("../../../../src/data/stores/brokerBooks");
  const resets = { books: 0, other: 0 };
  reg.clientState({ name: "a book", holds: () => resets.books, reset: () => resets.books++, books: true });
  reg.clientState({ name: "a preference", holds: () => resets.other, reset: () => resets.other++ });
  const told = { n: 0 };
  books.onBrokerBooksChange(() => told.n++);
  return { note: (a: Answer) => books.noteBrokerBooks(a.clockMode, a.replayDate, a.replayRun), resets, mounts: () => panes.allPanesReloads$.peek(), told: () => told.n };
}

describe("a change of the broker's books (live, a replayed day)", () => {
  it("going into a replay, to another date's and back to live: three changes; the same books answered again: none", async () => {
    const s = await fresh();
    s.note({ clockMode: "sim" });
    s.note({ clockMode: "sim" });
    expect([s.resets.books, s.mounts()]).toEqual([0, 0]);
    s.note({ clockMode: "replay", replayDate: "2026-11-23" });
    expect([s.resets.books, s.mounts()]).toEqual([1, 1]);
    s.note({ clockMode: "replay", replayDate: "2026-11-23" });
    s.note({ clockMode: "replay", replayDate: "2026-11-24" });
    s.note({ clockMode: "sim" });
    expect([s.resets.books, s.mounts(), s.resets.other]).toEqual([3, 3, 0]);
  });

  it("the same date replayed again is another run, on books of its own: one change; the same run answered again: none", async () => {
    const s = await fresh();
    s.note({ clockMode: "replay", replayDate: "2026-11-23", replayRun: "a" });
    s.note({ clockMode: "replay", replayDate: "2026-11-23", replayRun: "a" });
    s.note({ clockMode: "replay", replayDate: "2026-11-23", replayRun: "b" });
    // The listeners (the order budget) are told too, once.
    expect([s.resets.books, s.mounts(), s.told()]).toEqual([1, 1, 1]);
  });

  it("a chain the live day answered is forgotten going into a replay (a replayed day lists other expiries), the pane's side stays", async () => {
    const s = await fresh();
    const chains = await import("../../../../src/data/stores/optionChain");
    const contracts = await import("../../../../src/data/stores/knownContracts");
    s.note({ clockMode: "sim" });
    // The live day's NIFTY chain (its nearest expiry 8 December), the put side chosen, and a contract it named.
    chains.chains$.set({ p1: { key: "NIFTY|", chain: { symbol: "NIFTY", expiry: "2026-12-08" } as never } });
    chains.chainSides$.set({ p1: "PE" });
    contracts.rememberContracts([{ exchange: "NSEFO", token: "1747044590", tradingSymbol: "NIFTY26DEC24500CE" } as never]);
    expect(contracts.knownContract("NSEFO", "1747044590")).toBeDefined();
    s.note({ clockMode: "replay", replayDate: "2026-11-23" });
    // The pane asks the replay's broker again (its chain's key is gone); the trader's choice of side is not the day's.
    expect(chains.chains$.peek()).toEqual({});
    expect(chains.chainSides$.peek()).toEqual({ p1: "PE" });
    expect(contracts.knownContract("NSEFO", "1747044590")).toBeUndefined();
  });

  it("a time and sales pane's prints of the live day are dropped going into a replay (they sat above the replay's as if from its future)", async () => {
    const s = await fresh();
    const sales = await import("../../../../src/data/stores/timeSales");
    s.note({ clockMode: "sim" });
    sales.tapes$.set({ p1: { key: "NSEEQ:1594", prints: [{ time: 36_660, price: 1140.1, quantity: 5, side: "ask" }] } as never });
    s.note({ clockMode: "replay", replayDate: "2026-11-23" });
    expect(sales.tapes$.peek()).toEqual({});
  });

  it("the first answer is a replay's (the app opened during one): nothing is reset", async () => {
    const s = await fresh();
    s.note({ clockMode: "replay", replayDate: "2026-11-23" });
    expect([s.resets.books, s.mounts()]).toEqual([0, 0]);
  });

  it("the first answer is a replay's: a pane drawn before it (from the live books, the app's start) is told the replay's books all the same", async () => {
    const s = await fresh();
    const books = await import("../../../../src/data/stores/brokerBooks");
    expect(books.booksAnswering$.peek()).toBe("live");
    s.note({ clockMode: "replay", replayDate: "2026-11-23", replayRun: "1" });
    expect([books.booksAnswering$.peek(), s.mounts()]).toEqual(["replay 2026-11-23 1", 0]);
  });

  it("over any sequence of answers, the books are reset and the panes mounted once per change of books, the rest never (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 30 }), async (answers) => {
        const s = await fresh();
        answers.forEach(s.note);
        const expected = changes(answers);
        expect(s.resets.books).toBe(expected);
        expect(s.mounts()).toBe(expected);
        expect(s.resets.other).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
