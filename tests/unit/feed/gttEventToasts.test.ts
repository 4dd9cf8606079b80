import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onSignal, type RefreshSignal } from "../../../src/core/events";
import { setToastSink, type Toast } from "../../../src/core/notify";
import { startOrderUpdates, type OrderFeed } from "../../../src/feed/orderUpdates";

/**
 * The broker's word that a GTT changed by itself (src/core/rules/gttEvent.ts) in the order-update
 * pipeline: the GTT list reloads at once, and one toast tells each firing.
 */
const gtt = (over: Record<string, unknown>) =>
  JSON.stringify({ messageKind: "gttEvent", gttId: "5", exchange: "NSEEQ", tradingSymbol: "INFY-EQ", transactionType: "BUY", quantity: 10, triggerType: "SINGLE", leg1: { trigger: 1130, price: 1131 }, leg: 1, ltp: 1129, ...over });

/** The update of the order GTT 5 placed (its tag), a LIMIT buy of 10 at 1,131. */
const order = (over: Record<string, unknown>) =>
  JSON.stringify({ brokerOrderId: "42", brokerUpdateTime: "t1", orderStatus: "open", validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ", tradingSymbol: "INFY-EQ", transactionType: "BUY", quantity: 10, filledQuantity: 0, price: 1131, slTriggerPrice: 0, averageTradedPrice: 0, orderTag: "GTT 5", ...over });

describe("a GTT's own change on the order topic", () => {
  let toasts: Toast[];
  let signals: RefreshSignal[];
  let offs: Array<() => void>;
  beforeEach(() => {
    vi.useFakeTimers();
    toasts = [];
    signals = [];
    setToastSink((t) => toasts.push(t));
    offs = (["orders.refresh", "gtt.refresh"] as const).map((s) => onSignal(s, () => signals.push(s)));
  });
  afterEach(() => {
    offs.forEach((o) => o());
    vi.useRealTimers();
  });

  const start = (notifications = true) => {
    let handler: ((p: Uint8Array | string | object) => void) | undefined;
    const feed: OrderFeed = { subscribe: (_t, fn) => ((handler = fn), () => {}), onReconnect: () => () => {}, onDisconnect: () => () => {} };
    // The GTT tab is not on screen: the spec's 500 ms refresh after an update would not run.
    startOrderUpdates(feed, "DEMO1", { onScreen: () => ({ views: new Set(["orders"]), gttTab: false }), showNotifications: () => notifications, orderBook: () => [], refetchOrderBook: async () => [] });
    return (text: string) => handler!(text);
  };

  it("a refused firing: the GTT list reloads at once and one danger toast says it, notifications off too", () => {
    const send = start(false);
    send(gtt({ status: "FAILED", reason: "EC710: Kill switch is on for this segment: no new orders" }));
    expect(signals).toEqual(["gtt.refresh"]);
    expect(toasts).toEqual([{ kind: "danger", text: "GTT SINGLE INFY-EQ: triggered at ₹1,129.00, order refused: Qty 10 BUY INFY-EQ @ ₹1,131.00 (LIMIT Order) DELIVERY. EC710: Kill switch is on for this segment: no new orders" }]);
  });

  it("a placed firing whose order rests: the GTT's toast, not the order's held Placed; its later fill says its own", () => {
    const send = start();
    send(order({}));
    send(gtt({ status: "TRIGGERED", orderNo: "42" }));
    vi.advanceTimersByTime(600);
    expect(toasts.map((t) => t.text)).toEqual(["GTT SINGLE INFY-EQ: triggered at ₹1,129.00, placed Qty 10 BUY INFY-EQ @ ₹1,131.00 (LIMIT Order) DELIVERY, order 42"]);
    send(order({ orderStatus: "complete", brokerUpdateTime: "t2", filledQuantity: 10, averageTradedPrice: 1129 }));
    expect(toasts.map((t) => t.text).at(-1)).toBe("Filled: Qty 10 BUY INFY-EQ @ ₹1,129.00 (LIMIT Order) by GTT 5");
    expect(toasts).toHaveLength(2);
  });

  // FINDINGS-26 s4: an OCO sell whose stop-loss (1,120, limit 1,119) fired and filled at once; the fill's toast said no leg, and the GTT's was dropped.
  it("a placed firing whose order fills at once: the order's Filled toast, then the GTT's naming the leg that fired and the order", () => {
    const send = start();
    const oco = { transactionType: "SELL", triggerType: "OCO", leg1: { trigger: 1160, price: 1159 }, leg2: { trigger: 1120, price: 1119 } };
    send(order({ transactionType: "SELL", price: 1119, product: "DELIVERY", orderNo: "251206000123" }));
    send(order({ transactionType: "SELL", price: 1119, product: "DELIVERY", orderNo: "251206000123", orderStatus: "complete", brokerUpdateTime: "t2", filledQuantity: 10, averageTradedPrice: 1119.8 }));
    send(gtt({ ...oco, status: "TRIGGERED", leg: 2, ltp: 1120, orderNo: "251206000123" }));
    vi.advanceTimersByTime(600);
    expect(toasts.map((t) => t.text)).toEqual([
      "Filled: Qty 10 SELL INFY-EQ @ ₹1,119.80 (LIMIT Order) DELIVERY by GTT 5, order 251206000123",
      "GTT OCO INFY-EQ: stop-loss leg triggered at ₹1,120.00, placed Qty 10 SELL INFY-EQ @ ₹1,119.00 (LIMIT Order) DELIVERY, order 251206000123",
    ]);
    expect(signals).toContain("gtt.refresh");
  });
});
