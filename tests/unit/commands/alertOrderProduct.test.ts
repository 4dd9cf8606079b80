import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Position } from "../../../src/core/types";

/**
 * FINDINGS-26 s2: an alert's order line with no product word (`sell INFY 5 @ 1200`) was DELIVERY
 * always (the alias rule), sold out of the demat when it fired, while the order window opens the
 * same words on the product it would place (rules/defaultProduct.ts: Settings › Markets' default of
 * the segment, else the saved orderPreference, else DELIVERY). The rule: the alert's order takes the
 * window's product for the same words when the alert is set, the broker keeps it with the alert, and
 * the toast names it; and when it would sell from the holdings while an INTRADAY long is open, it says
 * so in the GTT form's words (rules/otherProduct.ts).
 */
const INFY = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ", lotSize: 1, tickSize: 0.05, insType: "EQ", productLeverage: 0, bnplQty: 0, deliveryQty: 40, ltp: 1150 };
vi.mock("../../../src/data/api/orders", () => ({
  findTypedInstrument: (w: { symbol: string }) => Promise.resolve(w.symbol === "INFY" ? { token: "1594", exchange: "NSEEQ" } : undefined),
  findInstrumentToken: () => Promise.resolve("1594"),
  fetchSecurityInfo: () => Promise.resolve({ status: "Ok", message: "", result: [INFY] }),
}));
const createAlert = vi.fn();
vi.mock("../../../src/data/api/alerts", async (actual) => ({
  ...(await actual<object>()),
  createAlert: (...a: unknown[]) => createAlert(...a),
  getAlerts: () => Promise.resolve({ status: "Ok", message: "Success", result: [] }),
}));
let positions: Position[] = [];
vi.mock("../../../src/data/api/portfolio", async (actual) => ({
  ...(await actual<object>()),
  fetchPositions: () => Promise.resolve({ rows: positions }),
}));

const { registry } = await import("../../../src/commands/all");
const { setToastSink } = await import("../../../src/core/notify");
const { setDefaultProduct } = await import("../../../src/data/stores/settings");
const { parseAlertCommand } = await import("../../../src/commands/grammar/alert");
import { commandContext } from "./context";

// The findings' book: INFY-EQ INTRADAY +10, bought today.
const intradayLong = { exchange: "NSEEQ", token: "1594", tradingSymbol: "INFY-EQ", product: "INTRADAY", netQuantity: 10 } as unknown as Position;

/** The broker keeps the alert as asked: its answer echoes the request's order leg. */
function brokerKeeps() {
  createAlert.mockImplementation((spec: Record<string, unknown>) => Promise.resolve({ status: "Ok", message: "Success", result: [{ alertId: 7, tradingSymbol: "INFY-EQ", status: "ACTIVE", active: true, thenBasketId: null, ...spec }] }));
}
const alertLine = (text: string) => {
  const p = parseAlertCommand(text);
  if (!p.ok) throw new Error(p.message);
  return registry.run("alert.line", commandContext("alerts"), { draft: p.draft });
};

describe("an alert's order line without a product takes the order window's product, set with the alert", () => {
  let shown: string[];
  beforeEach(() => {
    shown = [];
    setToastSink((t) => shown.push(t.text));
    createAlert.mockReset();
    brokerKeeps();
    positions = [intradayLong];
  });
  afterEach(() => setDefaultProduct("equity", undefined));

  it("the window would open INTRADAY for the words (Settings' equity default): the alert's order is INTRADAY, sent and said", async () => {
    setDefaultProduct("equity", "INTRADAY");
    await alertLine("alert INFY above 1200 then sell INFY 5 @ 1200");
    expect(createAlert.mock.calls[0]![0]).toMatchObject({ thenOrder: { transType: "SELL", qty: 5, product: "INTRADAY", orderType: "LIMIT", price: 1200, line: "sell INFY 5 @ 1200" } });
    // It closes 5 of the INTRADAY +10: nothing to warn of.
    expect(shown).toEqual(["Alert set: INFY-EQ at or above ₹1,200.00; when it fires it places Qty 5 SELL INFY-EQ @ ₹1,200.00 (LIMIT Order) INTRADAY"]);
  });

  it("the window's product is DELIVERY (nothing set or saved): the toast warns, as the GTT form does, that it sells from the demat and leaves INTRADAY +10 open", async () => {
    await alertLine("alert INFY above 1200 then sell INFY 5 @ 1200");
    expect(createAlert.mock.calls[0]![0]).toMatchObject({ thenOrder: { product: "DELIVERY" } });
    expect(shown).toEqual([
      "Alert set: INFY-EQ at or above ₹1,200.00; when it fires it places Qty 5 SELL INFY-EQ @ ₹1,200.00 (LIMIT Order) DELIVERY. " +
        "This alert's order places DELIVERY: it will sell 5 out of your demat holdings (refused if they are not there), not close your INTRADAY +10",
    ]);
  });

  it("a product word typed is kept, whatever the window's default", async () => {
    setDefaultProduct("equity", "INTRADAY");
    positions = [];
    await alertLine("alert INFY above 1200 then sell INFY 5 @ 1200 delivery");
    expect(createAlert.mock.calls[0]![0]).toMatchObject({ thenOrder: { product: "DELIVERY" } });
    expect(shown).toEqual(["Alert set: INFY-EQ at or above ₹1,200.00; when it fires it places Qty 5 SELL INFY-EQ @ ₹1,200.00 (LIMIT Order) DELIVERY"]);
  });
});
