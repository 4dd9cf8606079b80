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
    // The level grouped the Indian way with NSE's two decimals, as every price (en-IN: "1,510.50").
    expect(said).toEqual([`Alert INFY-EQ above ₹${(ltp + 10).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}: ${alert.ordersNote}`]);
  }, 60_000);

  it("a basket that is not the user's is refused with EC714", async () => {
    b = await startTrading();
    const other = createBasket(b.broker.db, "DEMO2", "Theirs", "DEMO2", b.broker.ctx.clock.now());
    const made = await b.call("POST", "/core/v2/alerts", { ...INFY, condition: "ABOVE", value: 5000, thenBasketId: other });
    expect(made.status).toBe("EC714");
  }, 60_000);

  it("a day-high alert linked to one order line places that order once when the day's high is crossed, and notes it", async () => {
    b = await startTrading();
    const t = b;
    const q = t.market.quote(INFY.exchange, INFY.token)!;
    const high = q.high;
    const line = "buy INFY 3";
    const order = { exchange: "NSEEQ", token: INFY.token, tradingSymbol: "INFY", transType: "BUY", qty: 3, product: "INTRADAY", orderType: "MARKET", price: 0, trigger: 0, line };
    const made = await t.call<{ alertId: number; value: number; thenOrder: { tradingSymbol: string } }>("POST", "/core/v2/alerts", { ...INFY, condition: "DAY_HIGH", thenOrder: order });
    expect(made.status).toBe("Ok");
    // The broker took the day's high as it stood, and the contract's own symbol.
    expect(made.result[0]).toMatchObject({ value: high, thenOrder: { tradingSymbol: "INFY-EQ" } });
    const before = (await t.call("POST", "/core/v2/orders/book")).result.length;
    t.market.setPrice(INFY.exchange, INFY.token, high); // at the high: not crossed
    expect((await t.call("POST", "/core/v2/orders/book")).result.length).toBe(before);
    t.market.setPrice(INFY.exchange, INFY.token, high + 1); // a new high: fires
    t.market.setPrice(INFY.exchange, INFY.token, high - 2);
    t.market.setPrice(INFY.exchange, INFY.token, high + 3); // higher still: fired already
    const book = (await t.call<{ quantity: number; transactionType: string }>("POST", "/core/v2/orders/book")).result;
    expect(book.length - before).toBe(1);
    expect(book[0]).toMatchObject({ quantity: 3, transactionType: "BUY" });
    const alert = (await t.call<{ alertId: number; ordersNote: string }>("GET", "/core/v2/alerts")).result.find((a) => a.alertId === made.result[0]!.alertId)!;
    // The order as its set toast named it (the order toasts' words, the contract's own symbol), with its number: it read "order buy INFY 3: placed (n)".
    expect(alert.ordersNote).toMatch(/^placed Qty 3 BUY INFY-EQ \(MARKET Order\) INTRADAY, order \d+$/);
  }, 60_000);

  it("refuses an OI alert on a share (EC730), an order line off the tick (EC732), and a basket with an order line (EC732)", async () => {
    b = await startTrading();
    const oi = await b.call("POST", "/core/v2/alerts", { ...INFY, condition: "OI_ABOVE", value: 1000 });
    expect(oi.status).toBe("EC730");
    const order = { exchange: "NSEEQ", token: INFY.token, tradingSymbol: "INFY-EQ", transType: "BUY", qty: 1, product: "DELIVERY", orderType: "LIMIT", price: 1551.03, trigger: 0, line: "buy INFY 1 @ 1551.03" };
    const offTick = await b.call("POST", "/core/v2/alerts", { ...INFY, condition: "ABOVE", value: 5000, thenOrder: order });
    expect(offTick).toMatchObject({ status: "EC732", message: "Invalid alert order line: buy INFY 1 @ 1551.03: the price 1551.03 is not on the tick size 0.1" }); // INFY ticks in 0.10 in the paper master
    const basketId = createBasket(b.broker.db, "DEMO1", "Both", "DEMO1", b.broker.ctx.clock.now());
    const both = await b.call("POST", "/core/v2/alerts", { ...INFY, condition: "ABOVE", value: 5000, thenBasketId: basketId, thenOrder: { ...order, price: 1551 } });
    expect(both.status).toBe("EC732");
  }, 60_000);
});
