import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BasketLeg } from "../../../src/core/rules/basket.js";
import { basketLegKey } from "../../../src/core/rules/basket.js";
import { fireLegs } from "../../../src/core/rules/basketRun.js";
import { legSlicing } from "../../../src/core/rules/basketSlices.js";
import { startBroker, type TestBroker } from "../harness.js";
import { basketCall } from "./basketCall.js";

/**
 * A basket leg above its contract's freeze quantity (an explorer's finding: `basket add OptDesk
 * BANKNIFTY ATM PE 3500 sell`, then `f`, was refused EC939 "Quantity exceeds the freeze quantity",
 * although the order window sends such an order as slices). The rule (slicing.ts, README): "as many
 * full slices as fit (the largest multiple of the lot at or below the freeze quantity), then the
 * remainder", each its own order under its own key; the leg went when every slice is booked, and
 * firing the run again places no slice twice.
 */
describe("a basket leg above the freeze quantity goes as slices", () => {
  let b: TestBroker;
  let bearer: string;
  const call = basketCall(() => b.url);
  const place = async (req: unknown) => {
    const res = await fetch(`${b.url}/core/v2/orders/`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify(req) });
    const env = (await res.json()) as { status: string; message: string; result: Array<{ status: string; message: string; orderNo: string }> };
    return env.result[0] ?? env;
  };
  const book = async () => {
    const res = await fetch(`${b.url}/core/v2/orders/book`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: "{}" });
    return ((await res.json()) as { result?: Array<{ orderNo: string; quantity: number; clientOrderKey?: string }> }).result ?? [];
  };

  beforeAll(async () => {
    // Monday 23 Nov 2026, 10:00 IST: the market open, prices frozen.
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    bearer = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  it("3500 of a BANKNIFTY put (lot 35, freeze 900) goes as 4 slices of 875; a second firing of the run places none again", async () => {
    // The nearest expiry's lowest-strike put: a few rupees, so 3500 of it is well within DEMO1's funds.
    const puts = b.broker.market.instruments().filter((i) => i.symbol === "BANKNIFTY" && i.exchange === "NSEFO" && i.optionType === "PE");
    const expiry = puts.map((i) => i.expiry).sort()[0]!;
    const put = puts.filter((i) => i.expiry === expiry).sort((x, y) => x.strikePrice - y.strikePrice)[0]!;
    expect([put.lotSize, put.freezeQty]).toEqual([35, 900]);
    const contract = { exchange: put.exchange, lotSize: put.lotSize, freezeQty: put.freezeQty, sliceEnable: true };

    const id = (await call("POST", "create", bearer, { basketName: "OptDesk" })).result[0]!.basketId as number;
    await call("POST", "add/scrips", bearer, { basketId: id, scrips: [{ exchange: "NSEFO", token: put.token, transType: "BUY", qty: 3500, product: "NORMAL" }] });
    const legs = (await call("GET", `get/scrips/${id}`, bearer)).result as unknown as BasketLeg[];
    const leg = legs[0]!;
    // By hand: the largest multiple of 35 at or below 900 is 875 (25 lots); 3500 = 4 x 875, no remainder.
    expect(legSlicing(leg, contract)).toEqual({ kind: "slices", slices: [875, 875, 875, 875], sliceSize: 875 });

    const before = (await book()).length;
    expect((await call("POST", "run/begin", bearer, { basketId: id, runId: "r1", replaces: "", scripIds: [leg.scripId] })).status).toBe("Ok");
    const report = await fireLegs(legs, "r1", place, () => false, (l) => legSlicing(l, contract));
    expect(report).toHaveLength(1);
    expect(report[0]!.placed, JSON.stringify(report[0])).toBe(true);
    const orderNos = report[0]!.placed ? report[0]!.orderNo.split(", ") : [];
    expect(orderNos).toHaveLength(4);
    // Four orders of 875, each under its slice's key of the leg's key in the run.
    const placed = (await book()).filter((o) => orderNos.includes(o.orderNo));
    expect(placed.map((o) => o.quantity)).toEqual([875, 875, 875, 875]);
    expect(placed.map((o) => o.clientOrderKey).sort()).toEqual([1, 2, 3, 4].map((i) => `${basketLegKey("r1", leg.scripId)}-s${i}of4`));

    // The run reads the leg as placed, with its slices' order numbers.
    const run = (await call("POST", "run/refused", bearer, { basketId: id, runId: "r1", refused: [] })).result[0]!;
    expect(run.legs).toEqual([{ scripId: leg.scripId, name: "Qty 3500 BUY " + put.tradingSymbol, state: "placed", orderNo: orderNos.join(", ") }]);

    // Fired again under the same run (a second Enter, a retry): every slice's key answers its first order; none is placed twice.
    const again = await fireLegs(legs, "r1", place, () => false, (l) => legSlicing(l, contract));
    expect(again).toEqual(report);
    expect((await book()).length - before).toBe(4);
  });

  it("a leg some of whose slices went is not placed; its retry places only the slices the broker has not got", async () => {
    const put = b.broker.market.instruments().find((i) => i.symbol === "BANKNIFTY" && i.exchange === "NSEFO" && i.optionType === "PE" && i.freezeQty === 900)!;
    const contract = { exchange: put.exchange, lotSize: put.lotSize, freezeQty: put.freezeQty, sliceEnable: true };
    const id = (await call("POST", "create", bearer, { basketName: "Partial" })).result[0]!.basketId as number;
    // 1,050 = 875 + 175 (a full slice, then the remainder of 5 lots).
    await call("POST", "add/scrips", bearer, { basketId: id, scrips: [{ exchange: "NSEFO", token: put.token, transType: "BUY", qty: 1050, product: "NORMAL" }] });
    const legs = (await call("GET", `get/scrips/${id}`, bearer)).result as unknown as BasketLeg[];
    const leg = legs[0]!;
    expect(legSlicing(leg, contract)).toEqual({ kind: "slices", slices: [875, 175], sliceSize: 875 });
    expect((await call("POST", "run/begin", bearer, { basketId: id, runId: "p1", replaces: "", scripIds: [leg.scripId] })).status).toBe("Ok");
    const before = (await book()).length;
    // The first slice went (say the second's answer was lost): the leg is not placed.
    const first = await place({ exchange: "NSEFO", instrumentId: String(put.token), transactionType: "BUY", quantity: 875, product: "NORMAL", orderComplexity: "REGULAR", orderType: "MARKET", validity: "DAY", price: 0, slTriggerPrice: 0, clientOrderKey: `${basketLegKey("p1", leg.scripId)}-s1of2` });
    expect(first.status, first.message).toBe("Ok");
    const seen = (await call("GET", "get", bearer)).result.find((x) => x.basketId === id)!.lastRun as { legs: Array<{ state: string }> };
    expect(seen.legs.map((l) => l.state)).toEqual(["sent"]);
    // Fired again: the first slice's key answers its order, the second is placed; two orders in all.
    const again = await fireLegs(legs, "p1", place, () => false, (l) => legSlicing(l, contract));
    expect(again[0]!.placed).toBe(true);
    expect((await book()).length - before).toBe(2);
  });
});
