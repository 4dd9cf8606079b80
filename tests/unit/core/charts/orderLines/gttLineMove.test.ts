import { describe, expect, it } from "vitest";
import { gttChangedSince, gttLineMove, gttMovedStaleText, lineMoveWords } from "../../../../../src/core/charts/orderLines/modify";
import type { ChartLine } from "../../../../../src/core/charts/orderLines/lines";
import type { GttEntry } from "../../../../../src/core/types/gtt";

/**
 * A GTT leg's line moved on the chart (FINDINGS-29 s1, s2). README, Orders on the chart: "`Enter`
 * … send ONE modify at the new price … A GTT leg's limit price moves with its trigger by as many
 * ticks", and the bar names every figure that changes before Enter. The GTT modify replaces the
 * whole GTT, so its terms are the GTT's as listed, only the moved leg changed.
 * Figures worked by hand on INFY's tick of 0.05.
 */
const entry = (over: Partial<GttEntry> = {}): GttEntry => ({
  GTTID: "1796618099834354", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 10, TriggerType: "SINGLE", GTTProduct: "D", GTTBuySell: "B",
  Price1: 1100, EntryPrice1: 1101, Price2: 0, EntryPrice2: 0, Status: "ACTIVE", ...over,
});
const line = (e: GttEntry, leg: 1 | 2 = 1): ChartLine => ({ id: `gtt:${e.GTTID}:${leg}`, price: leg === 1 ? e.Price1 : e.Price2, label: "GTT Buy 10 trigger", tone: "buy", target: { kind: "gtt", gttId: e.GTTID, leg, entry: e } });

describe("gttLineMove: what a GTT line's move sends", () => {
  it("a SINGLE's trigger 1,100 → 1,099 (20 ticks down): its limit 1,101 → 1,100, the quantity and side the entry's", () => {
    const m = gttLineMove(entry({ Qty: 20 }), "INFY-EQ", 1, 1099, 0.05)!;
    expect(m.terms).toEqual({ exchange: "NSEEQ", transactionType: "BUY", quantity: 20, tradingSymbol: "INFY-EQ", triggerType: "SINGLE", leg1: { trigger: 1099, price: 1100 }, gttId: "1796618099834354" });
    expect(m.changed).toEqual([{ figure: "trigger", from: 1100, to: 1099 }, { figure: "price", from: 1101, to: 1100 }]);
    expect(m.trail).toBeUndefined();
  });

  it("an OCO's stop-loss leg 1,350 → 1,350.15 (3 ticks up): its limit 1,349 → 1,349.15; the target leg and the trail as they are", () => {
    const oco = entry({ TriggerType: "OCO", GTTBuySell: "S", Price1: 1650, EntryPrice1: 1649, Price2: 1350, EntryPrice2: 1349, TrailValue: 20, TrailUnit: "POINTS", TrailJump: 5 });
    const m = gttLineMove(oco, "INFY-EQ", 2, 1350.15, 0.05)!;
    expect(m.terms.leg1).toEqual({ trigger: 1650, price: 1649 });
    expect(m.terms.leg2).toEqual({ trigger: 1350.15, price: 1349.15 });
    // Without it a modify would drop the trail the trader set.
    expect(m.trail).toEqual({ value: 20, unit: "POINTS", jump: 5 });
  });

  it("a limit already at one tick stays there: only the trigger is a changed figure", () => {
    const m = gttLineMove(entry({ GTTBuySell: "S", Price1: 0.1, EntryPrice1: 0.05 }), "X", 1, 0.05, 0.05)!;
    expect(m.changed).toEqual([{ figure: "trigger", from: 0.1, to: 0.05 }]);
  });
});

describe("lineMoveWords: the chart bar names every figure Enter changes", () => {
  it("a GTT line: the trigger (named by the label), then the limit price", () => {
    // The bar reads "GTT Buy 10 trigger ₹1,100.00 → ₹1,099.00, price ₹1,101.00 → ₹1,100.00".
    expect(lineMoveWords(line(entry()), 1099, 0.05, "NSEEQ")).toBe("₹1,100.00 → ₹1,099.00, price ₹1,101.00 → ₹1,100.00");
  });

  it("an order's line: its one price", () => {
    const order: ChartLine = { id: "order:1:price", price: 1120, label: "Buy 10 LIMIT", tone: "buy", target: { kind: "order", orderNo: "1", field: "price" } };
    expect(lineMoveWords(order, 1123, 0.05, "NSEEQ")).toBe("₹1,120.00 → ₹1,123.00");
  });
});

describe("gttChangedSince: a move of a line drawn from an older GTT is refused", () => {
  it("the quantity raised 10 → 20 in another window: changed", () => {
    expect(gttChangedSince(entry(), entry({ Qty: 20 }))).toBe(true);
  });
  it("a trigger, a limit, a trail or the status moved: changed", () => {
    expect(gttChangedSince(entry(), entry({ Price1: 1099 }))).toBe(true);
    expect(gttChangedSince(entry(), entry({ EntryPrice1: 1102 }))).toBe(true);
    expect(gttChangedSince(entry(), entry({ TrailValue: 10 }))).toBe(true);
    expect(gttChangedSince(entry(), entry({ Status: "TRIGGERED" }))).toBe(true);
  });
  it("the same GTT read again (a new object, no Status meaning ACTIVE): unchanged", () => {
    expect(gttChangedSince(entry(), { ...entry(), Status: undefined })).toBe(false);
  });
  it("the refusal names the GTT as it is now and that nothing was sent", () => {
    const now = gttLineMove(entry({ Qty: 20, Price1: 1099, EntryPrice1: 1100 }), "INFY-EQ", 1, 1099, 0.05)!.terms;
    expect(gttMovedStaleText(now)).toBe("GTT not modified: Qty 20 BUY INFY-EQ trigger ₹1,099.00 @ ₹1,100.00 (SINGLE GTT) DELIVERY, GTT 1796618099834354. It changed after its line was drawn, so nothing was sent; the line now shows it as it is: move it again");
  });
});
