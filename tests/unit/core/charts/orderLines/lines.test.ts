import { describe, expect, it } from "vitest";
import { chartLines, isMovable, tabOrder, type LineSources } from "../../../../../src/core/charts/orderLines/lines";
import type { GttEntry } from "../../../../../src/core/types/gtt";
import type { Order } from "../../../../../src/core/types/order";

const order = (over: Partial<Order> = {}): Order => ({
  brokerOrderId: "T1", orderNo: "T1", status: "open", orderStatus: "open", mainLegOrderId: "", exchange: "NSEEQ", instrumentId: "1594",
  tradingSymbol: "INFY-EQ", quantity: 10, pendingQuantity: 10, filledQuantity: 0, price: 1500, triggerPrice: 0, slTriggerPrice: 0,
  stopLossPrice: 0, targetPrice: 0, trailingSlAmount: 0, disclosedQuantity: 0, averageTradedPrice: 0, marketProtection: 0, orderTag: "",
  algoId: "", orderComplexity: "REGULAR", product: "DELIVERY", orderType: "LIMIT", validity: "DAY", transactionType: "BUY",
  token: "1594", cancelledQuantity: 0, rejectionReason: "", orderTime: "2026-01-05T04:00:00.000Z", clientOrderKey: "", ...over,
});

const gtt = (over: Partial<GttEntry> = {}): GttEntry => ({
  GTTID: "G1", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 5, TriggerType: "SINGLE", GTTProduct: "D", GTTBuySell: "B",
  EntryPrice1: 1401, Price1: 1400, EntryPrice2: 0, Price2: 0, ...over,
});

const sources = (over: Partial<LineSources> = {}): LineSources => ({ exchange: "NSEEQ", token: 1594, orders: [], gtts: [], positions: [], ...over });
const position = (netQuantity: number, buyPrice: number, sellPrice: number) => ({ exchange: "NSEEQ" as const, instrumentId: "1594", netQuantity, buyPrice, sellPrice, product: "INTRADAY" as const });

