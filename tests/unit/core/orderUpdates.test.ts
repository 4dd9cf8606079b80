import { describe, expect, it } from "vitest";
import {
  DEDUPE_FORGET_MS,
  HOLD_MS,
  isNotified,
  missedTerminalUpdates,
  OrderUpdatePipeline,
  refreshesAfterUpdate,
  terminalKey,
  type Timers,
} from "../../../src/core/rules/orderUpdates";
import { orderUpdateToast } from "../../../src/core/rules/orderToast";
import type { OrderUpdate } from "../../../src/core/types/orderUpdate";

/** A manual clock: time moves only when the test says so (no timed assertions). */
class ManualTimers implements Timers<number> {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  set(fn: () => void, ms: number): number {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  }
  clear(id: number): void {
    this.pending.delete(id);
  }
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = until;
  }
}

const upd = (over: Partial<OrderUpdate>): OrderUpdate => ({
  brokerOrderId: "O1", brokerUpdateTime: "09:20:00", orderStatus: "open", validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ", tradingSymbol: "INFY-EQ",
  transactionType: "BUY", quantity: 10, cancelledQuantity: 0, pendingQuantity: 10, filledQuantity: 0, price: 1500, slTriggerPrice: 0, averageTradedPrice: 0, modified: false,
  rejectionReason: "", topic: "prod/updates/order/v1/DEMO1", ...over,
});

const setup = () => {
  const timers = new ManualTimers();
  const shown: OrderUpdate[] = [];
  const p = new OrderUpdatePipeline(timers, (u) => shown.push(u));
  return { timers, shown, p };
};

describe("notified statuses", () => {
  // "Notified statuses: rejected, open, cancelled, trigger pending, complete, after market order req received,
  //  modify after market order req received, cancelled after market order. For IOC validity only rejected, cancelled and complete are notified."
  it.each([
    ["rejected", "DAY", true], ["open", "DAY", true], ["cancelled", "DAY", true], ["trigger pending", "DAY", true], ["complete", "DAY", true],
    ["after market order req received", "DAY", true], ["modify after market order req received", "DAY", true], ["cancelled after market order", "DAY", true],
    ["modified", "DAY", false], ["validation pending", "DAY", false], ["put order req received", "DAY", false],
    ["rejected", "IOC", true], ["cancelled", "IOC", true], ["complete", "IOC", true], ["open", "IOC", false], ["trigger pending", "IOC", false],
  ])("%s with %s: %s", (orderStatus, validity, notified) => {
    expect(isNotified({ orderStatus, validity })).toBe(notified);
  });
});

describe("the hold, the drop and the dedupe", () => {
  // "open and trigger pending updates are held for 500 ms, keeping the latest."
  it("holds open for 500 ms, then shows the latest", () => {
    const { timers, shown, p } = setup();
    expect(p.receive(upd({ brokerUpdateTime: "1" }))).toBe("held");
    timers.advance(300);
    expect(p.receive(upd({ brokerUpdateTime: "2", orderStatus: "trigger pending" }))).toBe("held");
    timers.advance(HOLD_MS - 1);
    expect(shown).toHaveLength(0);
    timers.advance(1);
    expect(shown.map((u) => [u.brokerUpdateTime, u.orderStatus])).toEqual([["2", "trigger pending"]]);
  });

  // "They are shown unless a complete or cancelled for the same order arrives first, which drops the held one."
  it.each(["complete", "cancelled"])("a %s arriving first drops the held open", (status) => {
    const { timers, shown, p } = setup();
    p.receive(upd({ brokerUpdateTime: "1" }));
    expect(p.receive(upd({ brokerUpdateTime: "2", orderStatus: status }))).toBe("shown");
    timers.advance(1000);
    expect(shown.map((u) => u.orderStatus)).toEqual([status]);
    expect(p.heldOrderIds()).toEqual([]);
  });

  it("a complete for another order does not drop the hold", () => {
    const { timers, shown, p } = setup();
    p.receive(upd({ brokerOrderId: "A" }));
    p.receive(upd({ brokerOrderId: "B", orderStatus: "complete" }));
    timers.advance(HOLD_MS);
    expect(shown.map((u) => `${u.brokerOrderId}:${u.orderStatus}`)).toEqual(["B:complete", "A:open"]);
  });

  // "Duplicates (same order id, update time and status) are ignored. The dedupe key is forgotten after 5 s."
  it("ignores duplicates until the key is forgotten after 5 s", () => {
    const { timers, shown, p } = setup();
    const u = upd({ orderStatus: "rejected", rejectionReason: "RMS" });
    expect(p.receive(u)).toBe("shown");
    expect(p.receive({ ...u })).toBe("duplicate");
    timers.advance(DEDUPE_FORGET_MS - 1);
    expect(p.receive({ ...u })).toBe("duplicate");
    timers.advance(1);
    expect(p.receive({ ...u })).toBe("shown");
    expect(shown).toHaveLength(2);
  });

  it("the same order and time with a new status is not a duplicate", () => {
    const { p } = setup();
    expect(p.receive(upd({ orderStatus: "complete" }))).toBe("shown");
    expect(p.receive(upd({ orderStatus: "cancelled" }))).toBe("shown");
  });

  it("an IOC open is not notified at all", () => {
    const { timers, shown, p } = setup();
    expect(p.receive(upd({ validity: "IOC" }))).toBe("not-notified");
    timers.advance(HOLD_MS);
    expect(shown).toHaveLength(0);
  });

  it("dispose clears every pending timer", () => {
    const { timers, shown, p } = setup();
    p.receive(upd({}));
    p.dispose();
    timers.advance(10_000);
    expect(shown).toHaveLength(0);
  });
});

