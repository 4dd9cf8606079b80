import { describe, expect, it } from "vitest";
import { gttEntryFired, gttEventToast, gttIdOfTag, isGttEventMessage, type GttEventMessage } from "../../../src/core/rules/gttEvent";
import type { GttEntry } from "../../../src/core/types/gtt";
import { GttFiringToasts } from "../../../src/core/rules/gttFiringToasts";

/** A SINGLE buy of 10 INFY-EQ, trigger 1,130, limit 1,131 (the explorer's GTT). */
const single = (over: Partial<GttEventMessage> = {}): GttEventMessage => ({
  messageKind: "gttEvent",
  gttId: "5",
  status: "FAILED",
  exchange: "NSEEQ",
  tradingSymbol: "INFY-EQ",
  transactionType: "BUY",
  quantity: 10,
  triggerType: "SINGLE",
  leg1: { trigger: 1130, price: 1131 },
  leg: 1,
  ltp: 1129,
  ...over,
});

describe("the toast of a GTT's own change (gttEvent.ts)", () => {
  // "FAILED danger 'GTT {type} {instrument}: {gttRefusedWords}'": worded as the TRIGGERED toast, what happened
  // (the leg triggered at the price that fired it), to what (the order its leg would have placed, in the
  // toasts' words, with its product; no order number, none was booked), then why (the broker's code and text).
  it("a refused order: danger, the leg and the price that fired it, the order refused, then the broker's code and text", () => {
    const reason = "EC710: Kill switch is on for this segment: no new orders: Equity until 24/11/2026 00:00:00 IST";
    expect(gttEventToast(single({ reason }))).toEqual({
      kind: "danger",
      text: "GTT SINGLE INFY-EQ: triggered at ₹1,129.00, order refused: Qty 10 BUY INFY-EQ @ ₹1,131.00 (LIMIT Order) DELIVERY. EC710: Kill switch is on for this segment: no new orders: Equity until 24/11/2026 00:00:00 IST",
    });
    // An OCO names the leg that fired and its limit price (leg 2, the stop-loss: trigger 1,118, limit 1,117).
    const oco = single({ transactionType: "SELL", triggerType: "OCO", leg1: { trigger: 1200, price: 1199 }, leg2: { trigger: 1118, price: 1117 }, leg: 2, ltp: 1118, reason: "EC712: Loss limit tripped" });
    expect(gttEventToast(oco).text).toBe("GTT OCO INFY-EQ: stop-loss leg triggered at ₹1,118.00, order refused: Qty 10 SELL INFY-EQ @ ₹1,117.00 (LIMIT Order) DELIVERY. EC712: Loss limit tripped");
    // No reason sent: the sentence ends with the order. An F&O GTT's order goes as NORMAL, read NRML.
    expect(gttEventToast({ ...oco, leg: 1, ltp: 1200.5, reason: undefined }).text).toBe("GTT OCO INFY-EQ: target leg triggered at ₹1,200.50, order refused: Qty 10 SELL INFY-EQ @ ₹1,199.00 (LIMIT Order) DELIVERY");
    expect(gttEventToast(single({ exchange: "NSEFO", tradingSymbol: "NIFTY26DECFUT", leg1: { trigger: 24500, price: 24505 }, ltp: 24499.5, reason: "EC710: Kill switch is on" })).text).toBe(
      "GTT SINGLE NIFTY26DECFUT: triggered at ₹24,499.50, order refused: Qty 10 BUY NIFTY26DECFUT @ ₹24,505.00 (LIMIT Order) NRML. EC710: Kill switch is on",
    );
  });

  // FINDINGS-26 s4: "GTT {type} {instrument}: {leg} leg triggered at ₹{ltp}, placed {the order in the toasts' words}{product}, order {no}".
  it("a placed order: success, the leg that fired (an OCO's stop-loss), the price that fired it, the order it placed with its product and number", () => {
    const oco = single({ status: "TRIGGERED", transactionType: "SELL", triggerType: "OCO", leg1: { trigger: 1200, price: 1199 }, leg2: { trigger: 1100, price: 1099 }, leg: 2, ltp: 1099.5, orderNo: "261123000042" });
    expect(gttEventToast(oco)).toEqual({ kind: "success", text: "GTT OCO INFY-EQ: stop-loss leg triggered at ₹1,099.50, placed Qty 10 SELL INFY-EQ @ ₹1,099.00 (LIMIT Order) DELIVERY, order 261123000042" });
    expect(gttEventToast({ ...oco, leg: 1, ltp: 1200.5 }).text).toBe("GTT OCO INFY-EQ: target leg triggered at ₹1,200.50, placed Qty 10 SELL INFY-EQ @ ₹1,199.00 (LIMIT Order) DELIVERY, order 261123000042");
    // A SINGLE has one leg: nothing to name. An F&O GTT's order goes as NORMAL, read NRML.
    expect(gttEventToast(single({ status: "TRIGGERED", orderNo: "7" })).text).toBe("GTT SINGLE INFY-EQ: triggered at ₹1,129.00, placed Qty 10 BUY INFY-EQ @ ₹1,131.00 (LIMIT Order) DELIVERY, order 7");
    expect(gttEventToast(single({ status: "TRIGGERED", orderNo: "8", exchange: "NSEFO", tradingSymbol: "NIFTY26DECFUT", leg1: { trigger: 24500, price: 24505 }, ltp: 24499.5 })).text).toBe(
      "GTT SINGLE NIFTY26DECFUT: triggered at ₹24,499.50, placed Qty 10 BUY NIFTY26DECFUT @ ₹24,505.00 (LIMIT Order) NRML, order 8",
    );
  });

  // "EXPIRED neutral 'GTT expired a year after it was placed: {the GTT, every leg}'".
  it("a lapsed GTT: neutral, the whole GTT", () => {
    const expired = single({ status: "EXPIRED", leg1: { trigger: 1100, price: 1101 }, leg: undefined, ltp: undefined });
    expect(gttEventToast(expired)).toEqual({ kind: "neutral", text: "GTT expired a year after it was placed: Qty 10 BUY INFY-EQ trigger ₹1,100.00 @ ₹1,101.00 (SINGLE GTT) DELIVERY, GTT 5" });
  });

  it("reads its messages and nothing else; an order's tag names its GTT", () => {
    expect(isGttEventMessage(JSON.parse(JSON.stringify(single())))).toBe(true);
    expect(isGttEventMessage({ messageKind: "gttTrail", gttId: "5", leg: 1, trigger: 1, previousTrigger: 2 })).toBe(false);
    expect(isGttEventMessage({ ...single(), status: "ACTIVE" })).toBe(false);
    expect(gttIdOfTag("GTT 17")).toBe("17");
    expect(gttIdOfTag("scalp")).toBeUndefined();
    expect(gttIdOfTag(undefined)).toBeUndefined();
  });
});

