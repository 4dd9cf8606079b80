import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onSignal, type RefreshSignal } from "../../../src/core/events";
import { setToastSink, type Toast } from "../../../src/core/notify";
import { orderFeedBridge, parseOrderUpdate, startOrderUpdates, type OrderFeed } from "../../../src/feed/orderUpdates";

function fakeFeed() {
  const handlers = new Map<string, (p: Uint8Array | string) => void>();
  const reconnects: Array<() => void> = [];
  const feed: OrderFeed = {
    subscribe: (topic, fn) => {
      handlers.set(topic, fn);
      return () => handlers.delete(topic);
    },
    onReconnect: (fn) => {
      reconnects.push(fn);
      return () => {};
    },
  };
  return { feed, handlers, reconnect: () => reconnects.forEach((f) => f()) };
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
    price: 0,
    slTriggerPrice: 0,
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

  const start = (opts: { notifications?: boolean; views?: string[]; gttTab?: boolean } = {}) => {
    const f = fakeFeed();
    const refetch = vi.fn();
    const stop = startOrderUpdates(f.feed, "DEMO1", {
      onScreen: () => ({ views: new Set(opts.views ?? ["orders"]), gttTab: opts.gttTab ?? false }),
      showNotifications: () => opts.notifications ?? true,
      refetchOrderBook: refetch,
    });
    return { ...f, refetch, stop, send: (p: Record<string, unknown>) => f.handlers.get("prod/updates/order/v1/DEMO1")!(msg(p)) };
  };

  it("subscribes to the client's own order topic and toasts a complete with the spec's text", () => {
    const s = start();
    expect([...s.handlers.keys()]).toEqual(["prod/updates/order/v1/DEMO1"]);
    s.send({});
    expect(toasts).toEqual([{ kind: "success", text: "Qty 10 BUY (MARKET Order)" }]);
    expect(signals).toEqual(["orders.refresh", "positions.refresh"]);
  });

  it("a rejected update shows the reason", () => {
    start().send({ orderStatus: "rejected", rejectionReason: "Insufficient funds", orderType: "LIMIT", price: 1500 });
    expect(toasts).toEqual([{ kind: "danger", text: "Qty 10 BUY @ ₹1,500.00 (LIMIT Order) Reason: Insufficient funds" }]);
  });

  it("holdings refresh on complete when home is on screen", () => {
    start({ views: ["home"] }).send({});
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
    s.send({ orderStatus: "complete", brokerUpdateTime: "t2", orderType: "LIMIT", price: 1500 });
    vi.advanceTimersByTime(600);
    expect(toasts.map((t) => t.text)).toEqual(["Qty 10 BUY @ ₹1,500.00 (LIMIT Order)"]);
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

  it("re-fetches the order book after a feed reconnect", () => {
    const s = start();
    s.reconnect();
    expect(s.refetch).toHaveBeenCalledTimes(1);
  });

  it("ignores what is not an order update", () => {
    expect(parseOrderUpdate("not json")).toBeNull();
    expect(parseOrderUpdate("{}")).toBeNull();
    expect(parseOrderUpdate(new TextEncoder().encode(msg({})))?.brokerOrderId).toBe("7");
  });

  it("runs on the shared connection through the bridge: updates in, reconnects re-fetch the book", () => {
    const bridge = orderFeedBridge();
    const refetch = vi.fn();
    startOrderUpdates(bridge.feed, "DEMO1", { onScreen: () => ({ views: new Set(["orders"]), gttTab: false }), showNotifications: () => true, refetchOrderBook: refetch });
    bridge.onStatus(true);
    bridge.onOrderUpdate(JSON.parse(msg({})));
    expect(toasts.map((t) => t.text)).toEqual(["Qty 10 BUY (MARKET Order)"]);
    expect(refetch).not.toHaveBeenCalled();
    bridge.onStatus(false);
    bridge.onStatus(true);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
