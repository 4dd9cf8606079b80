import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToastSink, type Toast } from "../../../src/core/notify";
import { DEDUPE_FORGET_MS, HOLD_MS } from "../../../src/core/rules/orderUpdates";
import { isGroupActionUpdate } from "../../../src/core/rules/sliceGroup";
import { claimSliceUpdates, settleSliceUpdate } from "../../../src/data/stores/sliceGroupUpdates";
import { startOrderUpdates, type OrderFeed } from "../../../src/feed/orderUpdates";

/**
 * A group modify or cancel (issue 19) says it once: its own toast ("Modified 2 slices: …"), and
 * not again per slice from the broker's updates (a toast says "what happened to what", once: three
 * toasts for one modify). data/stores/sliceGroupUpdates.ts: the slices are claimed before the
 * first request; the update each request caused ("Modified" for a modify, "Cancelled" for a
 * cancel) is folded; anything else a slice does is still shown; a slice refused or not answered is
 * released at its answer; one done, DEDUPE_FORGET_MS after it if its update never came.
 * The set-up line: `buy NIFTY ATM PE 1875 @ 10` went out as 1800 (b1) + 75 (b2).
 */
const TOPIC = "prod/updates/order/v1/DEMO1";

function pipeline() {
  let handler: ((p: Uint8Array | string | object) => void) | undefined;
  const feed: OrderFeed = {
    subscribe: (_t, fn) => {
      handler = fn;
      return () => (handler = undefined);
    },
    onReconnect: () => () => {},
    onDisconnect: () => () => {},
  };
  const stop = startOrderUpdates(feed, "DEMO1", { onScreen: () => ({ views: new Set(["orders"]), gttTab: false }), showNotifications: () => true, orderBook: () => [], refetchOrderBook: async () => [] });
  let t = 0;
  const send = (id: string, quantity: number, p: Record<string, unknown>) =>
    handler!(
      JSON.stringify({ brokerOrderId: id, brokerUpdateTime: `t${++t}`, validity: "DAY", orderType: "LIMIT", exchange: "NSEFO", tradingSymbol: "NIFTY26D0824550PE", transactionType: "BUY", quantity, filledQuantity: 0, price: 12, slTriggerPrice: 0, averageTradedPrice: 0, topic: TOPIC, ...p }),
    );
  return { stop, send };
}

describe("which update a group action caused", () => {
  const u = (orderStatus: string, modified = false) => ({ orderStatus, orderType: "LIMIT", modified });
  it("a modify's: the broker's modify mark ('Modified'), an AMO's modify; not a placement, fill or rejection", () => {
    expect(isGroupActionUpdate("modify", u("open", true))).toBe(true);
    expect(isGroupActionUpdate("modify", u("modify after market order req received"))).toBe(true);
    expect(isGroupActionUpdate("modify", u("open"))).toBe(false);
    expect(isGroupActionUpdate("modify", u("complete", true))).toBe(false);
    expect(isGroupActionUpdate("modify", u("rejected", true))).toBe(false);
    // A trailing stop's move carries the modify mark but is the broker's, not the trader's.
    expect(isGroupActionUpdate("modify", { ...u("trigger pending", true), modifyReason: "trail" as const })).toBe(false);
  });
  it("a cancel's: 'Cancelled' and 'AMO cancelled'; not a fill", () => {
    expect(isGroupActionUpdate("cancel", u("cancelled"))).toBe(true);
    expect(isGroupActionUpdate("cancel", u("cancelled after market order"))).toBe(true);
    expect(isGroupActionUpdate("cancel", u("complete"))).toBe(false);
    expect(isGroupActionUpdate("cancel", u("open", true))).toBe(false);
  });
});

describe("the order-update pipeline folds a group action's slice updates into its one toast", () => {
  let toasts: Toast[];
  let stops: Array<() => void>;
  beforeEach(() => {
    vi.useFakeTimers();
    toasts = [];
    stops = [];
    setToastSink((t) => toasts.push(t));
  });
  afterEach(() => {
    stops.forEach((s) => s());
    vi.useRealTimers();
  });
  const start = () => {
    const p = pipeline();
    stops.push(p.stop);
    return p;
  };

  it("a group modify of both slices: neither slice's 'Modified' update is a toast of its own, whether it comes before or after the answer", () => {
    const p = start();
    claimSliceUpdates("modify", ["b1", "b2"]);
    // Slice 1's update beats its answer; slice 2's comes after.
    p.send("b1", 1800, { orderStatus: "open", modified: true });
    settleSliceUpdate("b1", true);
    settleSliceUpdate("b2", true);
    p.send("b2", 75, { orderStatus: "open", modified: true });
    // "open" is held 500 ms before it is shown.
    vi.advanceTimersByTime(HOLD_MS);
    expect(toasts).toEqual([]);
    // The claims are spent: a later modify of slice 2 alone (its row's m) is told as any modify.
    p.send("b2", 75, { orderStatus: "open", modified: true, price: 11 });
    vi.advanceTimersByTime(HOLD_MS);
    expect(toasts.map((t) => t.text)).toEqual(["Modified: Qty 75 BUY NIFTY26D0824550PE @ ₹11.00 (LIMIT Order)"]);
  });

  it("a group cancel: the 'Cancelled' updates are folded; a slice that filled instead is still told", () => {
    const p = start();
    claimSliceUpdates("cancel", ["b1", "b2"]);
    p.send("b1", 1800, { orderStatus: "cancelled" });
    settleSliceUpdate("b1", true);
    // Slice 2 filled before its cancel reached it: the cancel is refused, and the fill is news.
    p.send("b2", 75, { orderStatus: "complete", filledQuantity: 75, averageTradedPrice: 10 });
    settleSliceUpdate("b2", false);
    expect(toasts.map((t) => t.text)).toEqual(["Filled: Qty 75 BUY NIFTY26D0824550PE @ ₹10.00 (LIMIT Order)"]);
  });

  it("a slice whose modify went unanswered is released at once: its update, if it comes, says it did reach the broker", () => {
    const p = start();
    claimSliceUpdates("modify", ["b1", "b2"]);
    settleSliceUpdate("b1", true);
    settleSliceUpdate("b2", false);
    p.send("b1", 1800, { orderStatus: "open", modified: true });
    p.send("b2", 75, { orderStatus: "open", modified: true });
    vi.advanceTimersByTime(HOLD_MS);
    expect(toasts.map((t) => t.text)).toEqual(["Modified: Qty 75 BUY NIFTY26D0824550PE @ ₹12.00 (LIMIT Order)"]);
  });

  it("a slice done whose update never came is released DEDUPE_FORGET_MS after its answer: a later modify's update is told", () => {
    const p = start();
    claimSliceUpdates("modify", ["b1"]);
    settleSliceUpdate("b1", true);
    vi.advanceTimersByTime(DEDUPE_FORGET_MS);
    p.send("b1", 1800, { orderStatus: "open", modified: true });
    vi.advanceTimersByTime(HOLD_MS);
    expect(toasts.map((t) => t.text)).toEqual(["Modified: Qty 1800 BUY NIFTY26D0824550PE @ ₹12.00 (LIMIT Order)"]);
  });
});