describe("a fired GTT's row and info (FINDINGS-26 s4): the leg, the price that fired it, its order", () => {
  // An OCO SELL 10 INFY-EQ: target 1,160 (limit 1,159), stop-loss 1,120 (limit 1,119); Leg1 the target, Leg2 the stop-loss.
  const entry = (over: Partial<GttEntry> = {}): GttEntry => ({
    GTTID: "9", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 10, TriggerType: "OCO", GTTProduct: "D", GTTBuySell: "S",
    EntryPrice1: 1159, Price1: 1160, EntryPrice2: 1119, Price2: 1120, Status: "TRIGGERED", TriggeredLeg: 2, TriggeredPrice: 1120, OrderNo: "251206000123", ...over,
  });

  it("a triggered OCO's stop-loss: the leg and order under its status, the whole of it as the toast says it", () => {
    expect(gttEntryFired(entry(), "NSEEQ", "INFY-EQ")).toEqual({
      short: "stop-loss leg, order 251206000123",
      words: "stop-loss leg triggered at ₹1,120.00, placed Qty 10 SELL INFY-EQ @ ₹1,119.00 (LIMIT Order) DELIVERY, order 251206000123",
    });
    expect(gttEntryFired(entry({ TriggeredLeg: 1, TriggeredPrice: 1160.3 }), "NSEEQ", "INFY-EQ")?.short).toBe("target leg, order 251206000123");
  });

  // The whole of it in the refusal toast's words, less the "GTT {type} {instrument}: " the row already shows.
  it("a refused one says the leg, the order refused and why; an active one, or one the broker says nothing of, says nothing", () => {
    expect(gttEntryFired(entry({ Status: "FAILED", OrderNo: undefined, FailedReason: "EC710: Kill switch is on" }), "NSEEQ", "INFY-EQ")).toEqual({
      short: "stop-loss leg, order refused",
      words: "stop-loss leg triggered at ₹1,120.00, order refused: Qty 10 SELL INFY-EQ @ ₹1,119.00 (LIMIT Order) DELIVERY. EC710: Kill switch is on",
    });
    // The toast of the same firing says the same after its "GTT OCO INFY-EQ: ".
    const told = gttEventToast(single({ transactionType: "SELL", triggerType: "OCO", leg1: { trigger: 1160, price: 1159 }, leg2: { trigger: 1120, price: 1119 }, leg: 2, ltp: 1120, reason: "EC710: Kill switch is on" }));
    expect(told.text).toBe("GTT OCO INFY-EQ: stop-loss leg triggered at ₹1,120.00, order refused: Qty 10 SELL INFY-EQ @ ₹1,119.00 (LIMIT Order) DELIVERY. EC710: Kill switch is on");
    // A SINGLE's refusal without a reason: no leg to name, the sentence ends with the order.
    expect(gttEntryFired(entry({ Status: "FAILED", TriggerType: "SINGLE", TriggeredLeg: 1, TriggeredPrice: 1161, OrderNo: undefined }), "NSEEQ", "INFY-EQ")).toEqual({
      short: "order refused",
      words: "triggered at ₹1,161.00, order refused: Qty 10 SELL INFY-EQ @ ₹1,159.00 (LIMIT Order) DELIVERY",
    });
    expect(gttEntryFired(entry({ Status: "ACTIVE", TriggeredLeg: undefined, TriggeredPrice: undefined, OrderNo: undefined }), "NSEEQ", "INFY-EQ")).toBeUndefined();
    expect(gttEntryFired(entry({ TriggeredLeg: undefined }), "NSEEQ", "INFY-EQ")).toBeUndefined();
  });
});