describe("refreshes after a shown update", () => {
  // "On a shown update while on /orders the order list refreshes, and the GTT list refreshes after 500 ms if the GTT tab (3) is active.
  //  On complete, positions refresh; holdings refresh too when on /holdings or /home."
  // A page is "on" when a shown pane shows it (issue 10: refresh follows the panes on screen, not the route).
  it.each([
    ["open", ["orders"], false, { orders: true, gttAfterMs: null, positions: false, holdings: false, limits: false }],
    ["open", ["orders"], true, { orders: true, gttAfterMs: 500, positions: false, holdings: false, limits: false }],
    ["complete", ["position"], false, { orders: false, gttAfterMs: null, positions: true, holdings: false, limits: false }],
    ["complete", ["holdings"], false, { orders: false, gttAfterMs: null, positions: true, holdings: true, limits: false }],
    ["complete", ["home"], false, { orders: false, gttAfterMs: null, positions: true, holdings: true, limits: true }],
    ["rejected", ["holdings"], false, { orders: false, gttAfterMs: null, positions: false, holdings: false, limits: false }],
    // Tape: funds limits refresh on any shown update while they are on screen (funds, home).
    ["open", ["funds"], false, { orders: false, gttAfterMs: null, positions: false, holdings: false, limits: true }],
    ["cancelled", ["home"], false, { orders: false, gttAfterMs: null, positions: false, holdings: false, limits: true }],
    // The Investing preset: Holdings beside Funds; whichever has focus, both are on screen.
    ["complete", ["holdings", "funds", "home"], false, { orders: false, gttAfterMs: null, positions: true, holdings: true, limits: true }],
    // The Trading preset: orders and positions side by side with the watchlist.
    ["open", ["watchlist", "orders", "position", "depth"], false, { orders: true, gttAfterMs: null, positions: false, holdings: false, limits: false }],
  ] as const)("%s with %j shown (GTT tab %s)", (orderStatus, views, gttTab, plan) => {
    expect(refreshesAfterUpdate({ orderStatus }, { views: new Set(views), gttTab })).toEqual(plan);
  });
});

// Issue 11: "On every reconnect the client re-fetches the order book ... and shows the terminal
// states (complete, rejected, cancelled) that it missed while disconnected, once each."
describe("terminal states missed while disconnected", () => {
  const row = (brokerOrderId: string, orderStatus: string) => ({
    brokerOrderId, orderStatus, validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ" as const, tradingSymbol: "SBIN-EQ", transactionType: "BUY",
    quantity: 5, pendingQuantity: 0, filledQuantity: 5, price: 800, slTriggerPrice: 0, averageTradedPrice: 799.85, rejectionReason: "", orderTime: "2026-11-23T10:00:00",
  });

  it("the book's terminal rows not seen before, and no other", () => {
    const seen = new Set([terminalKey("1", "complete")]);
    const book = [row("1", "complete"), row("2", "complete"), row("3", "open"), row("4", "rejected"), row("5", "cancelled"), row("6", "trigger pending")];
    expect(missedTerminalUpdates(book, seen).map((u) => `${u.brokerOrderId} ${u.orderStatus}`)).toEqual(["2 complete", "4 rejected", "5 cancelled"]);
  });

  it("an order seen open before is missed once it is complete", () => {
    const seen = new Set([terminalKey("1", "cancelled")]);
    expect(missedTerminalUpdates([row("1", "complete")], seen)).toHaveLength(1);
  });

  it("the missed update carries what its toast needs", () => {
    const [u] = missedTerminalUpdates([{ ...row("9", "rejected"), rejectionReason: "Insufficient funds" }], new Set());
    expect(u).toMatchObject({ brokerOrderId: "9", orderStatus: "rejected", orderType: "LIMIT", price: 800, quantity: 5, transactionType: "BUY", rejectionReason: "Insufficient funds" });
  });

  // Issue 28: a fill missed while disconnected says its fill price too ("the fill price when filled").
  it("a missed fill carries the book's average traded price, and its toast says it", () => {
    const [u] = missedTerminalUpdates([row("10", "complete")], new Set());
    expect(u).toMatchObject({ averageTradedPrice: 799.85, filledQuantity: 5, modified: false });
    // Filled: the average replaces the limit; 799.85 in rupees with two decimals.
    expect(orderUpdateToast(u!).text).toBe("Filled: Qty 5 BUY SBIN-EQ @ ₹799.85 (LIMIT Order)");
  });

  // Issue 28: a toast says what happened to what; the wire's update names the product and the order's number, and a
  // fill told from the book after a reconnect stands in for it (a clean-clone CI read "Filled: Qty 10 BUY INFY-EQ @
  // ₹1,142.20 (MARKET Order)" with neither, the feed having dropped under load).
  it("a missed fill told from the book names the product, the order number and the GTT that placed it", () => {
    const [u] = missedTerminalUpdates([{ ...row("11", "complete"), product: "INTRADAY", orderNo: "26120600011", orderTag: "GTT 7" }], new Set());
    // Rule: "{Word}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order){product}{by}{fill}{no}", INTRADAY reads INTRADAY.
    expect(orderUpdateToast(u!).text).toBe("Filled: Qty 5 BUY SBIN-EQ @ ₹799.85 (LIMIT Order) INTRADAY by GTT 7, order 26120600011");
  });
});
