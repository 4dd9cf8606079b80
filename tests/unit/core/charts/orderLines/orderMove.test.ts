import { describe, expect, it } from "vitest";
import { lineMoveProblem, orderLineMove, orderLineMoveWords } from "../../../../../src/core/charts/orderLines/orderMove";
import type { ChartLine } from "../../../../../src/core/charts/orderLines/lines";
import { NO_SELECTION, stepSelection } from "../../../../../src/core/charts/orderLines/selection";

/**
 * An order's line moved on the chart (issue 34; FINDINGS-29 7). README "Orders on the chart": Enter
 * sends ONE modify at the new price. The rules checked here (src/core/charts/orderLines/orderMove.ts):
 * 1. A LIMIT's line modifies its price; an SL-M's its trigger; a bracket entry's target or stop that figure.
 * 2. An SL order's line modifies its trigger, and its limit moves with it by as many ticks (README,
 *    Risk desk: "On an SL order … the limit moves with the trigger"): the one modify sends both.
 * 3. The bar names every figure after the line's own: ", price ₹1,125.00 → ₹1,122.00".
 * 4. A move the broker would refuse is said before Enter (a figure outside the circuit limits, a
 *    limit at 0 or below), in the broker's words (core/errors.ts), and nothing is sent.
 * Every figure worked out by hand. INFY's band in these cases: ₹911.00 to ₹1,366.40, tick 0.05.
 */
const band = { tickSize: 0.05, lowerCircuit: 911, upperCircuit: 1366.4 };
const sellSl = { kind: "order" as const, orderNo: "2611230000001", field: "slTriggerPrice" as const, stopLimit: 1125 };

describe("an order line's move", () => {
  it("rule 2: a sell SL with trigger 1,126 and limit 1,125 moved to 1,123 sends trigger 1,123 and price 1,122", () => {
    const m = orderLineMove(sellSl, 1126, 1123, band);
    expect(m.body).toEqual({ slTriggerPrice: 1123, price: 1122 });
    expect(m.problem).toBeUndefined();
  });
  it("rule 3: the bar names the limit too", () => {
    expect(orderLineMoveWords(orderLineMove(sellSl, 1126, 1123, band), "NSEEQ")).toBe(", price ₹1,125.00 → ₹1,122.00");
  });
  it("rule 1: an SL-M moves its trigger only, a LIMIT its price only; the bar adds nothing to the line's own figure", () => {
    const slm = orderLineMove({ kind: "order", orderNo: "1", field: "slTriggerPrice" }, 1126, 1123, band);
    expect(slm.body).toEqual({ slTriggerPrice: 1123 });
    expect(orderLineMoveWords(slm, "NSEEQ")).toBe("");
    expect(orderLineMove({ kind: "order", orderNo: "1", field: "price" }, 1100, 1100.15, band).body).toEqual({ price: 1100.15 });
    expect(orderLineMove({ kind: "order", orderNo: "1", field: "targetPrice" }, 1200, 1210, band).body).toEqual({ targetPrice: 1210 });
  });
  it("rule 4: a sell SL lowered to 911.50 takes its limit to 910.50, under the lower circuit: said, with the band", () => {
    expect(orderLineMove(sellSl, 1126, 911.5, band).problem).toBe("Price is outside the circuit limits: ₹911.00 to ₹1,366.40");
  });
  it("rule 4: a trigger past the circuit is the trigger's problem; a LIMIT above the upper circuit, the price's", () => {
    expect(orderLineMove({ kind: "order", orderNo: "1", field: "slTriggerPrice" }, 1126, 1366.45, band).problem).toBe("Trigger price is outside the circuit limits: ₹911.00 to ₹1,366.40");
    expect(orderLineMove({ kind: "order", orderNo: "1", field: "price" }, 1100, 1370, band).problem).toBe("Price is outside the circuit limits: ₹911.00 to ₹1,366.40");
  });
  it("rule 4: a limit taken to 0 or below is refused before Enter (no band known: 0)", () => {
    const m = orderLineMove({ kind: "order", orderNo: "1", field: "slTriggerPrice", stopLimit: 0.5 }, 1, 0.4, { tickSize: 0.05, lowerCircuit: 0, upperCircuit: 0 });
    expect(m.problem).toBe("Price must be positive");
  });
  it("with no band known, a move inside it is not refused", () => {
    expect(orderLineMove(sellSl, 1126, 1123, { tickSize: 0.05, lowerCircuit: 0, upperCircuit: 0 }).problem).toBeUndefined();
  });
  it("rule 4 at Enter (selection.ts rule 4): a move the broker would refuse sends nothing and stays pending; moved back inside, Enter sends it", () => {
    const line: ChartLine = { id: "order:2611230000001:trigger", price: 1126, label: "Sell 10 SL trigger", tone: "sell", target: sellSl };
    const problemOf = (l: ChartLine, to: number) => lineMoveProblem(l, to, band);
    const picked = stepSelection(NO_SELECTION, { kind: "pick", id: line.id }, [line], 0.05).state;
    // 911.50 takes the limit to 910.50, under the lower circuit 911.00.
    const out = { ...picked, pending: 911.5 };
    const enter = stepSelection(out, { kind: "send" }, [line], 0.05, problemOf);
    expect(enter.send).toBeUndefined();
    expect(enter.state).toEqual(out);
    const inside = { ...picked, pending: 1123 };
    expect(stepSelection(inside, { kind: "send" }, [line], 0.05, problemOf).send).toEqual({ line, price: 1123 });
  });
});