describe("one firing, one toast (gttFiringToasts.ts)", () => {
  const placedUpdate = { orderTag: "GTT 5", orderStatus: "open", orderType: "LIMIT", modified: false };
  const filledUpdate = { ...placedUpdate, orderStatus: "complete" };

  it("the GTT message first: its toast is said, the order's placement is not, its fill is", () => {
    const f = new GttFiringToasts();
    expect(f.sayGtt({ gttId: "5", status: "TRIGGERED" })).toBe(true);
    expect(f.sayOrder(placedUpdate)).toBe(false);
    expect(f.sayOrder(filledUpdate)).toBe(true);
  });

  // FINDINGS-26 s4: the fill's toast cannot say which leg fired; the GTT message alone knows it, so it is said after the fill too, once.
  it("the order's toast first (filled at once): the GTT message is said after it, once", () => {
    const f = new GttFiringToasts();
    expect(f.sayOrder(filledUpdate)).toBe(true);
    expect(f.sayGtt({ gttId: "5", status: "TRIGGERED" })).toBe(true);
    expect(f.sayGtt({ gttId: "5", status: "TRIGGERED" })).toBe(false);
  });

  it("a refused or lapsed GTT has no order: always said; other orders are untouched", () => {
    const f = new GttFiringToasts();
    expect(f.sayGtt({ gttId: "5", status: "FAILED" })).toBe(true);
    expect(f.sayGtt({ gttId: "6", status: "EXPIRED" })).toBe(true);
    expect(f.sayOrder({ ...placedUpdate, orderTag: undefined })).toBe(true);
    expect(f.sayOrder({ ...placedUpdate, orderTag: "GTT 6" })).toBe(true);
  });
});
