import { afterEach, describe, expect, it } from "vitest";
import { addLegs, createBasket } from "../../../server/basket/store.js";
import { startTrading, type TradingBroker } from "../tradingHarness.js";

const INFY = { exchange: "NSEEQ" as const, token: 1244 };

let b: TradingBroker | undefined;
afterEach(async () => {
  await b?.stop();
  b = undefined;
});

describe("alert triggers orders (issue 33)", () => {
  it("an alert linked to a basket places it once when it fires, notes it on the alert and says so on the order topic", async () => {
    b = await startTrading();
    const t = b;
    const said: string[] = [];
    const publish = t.broker.feed.publishOrderUpdate.bind(t.broker.feed);
    t.broker.feed.publishOrderUpdate = (clientCode, update) => {
      const u = update as { messageKind?: string; event?: string; text?: string };
      if (u.messageKind === "risk" && u.event === "alert orders") said.push(u.text!);
      publish(clientCode, update);
    };
    const now = t.broker.ctx.clock.now();
    const basketId = createBasket(t.broker.db, "DEMO1", "Breakout", "DEMO1", now);
    addLegs(t.broker.db, basketId, [{ exchange: "NSEEQ", token: INFY.token, transType: "BUY", qty: 2, product: "INTRADAY", orderType: "MARKET", price: 0, trigger: 0 }]);
    const ltp = t.market.quote(INFY.exchange, INFY.token)!.ltp;
    const made = await t.call<{ alertId: number; thenBasketId: number }>("POST", "/core/v2/alerts", { ...INFY, condition: "ABOVE", value: ltp + 10, thenBasketId: basketId });
    expect(made.result[0]?.thenBasketId).toBe(basketId);
    const before = (await t.call("POST", "/core/v2/orders/book")).result.length;

    // Up through the level, down, and up again: it fires once, so the basket goes once.
    t.market.setPrice(INFY.exchange, INFY.token, ltp + 12);
    t.market.setPrice(INFY.exchange, INFY.token, ltp);
    t.market.setPrice(INFY.exchange, INFY.token, ltp + 15);
    const book = (await t.call<{ quantity: number; tradingSymbol: string }>("POST", "/core/v2/orders/book")).result;
    expect(book.length - before).toBe(1);
    expect(book[0]).toMatchObject({ quantity: 2, tradingSymbol: "INFY-EQ" });
    const alert = (await t.call<{ alertId: number; status: string; ordersNote: string }>("GET", "/core/v2/alerts")).result.find((a) => a.alertId === made.result[0]!.alertId)!;
    expect(alert.status).toBe("TRIGGERED");
    expect(alert.ordersNote).toMatch(/^basket Breakout: 1 of 1 placed \(\d+\)$/);
    expect(said).toEqual([`Alert INFY-EQ above ₹${ltp + 10}: ${alert.ordersNote}`]);
  }, 60_000);

  it("a basket that is not the user's is refused with EC714", async () => {
    b = await startTrading();
    const other = createBasket(b.broker.db, "DEMO2", "Theirs", "DEMO2", b.broker.ctx.clock.now());
    const made = await b.call("POST", "/core/v2/alerts", { ...INFY, condition: "ABOVE", value: 5000, thenBasketId: other });
    expect(made.status).toBe("EC714");
  }, 60_000);
});
