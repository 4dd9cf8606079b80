import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTrading, type TradingBroker } from "../tradingHarness.js";

/** Issue 33: order presets and bracket templates kept per user by the broker, with their codes (EC720-EC729). */
describe("order presets and bracket templates over HTTP", () => {
  let b: TradingBroker;
  beforeAll(async () => {
    b = await startTrading();
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("presets: a segment's and an instrument's kept by key; a bad one refused with the reason; deleting one not there is EC729", async () => {
    const eq = await b.call("POST", "/core/v2/desk/presets/save", { key: "segment:equity", preset: { quantity: { unit: "amount", value: 100000 }, offset: { from: "ltp", ticks: 1 } } });
    expect(eq.status, eq.message).toBe("Ok");
    const infy = await b.call("POST", "/core/v2/desk/presets/save", { key: "nseeq:infy", preset: { quantity: { unit: "units", value: 30 }, validity: "IOC" } });
    expect(infy.result).toEqual([
      { key: "NSEEQ:INFY", preset: { quantity: { unit: "units", value: 30 }, validity: "IOC" } },
      { key: "segment:equity", preset: { quantity: { unit: "amount", value: 100000 }, offset: { from: "ltp", ticks: 1 } } },
    ]);
    const bad = await b.call("POST", "/core/v2/desk/presets/save", { key: "segment:equity", preset: { quantity: { unit: "lots", value: 1.5 } } });
    expect(bad).toMatchObject({ status: "EC720", message: "Invalid order preset: a quantity in units or lots is a whole number" });
    expect((await b.call("POST", "/core/v2/desk/presets/save", { key: "NOWHERE:INFY", preset: {} })).status).toBe("EC720");
    expect((await b.call("POST", "/core/v2/desk/presets/save", { key: "segment:equity", preset: { bracket: "nosuch" } })).status).toBe("EC721");
    expect((await b.call("POST", "/core/v2/desk/presets/delete", { key: "NSEEQ:INFY" })).result).toHaveLength(1);
    expect((await b.call("POST", "/core/v2/desk/presets/delete", { key: "NSEEQ:INFY" })).status).toBe("EC729");
  });

  it("templates: kept by name in lower case; shares not summing to 100 % are EC723, targets out of order EC724, a bad break-even EC725; another user sees none", async () => {
    const t = { name: "Scalp3", targets: [{ points: 5, share: 50 }, { points: 10, share: 30 }, { points: 20, share: 20 }], stopPoints: 8, breakEven: { after: "ticks", ticks: 4 } };
    const saved = await b.call("POST", "/core/v2/desk/brackets/save", t);
    expect(saved.result).toEqual([{ ...t, name: "scalp3" }]);
    expect((await b.call("POST", "/core/v2/desk/brackets/save", { ...t, targets: [{ points: 5, share: 50 }, { points: 10, share: 40 }] })).status).toBe("EC723");
    expect((await b.call("POST", "/core/v2/desk/brackets/save", { ...t, targets: [{ points: 10, share: 50 }, { points: 5, share: 50 }] })).status).toBe("EC724");
    expect((await b.call("POST", "/core/v2/desk/brackets/save", { ...t, breakEven: { after: "ticks", ticks: 0 } })).status).toBe("EC725");
    expect((await b.call("POST", "/core/v2/desk/brackets/save", { ...t, name: "9lives" })).status).toBe("EC722");
    expect((await b.call("POST", "/core/v2/desk/brackets", {}, await b.login("DEMO2"))).result).toEqual([]);
    expect((await b.call("POST", "/core/v2/desk/brackets/delete", { name: "SCALP3" })).result).toEqual([]);
    expect((await b.call("POST", "/core/v2/desk/brackets/delete", { name: "scalp3" })).status).toBe("EC721");
  });

  it("break-even after 4 ticks: the stop moves to the entry's average price once the price is 4 ticks (of 0.10) above the entry's 1,000, and not before", async () => {
    const t = { name: "be4", targets: [{ points: 50, share: 100 }], stopPoints: 8, breakEven: { after: "ticks", ticks: 4 } };
    expect((await b.call("POST", "/core/v2/desk/brackets/save", t)).status).toBe("Ok");
    const infy = b.market.instruments().find((i) => i.tradingSymbol === "INFY-EQ")!;
    expect(infy.tickSize).toBe(0.1);
    b.market.setPrice("NSEEQ", infy.token, 1002);
    const placed = await b.call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 10, product: "INTRADAY", orderType: "LIMIT", price: 1000, bracket: "be4" });
    expect(placed.status, placed.message).toBe("Ok");
    const entryNo = placed.result[0]!.orderNo as string;
    b.market.setPrice("NSEEQ", infy.token, 999);
    const book = async () => (await b.call<{ orderNo: string; mainLegOrderId: string; bracket?: string; triggerPrice: number; averageTradedPrice: number; quantity: number }>("POST", "/core/v2/orders/book")).result;
    const stop = async () => (await book()).find((o) => o.mainLegOrderId === entryNo && o.bracket === "SL")!;
    const avg = (await book()).find((o) => o.orderNo === entryNo)!.averageTradedPrice;
    expect(avg).toBeLessThanOrEqual(1000);
    // 1,000 − 8 points.
    expect(await stop()).toMatchObject({ triggerPrice: 992, quantity: 10 });
    b.market.setPrice("NSEEQ", infy.token, 1000.3); // 3 ticks: not yet
    expect((await stop()).triggerPrice).toBe(992);
    b.market.setPrice("NSEEQ", infy.token, 1000.4); // 4 ticks
    expect((await stop()).triggerPrice).toBe(Math.round(avg * 10) / 10);
    b.market.setPrice("NSEEQ", infy.token, 1000.1); // never back
    expect((await stop()).triggerPrice).toBe(Math.round(avg * 10) / 10);
  });
});
