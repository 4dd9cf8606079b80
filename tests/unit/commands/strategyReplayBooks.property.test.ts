import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { DeskLeg, PaneStrategy } from "../../../src/core/strategy/legs";
import type { OrderRequest } from "../../../src/core/types/order";
import { commandContext } from "./context";

/**
 * The strategy pane across a replay (issue 35: "the replay has its own books per user"). A leg is
 * held because the books hold it, and a held leg sends only the lots added to it; so what the
 * pane holds must be the books' in effect: in a replay a leg held only on the live market is a leg
 * to place (Enter sends all its lots to the replay's books), and back on the live market it is held
 * again (Enter sends nothing more there). The replace question counts the held legs of those books.
 *
 * The broker of this test keeps one set of books per name ("live", "replay 2026-11-23 a", ...), each
 * numbering its orders from 1 (a replay's books number afresh); the app is told of a switch as the
 * health answer tells it (brokerBooks.ts noteBrokerBooks). The reference model, from those words
 * alone: each Enter books, in the books in effect, each leg's lots those books do not hold yet;
 * the pane shows a leg held at the lots its books hold of it.
 */

const LOT = 75;
const books = { now: "live", keys: new Map<string, Map<string, string>>(), booked: new Map<string, Map<number, number>>(), rows: new Map<string, Array<{ key: string; orderNo: string; token: number; side: string; qty: number }>>() };
const of = <T>(m: Map<string, T>, make: () => T): T => m.get(books.now) ?? (m.set(books.now, make()), m.get(books.now)!);
const ok = <T>(result: T[]) => ({ status: "Ok", message: "Success", result });

vi.mock("../../../src/data/api/orders", async (original) => ({
  ...(await original<object>()),
  fetchSecurityInfo: async ({ token }: { token: string }) => ok([{ exchange: "NSEFO", token, tradingSymbol: `NIFTY${token}`, lotSize: LOT, tickSize: 0.05, freezeQty: 1800, sliceEnable: true }]),
  placeOrder: async (req: OrderRequest) => {
    const keys = of(books.keys, () => new Map<string, string>());
    const rows = of(books.rows, () => []);
    const booked = of(books.booked, () => new Map<number, number>());
    const known = keys.get(req.clientOrderKey!);
    if (known) return ok([{ status: "Ok", message: "Success", orderNo: known }]);
    const token = Number(req.instrumentId);
    // Every books numbers its orders from 1: a replay's first order has the live one's number.
    const orderNo = `O${rows.length + 1}`;
    keys.set(req.clientOrderKey!, orderNo);
    booked.set(token, (booked.get(token) ?? 0) + req.quantity);
    rows.push({ key: req.clientOrderKey!, orderNo, token, side: req.transactionType, qty: req.quantity });
    return ok([{ status: "Ok", message: "Success", orderNo }]);
  },
  fetchOrderBook: async () => {
    const rows = of(books.rows, () => []);
    return rows.length === 0
      ? { status: "EC916", message: "No orders found", result: [] }
      : ok(rows.map((r) => ({ orderNo: r.orderNo, brokerOrderId: r.orderNo, exchange: "NSEFO", instrumentId: String(r.token), token: String(r.token), tradingSymbol: `NIFTY${r.token}`, transactionType: r.side, quantity: r.qty, product: "NORMAL", orderType: "MARKET", clientOrderKey: r.key, status: "Complete", orderStatus: "complete" })));
  },
}));
vi.mock("../../../src/data/stores/orders", async (original) => ({
  ...(await original<object>()),
  refreshOrders: async () => {},
}));

const { registry } = await import("../../../src/commands/all");
const { overlay$, closeOverlay } = await import("../../../src/data/stores/ui");
const { resetSessionState } = await import("../../../src/data/stores/sessionReset");
const { placedLegs, showStrategy, strategyOf, setStrategy } = await import("../../../src/data/stores/strategy");
const { noteBrokerBooks } = await import("../../../src/data/stores/brokerBooks");
const { replaceQuestion } = await import("../../../src/core/strategy/replace");

const BUY_TOKEN = 101;
const SELL_TOKEN = 102;
const TOKENS = [BUY_TOKEN, SELL_TOKEN];
const leg = (token: number, side: "BUY" | "SELL", lots: number): DeskLeg => ({
  token, symbol: `NIFTY${token}`, exchange: "NSEFO", optionType: "CE", strike: token === BUY_TOKEN ? 24500 : 24600, expiry: "2026-12-08", side, lots, lotSize: LOT,
});
const spread = (buyLots: number, sellLots: number): PaneStrategy => ({
  underlying: { symbol: "NIFTY", exchange: "NSEEQ", token: 26000, isIndex: true },
  legs: [leg(BUY_TOKEN, "BUY", buyLots), leg(SELL_TOKEN, "SELL", sellLots)],
  name: "NIFTY bull call spread",
});

