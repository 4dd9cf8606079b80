import { beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import type { Selection } from "../../../src/commands/types";
import type { Position } from "../../../src/core/types";
import type { GttEntry } from "../../../src/core/types/gtt";
import type { Order } from "../../../src/core/types/order";
import { gtt$ } from "../../../src/data/stores/gtt";
import { orders$ } from "../../../src/data/stores/orders";
import { positions$ } from "../../../src/data/stores/portfolio";
import { overlay$ } from "../../../src/data/stores/ui";
import { commandContext } from "./context";

/**
 * Issue 28: "Every key that acts on the selection names the instrument it acts on in the window or
 * dialog it opens." The dialogs the selection's keys open from Orders, Positions, Holdings and the
 * GTT list, as the commands open them (the order window's own title is checked in e2e).
 */
const top = () => overlay$.top.peek() as Record<string, unknown> & { kind: string };
const run = (id: string, view: string, selection: Selection) => registry.run(id, commandContext(view, { selection }));

beforeEach(() => overlay$.set({ top: { kind: "none" } }));

describe("the dialog a key opens names what it acts on", () => {
  it("Delete on an order: the instrument, side, quantity, price (₹, Indian grouping) and the order number", async () => {
    orders$.orders.set([
      { orderNo: "251128000123", brokerOrderId: "", tradingSymbol: "RELIANCE-EQ", exchange: "NSEEQ", instrumentId: "2885", orderStatus: "open", orderType: "LIMIT", transactionType: "BUY", quantity: 10, price: 2950.5 } as unknown as Order,
    ]);
    await run("order.cancel", "orders", { kind: "order", orderNo: "251128000123", status: "open" });
    expect(top().kind).toBe("confirm");
    // The toasts' words (orderToast.ts): "Qty {q} {side} {tradingSymbol} @ ₹{price} ({type} Order)".
    expect(top().lines).toEqual(["Qty 10 BUY RELIANCE-EQ @ ₹2,950.50 (LIMIT Order)", "Order no 251128000123. Cancel it?"]);
  });

  it("Delete on an SL order names its trigger too: the stop it cancels, not a limit at its price", async () => {
    orders$.orders.set([
      { orderNo: "251128000124", brokerOrderId: "", tradingSymbol: "TCS-EQ", exchange: "NSEEQ", instrumentId: "11536", orderStatus: "trigger pending", orderType: "SL", transactionType: "SELL", quantity: 3, price: 2700, slTriggerPrice: 2705 } as unknown as Order,
    ]);
    await run("order.cancel", "orders", { kind: "order", orderNo: "251128000124", status: "trigger pending" });
    // SL: " trigger ₹{trigger} @ ₹{price}".
    expect(top().lines).toEqual(["Qty 3 SELL TCS-EQ trigger ₹2,705.00 @ ₹2,700.00 (SL Order)", "Order no 251128000124. Cancel it?"]);
  });

  const entry: GttEntry = {
    GTTID: "77", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 5, TriggerType: "OCO", GTTProduct: "D", GTTBuySell: "S",
    EntryPrice1: 1648, Price1: 1650, EntryPrice2: 1348, Price2: 1350,
  };
  const gttSelected: Selection = { kind: "gtt", gttId: "77" };

  it("Delete on a GTT: its instrument, side, quantity and triggers, then its id", async () => {
    gtt$.set({ entries: [entry], loaded: true, error: undefined, instruments: { "NSEEQ:1594": { tradingSymbol: "INFY-EQ", tickSize: 0.05, lotSize: 1, pdc: 1500, ltp: 1500, pltp: 1500 } } });
    await run("gtt.cancel", "orders", gttSelected);
    // Issue 29: the title names it too, and the line says on which exchange.
    expect(top().title).toBe("Cancel GTT on INFY-EQ");
    expect(top().lines).toEqual(["INFY-EQ (NSEEQ): SELL 5 (OCO, target ₹1,650.00, stop-loss ₹1,350.00)", "GTT 77. Cancel it?"]);
  });

  it("issue 29: Shift+Delete on the GTT tab asks to cancel every waiting GTT, by instrument; an ended one is not among them and cannot be cancelled", async () => {
    const triggered: GttEntry = { ...entry, GTTID: "78", Status: "TRIGGERED" };
    gtt$.set({ entries: [{ ...entry, Status: "ACTIVE" }, triggered], loaded: true, error: undefined, instruments: { "NSEEQ:1594": { tradingSymbol: "INFY-EQ", tickSize: 0.05, lotSize: 1, pdc: 1500, ltp: 1500, pltp: 1500 } } });
    const onGttTab = commandContext("orders", { panes: [{ id: "p1", view: "orders", n: 1, state: { tab: 3 } }] });
    const cancelAll = registry.get("gtt.cancelAll")!;
    expect(cancelAll.keys).toEqual(["shift+delete"]);
    await registry.run("gtt.cancelAll", onGttTab);
    expect(top().title).toBe("Cancel all 1 GTTs");
    expect(top().lines).toEqual(["INFY-EQ (NSEEQ): SELL 5 (OCO)", "Open orders are not touched. Cancel every GTT above?"]);
    expect(top().args).toEqual({ gttIds: ["77"] });
    // On the All tab the key is the orders' (null: the next command on Shift+Delete speaks).
    expect(cancelAll.whyNot!(commandContext("orders", { panes: [{ id: "p1", view: "orders", n: 1, state: { tab: 0 } }] }))).toBeNull();
    // The triggered one, under the cursor: Delete says why it cannot.
    expect(registry.get("gtt.cancel")!.whyNot!(commandContext("orders", { selection: { kind: "gtt", gttId: "78" } }))).toBe("Cancel GTT: this GTT is triggered, it no longer waits");
  });

  it("m on a GTT: the form opens on its instrument by symbol (the title reads 'Modify GTT 77 · INFY-EQ')", async () => {
    gtt$.set({ entries: [entry], loaded: true, error: undefined, instruments: { "NSEEQ:1594": { tradingSymbol: "INFY-EQ", tickSize: 0.05, lotSize: 1, pdc: 1500, ltp: 1500, pltp: 1500 } } });
    await run("gtt.modify", "orders", gttSelected);
    expect(top()).toMatchObject({ kind: "gtt", init: { gttId: "77", symbol: "INFY-EQ", exchange: "NSEEQ", token: "1594" } });
  });

  it("g on a holding and on a position: the GTT form on that instrument", async () => {
    await run("gtt.open", "holdings", { kind: "holding", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" });
    expect(top()).toMatchObject({ kind: "gtt", init: { symbol: "INFY-EQ", token: "1594", transactionType: "SELL" } });
    await run("gtt.open", "position", { kind: "position", exchange: "NSEEQ", token: 3787, symbol: "WIPRO-EQ", product: "INTRADAY" });
    expect(top()).toMatchObject({ kind: "gtt", init: { symbol: "WIPRO-EQ", token: "3787" } });
  });

  it("v and i on a position: the dialog of that very position (INTRADAY, not the DELIVERY one of the same instrument)", async () => {
    const p = (product: string) => ({ exchange: "NSEEQ", token: "3787", instrumentId: "3787", tradingSymbol: "WIPRO-EQ", product, type: "", netQuantity: 4, lotsize: 1 }) as unknown as Position;
    const intraday = p("INTRADAY");
    positions$.rows.set([p("DELIVERY"), intraday]);
    const selected: Selection = { kind: "position", exchange: "NSEEQ", token: 3787, symbol: "WIPRO-EQ", product: "INTRADAY", type: "" };
    await run("position.convert", "position", selected);
    expect(top()).toEqual({ kind: "convertPosition", position: intraday });
    await run("position.info", "position", selected);
    expect(top()).toEqual({ kind: "positionInfo", position: intraday });
  });
});
