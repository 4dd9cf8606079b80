import { afterEach, describe, expect, it } from "vitest";
import { addLegs, createBasket } from "../../server/basket/store.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * PUT /core/v2/alerts/:alertId modifies an active alert's condition, value and linked
 * basket or order line, checked as a create is; a fired one is refused (EC735), someone else's or
 * none EC978. The market is frozen (TICK_HZ=0): INFY moves only by setPrice.
 */

type Listed = { alertId: number; status: string; condition: string; value: number; thenBasketId: number | null; createdAt: string };

let b: TradingBroker | undefined;
afterEach(async () => {
  await b?.stop();
  b = undefined;
});

describe("modifying a price alert", () => {
  it("a modified ABOVE alert watches its new price: the old one no longer fires it, the new one does, once", async () => {
    b = await startTrading();
    const t = b;
    const infy = t.market.bySymbol("NSEEQ", "INFY")!;
    const ltp = t.market.quote("NSEEQ", infy.token)!.ltp;
    const made = await t.call<Listed>("POST", "/core/v2/alerts", { exchange: "NSEEQ", token: infy.token, condition: "ABOVE", value: Math.round(ltp + 10) });
    const id = made.result[0]!.alertId;
    const higher = Math.round(ltp + 30);
    const modified = await t.call<Listed>("PUT", `/core/v2/alerts/${id}`, { condition: "ABOVE", value: higher });
    expect(modified.status).toBe("Ok");
    // The same alert (id, creation) with the new terms.
    expect(modified.result[0]).toMatchObject({ alertId: id, status: "ACTIVE", condition: "ABOVE", value: higher, createdAt: made.result[0]!.createdAt });
    // The engine watches one alert on INFY, not two.
    expect(t.broker.alerts.watched).toBe(1);

    // Past the old price (ltp+10), below the new (ltp+30): nothing.
    t.market.setPrice("NSEEQ", infy.token, Math.round(ltp + 20));
    const list = async () => (await t.call<Listed & { triggeredPrice: number | null }>("GET", "/core/v2/alerts")).result.find((a) => a.alertId === id)!;
    expect((await list()).status).toBe("ACTIVE");
    // At the new price: fired, at that price.
    t.market.setPrice("NSEEQ", infy.token, higher);
    expect(await list()).toMatchObject({ status: "TRIGGERED", triggeredPrice: higher });
  }, 60_000);

  it("links a basket, then removes the link: the terms are replaced whole", async () => {
    b = await startTrading();
    const t = b;
    const infy = t.market.bySymbol("NSEEQ", "INFY")!;
    const basketId = createBasket(t.broker.db, "DEMO1", "Breakout", "DEMO1", t.broker.ctx.clock.now());
    addLegs(t.broker.db, basketId, [{ exchange: "NSEEQ", token: infy.token, transType: "BUY", qty: 1, product: "INTRADAY", orderType: "MARKET", price: 0, trigger: 0 }]);
    const made = await t.call<Listed>("POST", "/core/v2/alerts", { exchange: "NSEEQ", token: infy.token, condition: "BELOW", value: 10 });
    const id = made.result[0]!.alertId;
    const linked = await t.call<Listed>("PUT", `/core/v2/alerts/${id}`, { condition: "CHANGE", value: 3, thenBasketId: basketId });
    expect(linked.result[0]).toMatchObject({ condition: "CHANGE", value: 3, thenBasketId: basketId });
    const unlinked = await t.call<Listed>("PUT", `/core/v2/alerts/${id}`, { condition: "CHANGE", value: 3 });
    expect(unlinked.result[0]).toMatchObject({ thenBasketId: null });
  }, 60_000);

  it("refuses a fired alert (EC735, saying when it fired), none or another's (EC978), and bad terms as a create does", async () => {
    b = await startTrading();
    const t = b;
    const infy = t.market.bySymbol("NSEEQ", "INFY")!;
    const ltp = t.market.quote("NSEEQ", infy.token)!.ltp;
    const made = await t.call<Listed>("POST", "/core/v2/alerts", { exchange: "NSEEQ", token: infy.token, condition: "ABOVE", value: Math.round(ltp + 10) });
    const id = made.result[0]!.alertId;

    // Bad terms, checked as a create's: a price of 0 (EC990), open interest on a share (EC730), another user's basket (EC714).
    expect((await t.call("PUT", `/core/v2/alerts/${id}`, { condition: "ABOVE", value: 0 })).status).toBe("EC990");
    const oi = await t.call("PUT", `/core/v2/alerts/${id}`, { condition: "OI_ABOVE", value: 1000 });
    expect(oi).toMatchObject({ status: "EC730", message: "An open-interest alert needs a future or an option: this instrument has no open interest: INFY-EQ is a share" });
    const theirs = createBasket(t.broker.db, "DEMO2", "Theirs", "DEMO2", t.broker.ctx.clock.now());
    expect((await t.call("PUT", `/core/v2/alerts/${id}`, { condition: "ABOVE", value: 2000, thenBasketId: theirs })).status).toBe("EC714");
    // None of those changed it.
    expect((await t.call<Listed>("GET", "/core/v2/alerts")).result[0]).toMatchObject({ condition: "ABOVE", value: Math.round(ltp + 10) });

    // Another user's alert is none of theirs; an id that is no alert is none.
    const other = await t.login("DEMO2");
    expect((await t.call("PUT", `/core/v2/alerts/${id}`, { condition: "ABOVE", value: 2000 }, other)).status).toBe("EC978");
    expect((await t.call("PUT", "/core/v2/alerts/999999", { condition: "ABOVE", value: 2000 })).status).toBe("EC978");

    // Fired: refused with when it fired, in IST (the session opened 10:30 IST on this clock).
    t.market.setPrice("NSEEQ", infy.token, Math.round(ltp + 11));
    const late = await t.call("PUT", `/core/v2/alerts/${id}`, { condition: "ABOVE", value: 2000 });
    expect(late.status).toBe("EC735");
    expect(late.message).toMatch(/^Only an active alert can be modified: the INFY-EQ alert fired at 10:\d\d:\d\d IST$/);
  }, 60_000);
});