/** The books a health answer names, as the test's broker keys them. */
type Books = "live" | "replay 2026-11-23 a" | "replay 2026-11-23 b";
function switchTo(b: Books): void {
  books.now = b;
  if (b === "live") noteBrokerBooks("sim", undefined);
  else noteBrokerBooks("replay", "2026-11-23", b.slice(-1));
}

let paneId = "";

/** Enter on the pane, then Enter on its confirmation. */
async function place(): Promise<void> {
  const ctx = commandContext("strategy", { focusedPaneId: paneId, panes: [{ id: paneId, view: "strategy", n: 1 }] });
  await registry.run("strategy.place", ctx);
  const top = overlay$.top.peek();
  if (top.kind !== "strategyConfirm") return;
  closeOverlay();
  await registry.run("strategy.place.confirmed", ctx, { paneId: top.paneId, legs: top.legs, runId: top.runId, amo: top.amo });
}

/** Units each books hold of each leg (the reference), and each leg's lots in the pane. */
interface Model {
  now: Books;
  lots: Record<number, number>;
  booked: Record<Books, Record<number, number>>;
}

function reset(buyLots: number, sellLots: number): Model {
  books.keys.clear();
  books.booked.clear();
  books.rows.clear();
  switchTo("live");
  resetSessionState();
  paneId = showStrategy(spread(buyLots, sellLots));
  const none = () => ({ [BUY_TOKEN]: 0, [SELL_TOKEN]: 0 });
  return { now: "live", lots: { [BUY_TOKEN]: buyLots, [SELL_TOKEN]: sellLots }, booked: { live: none(), "replay 2026-11-23 a": none(), "replay 2026-11-23 b": none() } };
}

const bookedNow = (t: number) => books.booked.get(books.now)?.get(t) ?? 0;

/** The pane's held lots of each leg are what the books in effect hold of it. */
function expectHeldAsBooked(m: Model): void {
  expect(strategyOf(paneId)!.legs.map((l) => l.held?.lots ?? 0)).toEqual(TOKENS.map((t) => m.booked[m.now][t]! / LOT));
}

type Step = { kind: "place" } | { kind: "switch"; to: Books } | { kind: "lots"; token: number; by: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: "place" as const }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("switch" as const), to: fc.constantFrom<Books>("live", "replay 2026-11-23 a", "replay 2026-11-23 b") }), weight: 2 },
  fc.record({ kind: fc.constant("lots" as const), token: fc.constantFrom(BUY_TOKEN, SELL_TOKEN), by: fc.integer({ min: 1, max: 4 }) }),
);

async function apply(m: Model, s: Step): Promise<void> {
  if (s.kind === "switch") {
    switchTo(s.to);
    m.now = s.to;
  } else if (s.kind === "lots") {
    // `+` on the leg (more lots): what a held leg then sends is the lots added in the books that hold it.
    const now = strategyOf(paneId)!;
    m.lots[s.token]! += s.by;
    setStrategy(paneId, { ...now, legs: now.legs.map((l) => (l.token === s.token ? { ...l, lots: m.lots[s.token]! } : l)) });
  } else {
    await place();
    for (const t of TOKENS) m.booked[m.now][t] = Math.max(m.booked[m.now][t]!, m.lots[t]! * LOT);
  }
  expect(TOKENS.map(bookedNow)).toEqual(TOKENS.map((t) => m.booked[m.now][t]));
  expectHeldAsBooked(m);
}

describe("the strategy pane's held legs follow the books in effect (live, a replay's)", () => {
  it("placed live, held; in the replay not held, Enter sends every lot to the replay's books and the replace question does not ask; back live held again, Enter sends nothing", async () => {
    const m = reset(1, 1);
    await apply(m, { kind: "place" });
    expect(strategyOf(paneId)!.legs.map((l) => l.held?.lots)).toEqual([1, 1]);
    const ask = () => replaceQuestion(strategyOf(paneId), placedLegs(paneId), { name: "NIFTY short straddle", legs: 2 });
    expect(ask()?.lines[0]).toBe("The strategy pane shows NIFTY bull call spread: 2 legs, 2 held (open positions), 2 placed from the pane.");

    await apply(m, { kind: "switch", to: "replay 2026-11-23 a" });
    expect(strategyOf(paneId)!.legs.map((l) => l.held)).toEqual([undefined, undefined]);
    // Nothing of the replay's books is in the pane: a new line replaces it without asking.
    expect(ask()).toBeUndefined();
    await apply(m, { kind: "place" });
    expect(TOKENS.map(bookedNow)).toEqual([LOT, LOT]);

    await apply(m, { kind: "switch", to: "live" });
    expect(strategyOf(paneId)!.legs.map((l) => l.held?.lots)).toEqual([1, 1]);
    const before = books.rows.get("live")!.length;
    await apply(m, { kind: "place" });
    expect(books.rows.get("live")!.length).toBe(before);
  });

  it("over any sequence of placements, lots added and switches of books, each Enter sends each books only the lots they do not hold", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.array(step, { maxLength: 10 }), async (b, s, steps) => {
        const m = reset(b, s);
        for (const x of steps) await apply(m, x);
      }),
      { numRuns: 40 },
    );
  });
});
