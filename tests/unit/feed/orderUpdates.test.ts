import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onSignal, type RefreshSignal } from "../../../src/core/events";
import { setToastSink, type Toast } from "../../../src/core/notify";
import type { BookRow } from "../../../src/core/rules/orderUpdates";
import { orderFeedBridge, parseOrderUpdate, startOrderUpdates, type OrderFeed } from "../../../src/feed/orderUpdates";
import { latency$, recordAck } from "../../../src/data/stores/latency";
import { noteBrokerBooks } from "../../../src/data/stores/brokerBooks";

function fakeFeed() {
  const handlers = new Map<string, (p: Uint8Array | string) => void>();
  const reconnects: Array<() => void> = [];
  const disconnects: Array<() => void> = [];
  const feed: OrderFeed = {
    subscribe: (topic, fn) => {
      handlers.set(topic, fn);
      return () => handlers.delete(topic);
    },
    onReconnect: (fn) => {
      reconnects.push(fn);
      return () => {};
    },
    onDisconnect: (fn) => {
      disconnects.push(fn);
      return () => {};
    },
  };
  return { feed, handlers, reconnect: () => reconnects.forEach((f) => f()), disconnect: () => disconnects.forEach((f) => f()) };
}

const msg = (p: Record<string, unknown>) =>
  JSON.stringify({
    brokerOrderId: "7",
    brokerUpdateTime: "t1",
    orderStatus: "complete",
    validity: "DAY",
    orderType: "MARKET",
    exchange: "NSEEQ",
    tradingSymbol: "INFY-EQ",
    transactionType: "BUY",
    quantity: 10,
    filledQuantity: 10,
    price: 0,
    slTriggerPrice: 0,
    averageTradedPrice: 1501.25,
    ...p,
  });

