import { afterEach, describe, expect, it } from "vitest";
import { OPEN_TIME, startTrading, type TradingBroker } from "../tradingHarness.js";

/** INFY on NSE (tick 0.05 or 0.1, lot 1). */
const INFY = { exchange: "NSEEQ" as const, token: 1244 };
const settle = () => new Promise((r) => setImmediate(r));

let b: TradingBroker | undefined;
afterEach(async () => {
  await b?.stop();
  b = undefined;
});

/** The risk messages said on DEMO1's order topic. */
function riskMessages(t: TradingBroker): Array<{ event: string; text: string }> {
  const said: Array<{ event: string; text: string }> = [];
  const publish = t.broker.feed.publishOrderUpdate.bind(t.broker.feed);
  t.broker.feed.publishOrderUpdate = (clientCode, update) => {
    const u = update as { messageKind?: string; event?: string; text?: string };
    if (u.messageKind === "risk") said.push({ event: u.event!, text: u.text! });
    publish(clientCode, update);
  };
  return said;
}

const order = (over: Record<string, unknown> = {}) => ({ exchange: "NSEEQ", instrumentId: String(INFY.token), transactionType: "BUY", quantity: 10, product: "INTRADAY", orderType: "MARKET", validity: "DAY", ...over });

describe("daily loss limits on the broker (issue 33)", () => {
  it("a loss past the limit on a tick trips once: open orders cancelled, every switch on to midnight IST, positions squared off, said on the order topic", async () => {
    // DEMO2 carries no positions in: the day's P&L is INFY's alone.
    b = await startTrading(OPEN_TIME, undefined, "DEMO2");
    const t = b;
    const said = riskMessages(t);
    const set = await t.call<{ maxLoss: number; squareOff: boolean }>("POST", "/core/v2/risk/limits/set", { maxLoss: 1000, squareOff: true });
    expect(set.result[0]).toMatchObject({ maxLoss: 1000, squareOff: true });
    const bought = await t.call<{ orderStatus: string }>("POST", "/core/v2/orders/", order());
    expect(bought.result[0]?.orderStatus).toBe("complete");
    const low = t.market.quote(INFY.exchange, INFY.token)!.lowerCircuit;
    const resting = await t.call<{ orderNo: string }>("POST", "/core/v2/orders/", order({ orderType: "LIMIT", price: low, quantity: 1 }));
    await settle();
    const cost = (await t.call<{ tradingSymbol: string; buyPrice: number }>("POST", "/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!.buyPrice;
    // 10 bought at `cost`: 60 lower, the day has lost 10 x 60 = 600.00, 400.00 left of 1,000.
    t.market.setPrice(INFY.exchange, INFY.token, cost - 60);
    await settle();
    expect(said).toEqual([]);
    const before = (await t.call<{ dayPnl: number; headroom: Array<{ name: string; used: number; left: number }> }>("POST", "/core/v2/risk/limits")).result[0]!;
    expect(before.dayPnl).toBeCloseTo(-600, 6);
    expect(before.headroom[0]).toEqual({ name: "loss", limit: 1000, used: 600, left: 400 });
    // 130 lower it has lost 10 x 130 = 1,300.00: trips, and says that amount.
    t.market.setPrice(INFY.exchange, INFY.token, cost - 130);
    await settle();
    expect(said.map((s) => s.event)).toEqual(["loss limit tripped"]);
    expect(said[0]!.text).toBe("Daily loss limit reached: trading is stopped for the rest of the day (Maximum loss: ₹1,300.00 of ₹1,000.00); 1 open order cancelled; 1 position squared off; every segment's kill switch on until 24/11/2026 00:00:00 IST");
    const book = (await t.call<{ orderNo: string; orderStatus: string }>("POST", "/core/v2/orders/book")).result;
    expect(book.find((o) => o.orderNo === resting.result[0]!.orderNo)?.orderStatus).toBe("cancelled");
    const positions = (await t.call<{ tradingSymbol: string; netQuantity: number }>("POST", "/core/v2/positions")).result;
    expect(positions.filter((p) => p.netQuantity !== 0)).toEqual([]);
    const switches = (await t.call<{ on: boolean; reason: string; until: string }>("POST", "/core/v2/risk/killswitch")).result;
    // Midnight IST after 23/11/2026 10:30 IST is 18:30 UTC that day.
    expect(switches.map((s) => [s.on, s.reason, s.until])).toEqual(Array(4).fill([true, "loss limit", "2026-11-23T18:30:00.000Z"]));
    // The switch is on because of the limit: the refusal says so (EC712), with the trip's figures.
    const refused = await t.call("POST", "/core/v2/orders/", order());
    expect([refused.status, refused.message]).toEqual(["EC712", "Daily loss limit reached: trading is stopped for the rest of the day: Maximum loss: ₹1,300.00 of ₹1,000.00; Equity until 24/11/2026 00:00:00 IST"]);
    // Further down: nothing trips again, and the day still shows the trip's 1,300.00, nothing left.
    t.market.setPrice(INFY.exchange, INFY.token, cost - 160);
    await settle();
    expect(said.length).toBe(1);
    const after = (await t.call<{ tripped: string; dayPnl: number; headroom: Array<{ name: string; used: number; left: number }> }>("POST", "/core/v2/risk/limits")).result[0]!;
    expect(after.tripped).toBe("loss");
    expect(after.dayPnl).toBe(-1300);
    expect(after.headroom[0]).toEqual({ name: "loss", limit: 1000, used: 1300, left: 0 });
    // The other figures are the trip's too: 2 orders placed by then (the buy, the resting one), 10 x (cost - 130) held.
    expect(after.headroom.slice(1)).toEqual([
      { name: "orders", limit: 0, used: 2, left: 0 },
      { name: "positionValue", limit: 0, used: Math.round(10 * (cost - 130) * 100) / 100, left: 0 },
    ]);
  }, 60_000);

  it("the day's loss is measured from the day's start, not from when the limit is saved: a limit the morning's loss is past trips on save, at that loss", async () => {
    b = await startTrading(OPEN_TIME, undefined, "DEMO2");
    const t = b;
    const said = riskMessages(t);
    expect((await t.call<{ orderStatus: string }>("POST", "/core/v2/orders/", order())).result[0]?.orderStatus).toBe("complete");
    const low = t.market.quote(INFY.exchange, INFY.token)!.lowerCircuit;
    expect((await t.call("POST", "/core/v2/orders/", order({ orderType: "LIMIT", price: low, quantity: 1 }))).status).toBe("Ok");
    await settle();
    const cost = (await t.call<{ tradingSymbol: string; buyPrice: number }>("POST", "/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!.buyPrice;
    t.market.setPrice(INFY.exchange, INFY.token, cost - 30);
    await settle();
    // No limit set yet: the day has lost 10 x 30 = 300.00 all the same, and one order rests.
    const unset = (await t.call<{ dayPnl: number; openOrders: number; headroom: Array<{ name: string; used: number }> }>("POST", "/core/v2/risk/limits")).result[0]!;
    expect([unset.dayPnl, unset.headroom[0]!.used, unset.openOrders]).toEqual([-300, 300, 1]);
    // A limit of 200 is past already: saving trips it, by the 300.00 the dialog showed.
    const set = (await t.call<{ tripped: string; dayPnl: number; headroom: Array<{ name: string; used: number; left: number }> }>("POST", "/core/v2/risk/limits/set", { maxLoss: 200 })).result[0]!;
    expect(set.tripped).toBe("loss");
    expect(set.headroom[0]).toEqual({ name: "loss", limit: 200, used: 300, left: 0 });
    await settle();
    expect(said.map((s) => s.text)).toEqual(["Daily loss limit reached: trading is stopped for the rest of the day (Maximum loss: ₹300.00 of ₹200.00); 1 open order cancelled; every segment's kill switch on until 24/11/2026 00:00:00 IST"]);
    // The price comes back: the day still shows 300.00 (the trip's), and orders are refused with EC712.
    t.market.setPrice(INFY.exchange, INFY.token, cost + 5);
    await settle();
    const later = (await t.call<{ dayPnl: number; headroom: Array<{ used: number; left: number }>; trippedText: string }>("POST", "/core/v2/risk/limits")).result[0]!;
    expect([later.dayPnl, later.headroom[0]!.used, later.headroom[0]!.left]).toEqual([-300, 300, 0]);
    expect((await t.call("POST", "/core/v2/orders/", order())).status).toBe("EC712");
  }, 60_000);

  it("the order beyond the maximum is refused with EC712 and trips; the next is refused by the switch; a restart does not trip the day again", async () => {
    b = await startTrading(OPEN_TIME);
    const said = riskMessages(b);
    await b.call("POST", "/core/v2/risk/limits/set", { maxOrders: 2 });
    const low = b.market.quote(INFY.exchange, INFY.token)!.lowerCircuit;
    const resting = () => b!.call("POST", "/core/v2/orders/", order({ orderType: "LIMIT", price: low, quantity: 1 }));
    expect((await resting()).status).toBe("Ok");
    expect((await resting()).status).toBe("Ok");
    const third = await resting();
    expect(third.status).toBe("EC712");
    expect(third.message).toBe("Daily loss limit reached: trading is stopped for the rest of the day: maximum 2 orders a day, 2 placed");
    await settle();
    expect(said.map((s) => s.event)).toEqual(["loss limit tripped"]);
    expect(said[0]!.text).toContain("2 open orders cancelled");
    // Refused by the switch the limit turned on: EC712 and the limit's figures, not the kill switch's EC710.
    const fourth = await resting();
    expect([fourth.status, fourth.message]).toEqual(["EC712", "Daily loss limit reached: trading is stopped for the rest of the day: Maximum orders: order 3 of 2; Equity until 24/11/2026 00:00:00 IST"]);

    const dataDir = b.dataDir;
    await b.stop(true);
    b = await startTrading(OPEN_TIME, dataDir);
    const again = riskMessages(b);
    await settle();
    expect((await b.call<{ tripped: string }>("POST", "/core/v2/risk/limits")).result[0]!.tripped).toBe("orders");
    // The trip's figures were kept: the same refusal after the restart.
    expect((await b.call("POST", "/core/v2/orders/", order())).message).toBe("Daily loss limit reached: trading is stopped for the rest of the day: Maximum orders: order 3 of 2; Equity until 24/11/2026 00:00:00 IST");
    await settle();
    expect(again).toEqual([]);
  }, 60_000);

  it("limits that are not positive numbers are refused with EC713", async () => {
    b = await startTrading();
    expect((await b.call("POST", "/core/v2/risk/limits/set", { maxOrders: 2.5 })).status).toBe("EC713");
    expect((await b.call("POST", "/core/v2/risk/limits/set", { maxLoss: "abc" })).status).toBe("EC713");
  }, 60_000);

  it("a burst of orders arriving together cannot pass the orders limit: the check and the count are one step", async () => {
    b = await startTrading(OPEN_TIME);
    const t = b;
    await t.call("POST", "/core/v2/risk/limits/set", { maxOrders: 3 });
    const low = t.market.quote(INFY.exchange, INFY.token)!.lowerCircuit;
    // Eight places in one call and four more at the same moment: the broker books each call's orders
    // in one group (groupCommit.ts) whose rows are written only when the group commits.
    const one = { orderType: "LIMIT", price: low, quantity: 1 };
    const [many, ...single] = await Promise.all([t.call<{ status: string }>("POST", "/core/v2/orders/", Array.from({ length: 8 }, () => order(one))), ...Array.from({ length: 4 }, () => t.call("POST", "/core/v2/orders/", order(one)))]);
    const statuses = [...many!.result.map((r) => r.status), ...single.map((a) => a.status)];
    expect(statuses.filter((s) => s === "Ok")).toHaveLength(3);
    expect(statuses.filter((s) => s !== "Ok").every((s) => s === "EC712" || s === "EC710")).toBe(true);
    await settle();
    const book = (await t.call("POST", "/core/v2/orders/book")).result;
    expect(book).toHaveLength(3);
  }, 60_000);
});
