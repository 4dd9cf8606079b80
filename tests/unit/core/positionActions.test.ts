import { describe, expect, it } from "vitest";
import { checkConversion, exitOrderFor } from "../../../src/core/rules/positionActions";
import { marketProtectionLimit, trailedStopLoss } from "../../../src/core/rules/execution";
import type { Exchange } from "../../../src/core/types/exchange";
import type { Product } from "../../../src/core/types/order";

const pos = (exchange: Exchange, product: Product, netQuantity: number, type = "", lotsize = 1) => ({ exchange, product, netQuantity, type, lotsize });
const code = (r: { ok: boolean; code?: string }) => (r.ok ? "ok" : r.code);

describe("convert position (Tape's rules)", () => {
  it.each<[string, ReturnType<typeof pos>, Product, number, string]>([
    ["equity INTRADAY to DELIVERY", pos("NSEEQ", "INTRADAY", 10), "DELIVERY", 10, "ok"],
    ["equity DELIVERY to INTRADAY, part", pos("BSEEQ", "DELIVERY", 10), "INTRADAY", 4, "ok"],
    ["F&O INTRADAY to NORMAL in lots", pos("NSEFO", "INTRADAY", -150, "", 75), "NORMAL", 75, "ok"],
    ["equity to NORMAL", pos("NSEEQ", "INTRADAY", 10), "NORMAL", 10, "EC951"],
    ["F&O to DELIVERY", pos("NSEFO", "NORMAL", 75, "", 75), "DELIVERY", 75, "EC951"],
    ["same product", pos("NSEEQ", "INTRADAY", 10), "INTRADAY", 10, "EC951"],
    ["short equity to DELIVERY", pos("NSEEQ", "INTRADAY", -10), "DELIVERY", 10, "EC951"],
    ["BNPL", pos("NSEEQ", "BNPL", 10), "INTRADAY", 10, "EC951"],
    ["BO position", pos("NSEEQ", "INTRADAY", 10, "BO"), "DELIVERY", 10, "EC957"],
    ["CO position", pos("NSEEQ", "INTRADAY", 10, "CO"), "DELIVERY", 10, "EC957"],
    ["more than open", pos("NSEEQ", "INTRADAY", 10), "DELIVERY", 11, "EC952"],
    ["zero", pos("NSEEQ", "INTRADAY", 10), "DELIVERY", 0, "EC903"],
    ["not whole lots", pos("NSEFO", "INTRADAY", 150, "", 75), "NORMAL", 100, "EC954"],
  ])("%s: %s", (_n, p, to, q, expected) => {
    expect(code(checkConversion(p, to, q))).toBe(expected);
  });
});

describe("exit order", () => {
  it("sells a long and buys back a short at market for the whole quantity", () => {
    expect(exitOrderFor({ exchange: "NSEEQ", instrumentId: "1594", netQuantity: 10, product: "INTRADAY" })).toMatchObject({
      transactionType: "SELL", quantity: 10, product: "INTRADAY", orderType: "MARKET", orderComplexity: "REGULAR", validity: "DAY",
    });
    expect(exitOrderFor({ exchange: "NSEFO", instrumentId: "35001", netQuantity: -75, product: "NORMAL" })).toMatchObject({ transactionType: "BUY", quantity: 75 });
    expect(exitOrderFor({ exchange: "NSEEQ", instrumentId: "1594", netQuantity: 0, product: "INTRADAY" })).toBeUndefined();
  });
});

describe("matching-engine helpers", () => {
  it.each([
    [1500, 2, "BUY", 0.05, 1530], // 1530.00 exactly
    [1234.55, 3, "BUY", 0.05, 1271.55], // 1271.5865 rounded down
    [1234.55, 3, "SELL", 0.05, 1197.55], // 1197.5135 rounded up
    [1500, 0, "BUY", 0.05, undefined],
  ] as const)("market protection: ltp %f at %f%% %s caps at %s", (ltp, pct, side, tick, limit) => {
    expect(marketProtectionLimit(ltp, pct, side, tick)).toBe(limit);
  });

  it.each([
    ["BUY", 1500, 1480, 1504.9, 5, 1480], // not yet a full step
    ["BUY", 1500, 1480, 1505, 5, 1485],
    ["BUY", 1500, 1480, 1517.35, 5, 1495], // three full steps
    ["BUY", 1500, 1480, 1490, 5, 1480], // against: stays
    ["SELL", 1500, 1520, 1489.95, 5, 1510], // two full steps down
    ["BUY", 1500, 1480, 1600, 0, 1480], // no trail
  ] as const)("trailing stop: %s entry %f stop %f best %f trail %f -> %f", (entrySide, referencePrice, initialStop, bestPrice, trailAmount, stop) => {
    expect(trailedStopLoss({ entrySide, referencePrice, initialStop, bestPrice, trailAmount, tickSize: 0.05 })).toBe(stop);
  });
});