describe("order-update pipeline in the feed", () => {
  let toasts: Toast[];
  let signals: RefreshSignal[];
  let offs: Array<() => void>;
  beforeEach(() => {
    vi.useFakeTimers();
    toasts = [];
    signals = [];
    setToastSink((t) => toasts.push(t));
    offs = (["orders.refresh", "positions.refresh", "holdings.refresh", "gtt.refresh"] as const).map((s) => onSignal(s, () => signals.push(s)));
  });
  afterEach(() => {
    offs.forEach((o) => o());
    vi.useRealTimers();
  });

  const start = (opts: { notifications?: boolean; views?: string[]; gttTab?: boolean; book?: BookRow[]; books?: { now: string | undefined } } = {}) => {
    const f = fakeFeed();
    const book = { now: opts.book ?? [] };
    const refetch = vi.fn(async () => book.now);
    const books = opts.books;
    const stop = startOrderUpdates(f.feed, "DEMO1", {
      onScreen: () => ({ views: new Set(opts.views ?? ["orders"]), gttTab: opts.gttTab ?? false }),
      showNotifications: () => opts.notifications ?? true,
      orderBook: () => book.now,
      refetchOrderBook: refetch,
      ...(books ? { books: async () => books.now } : {}),
    });
    return { ...f, book, refetch, stop, send: (p: Record<string, unknown>) => f.handlers.get("prod/updates/order/v1/DEMO1")!(msg(p)) };
  };

  // Issue 28: "{Word}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order)"; Filled says the average traded price.
  it("subscribes to the client's own order topic and toasts a complete with the spec's text, the instrument and the fill price", () => {
    const s = start();
    expect([...s.handlers.keys()]).toEqual(["prod/updates/order/v1/DEMO1"]);
    s.send({});
    expect(toasts).toEqual([{ kind: "success", text: "Filled: Qty 10 BUY INFY-EQ @ ₹1,501.25 (MARKET Order)" }]);
    expect(signals).toEqual(["orders.refresh", "positions.refresh"]);
  });

  it("a fired price alert on the order topic is a toast and an alerts refresh, even with notifications off, and not an order update", () => {
    const s = start({ notifications: false });
    const off = onSignal("alerts.refresh", () => signals.push("alerts.refresh"));
    s.handlers.get("prod/updates/order/v1/DEMO1")!(
      JSON.stringify({ messageKind: "alert", alertId: 3, exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ", condition: "BELOW", value: 1400, ltp: 1399.5, triggeredAt: "2026-11-23T05:00:00.000Z" }),
    );
    off();
    expect(toasts).toEqual([{ kind: "success", text: "Alert: INFY-EQ at ₹1,399.50, at or below ₹1,400.00" }]);
    expect(signals).toEqual(["alerts.refresh"]);
  });

  it("a rejected update shows the reason", () => {
    start().send({ orderStatus: "rejected", rejectionReason: "Insufficient funds", orderType: "LIMIT", price: 1500, filledQuantity: 0, averageTradedPrice: 0 });
    expect(toasts).toEqual([{ kind: "danger", text: "Rejected: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order). Reason: Insufficient funds" }]);
  });

  it("holdings refresh on complete when home is on screen", () => {
    start({ views: ["home"] }).send({});
    expect(signals).toEqual(["orders.refresh", "positions.refresh", "holdings.refresh"]);
  });

  // Tape's addition (FillWatch): a part fill moves the position. The explorer's case: 565 of 4,000 ITC
  // filled ("open", not notified), then the rest cancelled after 2,108 had filled; the positions
  // showed neither and Exit sold the quantity before them.
  it("a part fill refreshes positions, and a part-filled order cancelled too; the same fill told again does not", () => {
    const s = start({ views: ["positions"] });
    s.send({ orderStatus: "open", orderType: "LIMIT", price: 299.4, quantity: 4000, filledQuantity: 565, brokerUpdateTime: "t1" });
    expect(signals).toEqual(["orders.refresh", "positions.refresh"]);
    signals.length = 0;
    s.send({ orderStatus: "open", orderType: "LIMIT", price: 299.4, quantity: 4000, filledQuantity: 565, brokerUpdateTime: "t2" });
    expect(signals).toEqual(["orders.refresh"]);
    signals.length = 0;
    s.send({ orderStatus: "cancelled", orderType: "LIMIT", price: 299.4, quantity: 4000, filledQuantity: 2108, brokerUpdateTime: "t3" });
    expect(signals).toEqual(["orders.refresh", "positions.refresh"]);
    signals.length = 0;
    // An order cancelled with nothing filled moves no position.
    s.send({ brokerOrderId: "8", orderStatus: "cancelled", orderType: "LIMIT", price: 299.4, quantity: 10, filledQuantity: 0, brokerUpdateTime: "t4" });
    expect(signals).toEqual(["orders.refresh"]);
  });

  it("a part fill with Home on screen refreshes holdings too; a complete refreshes positions once", () => {
    const s = start({ views: ["home"] });
    s.send({ orderStatus: "open", quantity: 10, filledQuantity: 4, brokerUpdateTime: "t1" });
    expect(signals).toEqual(["orders.refresh", "positions.refresh", "holdings.refresh"]);
    signals.length = 0;
    s.send({ orderStatus: "complete", quantity: 10, filledQuantity: 10, brokerUpdateTime: "t2" });
    expect(signals).toEqual(["orders.refresh", "positions.refresh", "holdings.refresh"]);
  });

  it("respects isShowNotifications", () => {
    start({ notifications: false }).send({});
    expect(toasts).toEqual([]);
  });

  it("holds an open update 500 ms and drops it when the complete comes first", () => {
    const s = start();
    s.send({ orderStatus: "open", orderType: "LIMIT", price: 1500 });
    expect(toasts).toHaveLength(0);
    s.send({ orderStatus: "complete", brokerUpdateTime: "t2", orderType: "LIMIT", price: 1500, averageTradedPrice: 1499.5 });
    vi.advanceTimersByTime(600);
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 10 BUY INFY-EQ @ ₹1,499.50 (LIMIT Order)"]);
  });

  it("shows a held open update after 500 ms", () => {
    const s = start();
    s.send({ orderStatus: "open", orderType: "LIMIT", price: 1500 });
    vi.advanceTimersByTime(499);
    expect(toasts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(toasts).toHaveLength(1);
  });

  it("the GTT list refreshes 500 ms after a shown update when the GTT tab is active", () => {
    const s = start({ gttTab: true });
    s.send({ orderStatus: "cancelled" });
    expect(signals).not.toContain("gtt.refresh");
    vi.advanceTimersByTime(500);
    expect(signals).toContain("gtt.refresh");
  });

  // FINDINGS-29 s1: a GTT placed, modified or cancelled in one window reaches every window of the user (gttChange.ts):
  // the GTT book reloads at once, whatever is on screen (the chart draws its lines from it), quietly (the acting window toasted).
  it("a GTT placed, modified or cancelled in another window reloads the GTT book at once, with no toast and no order refresh", () => {
    const s = start({ views: ["home"], gttTab: false });
    for (const change of ["PLACED", "MODIFIED", "CANCELLED"]) s.send({ messageKind: "gttChange", gttId: "1796618099834354", change });
    expect(signals).toEqual(["gtt.refresh", "gtt.refresh", "gtt.refresh"]);
    expect(toasts).toEqual([]);
  });

  it("re-fetches the order book, positions and funds after a feed reconnect", () => {
    const s = start();
    let funds = 0;
    offs.push(onSignal("limits.refresh", () => funds++));
    s.reconnect();
    expect(s.refetch).toHaveBeenCalledTimes(1);
    expect(signals).toEqual(["positions.refresh", "holdings.refresh", "gtt.refresh"]);
    expect(funds).toBe(1);
  });

  // Tape's decision: the other books the broker keeps reload too, at once and whatever is on
  // screen (a GTT may have triggered while away; after a switch to or from a replay the broker's
  // books are another database's).
  it("after a feed reconnect the GTT list, the alerts and the risk desk reload too, with no update shown", () => {
    const s = start({ views: ["home"], gttTab: false });
    const more: string[] = [];
    offs.push(onSignal("alerts.refresh", () => more.push("alerts")), onSignal("risk.refresh", () => more.push("risk")));
    s.reconnect();
    expect(signals).toContain("gtt.refresh");
    expect(more).toEqual(["alerts", "risk"]);
  });

  // Issue 11: "On every reconnect the client ... shows the terminal states (complete, rejected,
  // cancelled) that it missed while disconnected, once each."
  it("after a reconnect shows the terminal states missed while disconnected, once each", async () => {
    const row = (id: string, orderStatus: string): BookRow => ({
      brokerOrderId: id, orderStatus, validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ", tradingSymbol: "SBIN-EQ", transactionType: "BUY",
      quantity: 5, pendingQuantity: 5, filledQuantity: 0, price: 800, slTriggerPrice: 0, averageTradedPrice: 0,
    });
    const s = start({ book: [row("1", "complete"), row("2", "open"), row("3", "open")] });
    s.send({ brokerOrderId: "3", orderStatus: "cancelled" }); // seen on the wire before the drop
    s.disconnect();
    s.book.now = [row("1", "complete"), { ...row("2", "complete"), pendingQuantity: 0, filledQuantity: 5, averageTradedPrice: 799.9 }, row("3", "cancelled"), { ...row("4", "rejected"), rejectionReason: "RMS" }];
    toasts = [];
    s.reconnect();
    await vi.waitFor(() => expect(s.refetch).toHaveBeenCalled());
    await Promise.resolve();
    expect(toasts).toEqual([
      { kind: "success", text: "Filled: Qty 5 BUY SBIN-EQ @ ₹799.90 (LIMIT Order)" },
      { kind: "danger", text: "Rejected: Qty 5 BUY SBIN-EQ @ ₹800.00 (LIMIT Order). Reason: RMS" },
    ]);
    s.disconnect();
    s.reconnect();
    await Promise.resolve();
    await Promise.resolve();
    expect(toasts).toHaveLength(2);
  });

  // Tape's decision (issue 35): a reconnect to other books (a replay started, or left) missed
  // nothing of them: their terminal orders, a replay's earlier run of the same day, are learnt, not shown.
  it("a reconnect to other books shows none of their terminal orders; a later reconnect to the same books shows what it missed", async () => {
    const row = (id: string, orderStatus: string): BookRow => ({
      brokerOrderId: id, orderStatus, validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ", tradingSymbol: "SBIN-EQ", transactionType: "BUY",
      quantity: 5, pendingQuantity: 0, filledQuantity: 5, price: 800, slTriggerPrice: 0, averageTradedPrice: 800,
    });
    const books = { now: "live" as string | undefined };
    const s = start({ book: [row("1", "complete")], books });
    await vi.waitFor(() => expect(s.refetch).not.toHaveBeenCalled());
    await Promise.resolve();
    // The broker restarts on a replayed day, whose book has an earlier run's fills.
    s.disconnect();
    books.now = "replay 2026-11-23";
    s.book.now = [row("7", "complete"), row("8", "cancelled")];
    toasts = [];
    s.reconnect();
    await vi.waitFor(() => expect(s.refetch).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await Promise.resolve();
    expect(toasts).toEqual([]);
    // Within the replay: a fill missed while the feed was away is shown, once.
    s.disconnect();
    s.book.now = [row("7", "complete"), row("8", "cancelled"), row("9", "complete")];
    s.reconnect();
    await vi.waitFor(() => expect(s.refetch).toHaveBeenCalledTimes(2));
    await Promise.resolve();
    await Promise.resolve();
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 5 BUY SBIN-EQ @ ₹800.00 (LIMIT Order)"]);
  });

  // FINDINGS-29 §6: a replay numbers its orders afresh, so its order 1 is not the live order 1. A replay fill missed
  // while the feed was away is shown once, though the live order of that number was seen filled before the replay.
  it("a replay order sharing a live order's number: its missed fill is shown, not taken for the live one's", async () => {
    const row = (id: string, orderStatus: string, symbol: string): BookRow => ({
      brokerOrderId: id, orderStatus, validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ", tradingSymbol: symbol, transactionType: "BUY",
      quantity: 5, pendingQuantity: orderStatus === "complete" ? 0 : 5, filledQuantity: orderStatus === "complete" ? 5 : 0, price: 800, slTriggerPrice: 0, averageTradedPrice: orderStatus === "complete" ? 800 : 0,
    });
    const books = { now: "live" as string | undefined };
    const s = start({ book: [row("1", "complete", "SBIN-EQ")], books });
    await Promise.resolve();
    s.disconnect();
    books.now = "replay 2026-12-07 r1";
    s.book.now = [row("1", "open", "INFY-EQ")];
    toasts = [];
    s.reconnect();
    await vi.waitFor(() => expect(s.refetch).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await Promise.resolve();
    s.disconnect();
    s.book.now = [row("1", "complete", "INFY-EQ")];
    s.reconnect();
    await vi.waitFor(() => expect(s.refetch).toHaveBeenCalledTimes(2));
    await Promise.resolve();
    await Promise.resolve();
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 5 BUY INFY-EQ @ ₹800.00 (LIMIT Order)"]);
  });

  // ci58: a replay's broker answers (its badge shows, an order can be placed) up to the feed's 2 s reconnect period
  // before the feed is back on it. The order's update then goes to nobody: the book re-read at the reconnect is the
  // first the window hears of it. Its latency entry stayed "–" ("Enter to first update") and its fill, being in
  // other books than the feed's last, was learnt and never told.
  it("an order placed on a replay's books before the feed is back on them: the reconnect's book gives its first update and tells its fill", async () => {
    const row: BookRow = {
      brokerOrderId: "2611230000001", orderStatus: "complete", validity: "DAY", orderType: "MARKET", exchange: "NSEEQ", tradingSymbol: "INFY-EQ", transactionType: "BUY",
      quantity: 1, pendingQuantity: 0, filledQuantity: 1, price: 0, slTriggerPrice: 0, averageTradedPrice: 1600,
    };
    latency$.set({ entries: [], sessions: [] });
    noteBrokerBooks("fixed", undefined);
    const books = { now: "live" as string | undefined };
    const s = start({ book: [], books });
    await Promise.resolve();
    s.disconnect();
    // The broker restarted on the replay; its health answer came first (the badge), then the order, Enter at 0 ms.
    noteBrokerBooks("replay", "2026-11-23", "r1");
    books.now = "replay 2026-11-23 r1";
    const enterAt = performance.now();
    recordAck("2611230000001", "INFY-EQ", enterAt, enterAt, enterAt + 80);
    // Filled at once; its update went out while the feed was away. The feed is back 1,900 ms after the Enter.
    s.book.now = [row];
    vi.advanceTimersByTime(1_900);
    toasts = [];
    s.reconnect();
    // The book and the books answer on microtasks: no fake time passes (vi.waitFor would move it on).
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(s.refetch).toHaveBeenCalledTimes(1);
    expect(latency$.entries.peek()[0]).toMatchObject({ book: "replay 2026-11-23 r1", orderNo: "2611230000001", toUpdateMs: 1_900, caughtUp: true });
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 1 BUY INFY-EQ @ ₹1,600.00 (MARKET Order)"]);
    // Its own update, late on the wire, is neither a second first update nor a second toast.
    s.send({ brokerOrderId: "2611230000001", quantity: 1, filledQuantity: 1, averageTradedPrice: 1600 });
    expect(latency$.sessions.peek().find((x) => x.book === "replay 2026-11-23 r1")!.update).toEqual([1_900]);
    expect(toasts).toHaveLength(1);
  });

  // The clean-clone CI of d350dd0 saw "Filled: Qty 10 BUY INFY-EQ @ ₹1,142.40 (MARKET Order) ×2" for one market buy: the
  // first connect's catch-up read the book after the fill and told it, then the fill's own update arrived on the wire
  // and was told again (the book's telling has no update time, so the dedupe key differed). "Once each" (issue 11).
  it("a fill told by a connect's catch-up is not told again when its own update arrives late on the wire", async () => {
    const done: BookRow = {
      brokerOrderId: "7", orderStatus: "complete", validity: "DAY", orderType: "MARKET", exchange: "NSEEQ", tradingSymbol: "INFY-EQ", transactionType: "BUY",
      quantity: 10, pendingQuantity: 0, filledQuantity: 10, price: 0, slTriggerPrice: 0, averageTradedPrice: 1501.25,
    };
    const s = start({ book: [] });
    s.book.now = [done];
    s.reconnect();
    await vi.waitFor(() => expect(s.refetch).toHaveBeenCalled());
    await Promise.resolve();
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 10 BUY INFY-EQ @ ₹1,501.25 (MARKET Order)"]);
    signals = [];
    s.send({}); // the same fill, told by the wire after the book
    expect(toasts).toHaveLength(1);
    // Still an update of the book: the list refreshes on it.
    expect(signals).toContain("orders.refresh");
    // Another order's fill on the wire is told as ever.
    s.send({ brokerOrderId: "8" });
    expect(toasts).toHaveLength(2);
  });

  it("books nobody could name (the health answer lost) are taken for the same: the missed fill is shown", async () => {
    const row = (id: string): BookRow => ({
      brokerOrderId: id, orderStatus: "complete", validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ", tradingSymbol: "SBIN-EQ", transactionType: "BUY",
      quantity: 5, pendingQuantity: 0, filledQuantity: 5, price: 800, slTriggerPrice: 0, averageTradedPrice: 800,
    });
    const books = { now: "live" as string | undefined };
    const s = start({ book: [], books });
    await Promise.resolve();
    s.disconnect();
    books.now = undefined;
    s.book.now = [row("3")];
    s.reconnect();
    await vi.waitFor(() => expect(s.refetch).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await Promise.resolve();
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 5 BUY SBIN-EQ @ ₹800.00 (LIMIT Order)"]);
  });

  // Issue 28: the update after a modify rests as open or trigger pending; the broker marks it, so it does not read like a placement.
  it("an update the broker marks as a modify's is held like any open, then says Modified with the new terms", () => {
    const s = start();
    s.send({ orderStatus: "trigger pending", orderType: "SL", price: 951, slTriggerPrice: 950, tradingSymbol: "SBIN-EQ", filledQuantity: 0, averageTradedPrice: 0 });
    vi.advanceTimersByTime(500);
    s.send({ orderStatus: "trigger pending", brokerUpdateTime: "t2", orderType: "SL", price: 946, slTriggerPrice: 945, tradingSymbol: "SBIN-EQ", filledQuantity: 0, averageTradedPrice: 0, modified: true });
    vi.advanceTimersByTime(500);
    expect(toasts.map((t) => t.text)).toEqual([
      "Trigger pending: Qty 10 BUY SBIN-EQ trigger ₹950.00 @ ₹951.00 (SL Order)",
      "Modified: Qty 10 BUY SBIN-EQ trigger ₹945.00 @ ₹946.00 (SL Order)",
    ]);
  });

  it("reads the fill price and the modify mark off the wire, and nothing else as a mark", () => {
    expect(parseOrderUpdate(msg({ modified: true }))).toMatchObject({ averageTradedPrice: 1501.25, filledQuantity: 10, modified: true });
    expect(parseOrderUpdate(msg({ modified: "yes" }))?.modified).toBe(false);
    expect(parseOrderUpdate(msg({ averageTradedPrice: undefined }))?.averageTradedPrice).toBe(0);
  });

  // The broker's update carries the order's product and number; the fill toast names both (rules/orderToast.ts).
  it("reads the product and the order number off the wire, for the toast to name", () => {
    expect(parseOrderUpdate(msg({ product: "NORMAL", orderNo: "2612060000123" }))).toMatchObject({ product: "NORMAL", orderNo: "2612060000123" });
    const bare = parseOrderUpdate(msg({}));
    expect(bare && "product" in bare).toBe(false);
    expect(bare && "orderNo" in bare).toBe(false);
  });

  it("ignores what is not an order update", () => {
    expect(parseOrderUpdate("not json")).toBeNull();
    expect(parseOrderUpdate("{}")).toBeNull();
    expect(parseOrderUpdate(new TextEncoder().encode(msg({})))?.brokerOrderId).toBe("7");
  });

  it("runs on the shared connection through the bridge: updates in, every connect (the first too) re-fetches the book", () => {
    const bridge = orderFeedBridge();
    const refetch = vi.fn(async () => []);
    startOrderUpdates(bridge.feed, "DEMO1", {
      onScreen: () => ({ views: new Set(["orders"]), gttTab: false }),
      showNotifications: () => true,
      orderBook: () => [],
      refetchOrderBook: refetch,
    });
    bridge.onStatus(true);
    // The first connect catches up too: an order placed between the book's first load and the
    // order topic's subscription sends its update to nobody (seen failing in power.spec.ts).
    expect(refetch).toHaveBeenCalledTimes(1);
    bridge.onOrderUpdate(JSON.parse(msg({})));
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 10 BUY INFY-EQ @ ₹1,501.25 (MARKET Order)"]);
    bridge.onStatus(true);
    expect(refetch).toHaveBeenCalledTimes(1);
    bridge.onStatus(false);
    bridge.onStatus(true);
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});