describe("chartLines: what a chart of one instrument draws", () => {
  it("rule 1: a LIMIT order at its price, an SL or SL-M at its trigger, a MARKET none; only open orders of this instrument", () => {
    const lines = chartLines(sources({
      orders: [
        order({ orderNo: "A", price: 1490 }),
        order({ orderNo: "B", orderType: "SL", transactionType: "SELL", price: 1449, triggerPrice: 1450, slTriggerPrice: 1450, pendingQuantity: 4 }),
        order({ orderNo: "C", orderType: "SLM", price: 0, triggerPrice: 1550, slTriggerPrice: 1550 }),
        order({ orderNo: "D", orderType: "MARKET", price: 0 }),
        order({ orderNo: "E", orderStatus: "complete", status: "complete" }),
        order({ orderNo: "F", instrumentId: "2885", token: "2885" }),
      ],
    }));
    expect(lines.map((l) => [l.id, l.price, l.label, l.tone])).toEqual([
      ["order:A:price", 1490, "Buy 10 LIMIT", "buy"],
      ["order:B:trigger", 1450, "Sell 4 SL trigger", "sell"],
      ["order:C:trigger", 1550, "Buy 10 SL-M trigger", "buy"],
    ]);
    // An SL's trigger line carries its limit (1,449), which moves with the trigger (orderMove.ts rule 2); an SL-M's has none.
    expect(lines[1]!.target).toEqual({ kind: "order", orderNo: "B", field: "slTriggerPrice", stopLimit: 1449 });
    expect(lines[2]!.target).toEqual({ kind: "order", orderNo: "C", field: "slTriggerPrice" });
    expect(lines[0]!.target).toEqual({ kind: "order", orderNo: "A", field: "price" });
  });

  it("rule 2: an open bracket entry draws its target and stop, which modify its targetPrice and stopLossPrice", () => {
    const lines = chartLines(sources({ orders: [order({ orderNo: "BO1", orderComplexity: "BO", product: "INTRADAY", price: 1500, targetPrice: 1550, stopLossPrice: 1480 })] }));
    expect(lines.map((l) => [l.id, l.price, l.label, l.tone, l.target])).toEqual([
      ["order:BO1:price", 1500, "Buy 10 BO LIMIT", "buy", { kind: "order", orderNo: "BO1", field: "price" }],
      ["order:BO1:target", 1550, "Target of Buy 10 BO", "sell", { kind: "order", orderNo: "BO1", field: "targetPrice" }],
      ["order:BO1:stop", 1480, "Stop of Buy 10 BO", "sell", { kind: "order", orderNo: "BO1", field: "stopLossPrice" }],
    ]);
  });

  it("rule 3: an active SINGLE GTT draws its trigger, an OCO both; a cancelled one and another instrument's none", () => {
    const lines = chartLines(sources({
      gtts: [
        gtt(),
        gtt({ GTTID: "G2", TriggerType: "OCO", GTTBuySell: "S", Price1: 1650, EntryPrice1: 1649, Price2: 1350, EntryPrice2: 1349 }),
        gtt({ GTTID: "G3", Status: "CANCELLED" }),
        gtt({ GTTID: "G4", ScripCode: "2885" }),
      ],
    }));
    const oco = gtt({ GTTID: "G2", TriggerType: "OCO", GTTBuySell: "S", Price1: 1650, EntryPrice1: 1649, Price2: 1350, EntryPrice2: 1349 });
    // Each GTT line carries the GTT it was drawn from: the bar's words and the modify are read from it (FINDINGS-29).
    expect(lines.map((l) => [l.id, l.price, l.label, l.target])).toEqual([
      ["gtt:G1:1", 1400, "GTT Buy 5 trigger", { kind: "gtt", gttId: "G1", leg: 1, entry: gtt() }],
      ["gtt:G2:1", 1650, "GTT Sell 5 target trigger", { kind: "gtt", gttId: "G2", leg: 1, entry: oco }],
      ["gtt:G2:2", 1350, "GTT Sell 5 stop-loss trigger", { kind: "gtt", gttId: "G2", leg: 2, entry: oco }],
    ]);
  });

  it("rules 4 and 6: a long position's average is its buy average, a short's its sell average; not movable", () => {
    const long = chartLines(sources({ positions: [position(10, 1500.25, 0)] }));
    expect(long.map((l) => [l.id, l.price, l.label, l.tone, isMovable(l)])).toEqual([["average:INTRADAY", 1500.25, "Average price, long 10", "average", false]]);
    const short = chartLines(sources({ positions: [position(-3, 0, 1510)] }));
    expect(short.map((l) => [l.price, l.label])).toEqual([[1510, "Average price, short 3"]]);
    expect(chartLines(sources({ positions: [position(0, 1500, 1510)] }))).toEqual([]);
  });

  it("rule 5: with a long position, an SL sell is its stop and a LIMIT sell above the average its target; a LIMIT sell below it is neither", () => {
    const lines = chartLines(sources({
      positions: [position(10, 1500, 0)],
      orders: [
        order({ orderNo: "S1", transactionType: "SELL", orderType: "SL", price: 1479, triggerPrice: 1480, slTriggerPrice: 1480 }),
        order({ orderNo: "T1", transactionType: "SELL", price: 1560 }),
        order({ orderNo: "X1", transactionType: "SELL", price: 1490 }),
        order({ orderNo: "B1", transactionType: "BUY", price: 1450 }),
      ],
    }));
    expect(lines.filter((l) => l.id.startsWith("order")).map((l) => l.label)).toEqual(["Stop: Sell 10 SL trigger", "Target: Sell 10 LIMIT", "Sell 10 LIMIT", "Buy 10 LIMIT"]);
  });

  it("rule 5: a bracket's legs (their main leg named) are its stop and target", () => {
    const lines = chartLines(sources({
      orders: [
        order({ orderNo: "L1", mainLegOrderId: "M1", transactionType: "SELL", orderType: "SL", price: 1479, triggerPrice: 1480, slTriggerPrice: 1480 }),
        order({ orderNo: "L2", mainLegOrderId: "M1", transactionType: "SELL", price: 1550 }),
      ],
    }));
    expect(lines.map((l) => l.label)).toEqual(["Stop: Sell 10 SL trigger", "Target: Sell 10 LIMIT"]);
  });

  it("no label shows a field name", () => {
    const lines = chartLines(sources({
      positions: [position(10, 1500, 0)],
      orders: [order({ orderNo: "BO1", orderComplexity: "BO", targetPrice: 1550, stopLossPrice: 1480 }), order({ orderNo: "S", orderType: "SLM", transactionType: "SELL", triggerPrice: 1470 })],
      gtts: [gtt({ TriggerType: "OCO", Price2: 1300, EntryPrice2: 1299 })],
    }));
    for (const l of lines) expect(l.label).not.toMatch(/price[A-Z]|Price|trigger[A-Z]|orderType|transactionType|pending|SLM\b/);
  });
});

describe("tabOrder: the movable lines top to bottom", () => {
  it("higher price first, ties by id, the average left out", () => {
    const lines = chartLines(sources({
      positions: [position(10, 1500, 0)],
      orders: [order({ orderNo: "B", price: 1490 }), order({ orderNo: "A", price: 1490 }), order({ orderNo: "C", price: 1510 })],
    }));
    expect(tabOrder(lines).map((l) => l.id)).toEqual(["order:C:price", "order:A:price", "order:B:price"]);
  });
});
