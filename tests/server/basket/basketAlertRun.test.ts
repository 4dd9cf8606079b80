import { afterEach, describe, expect, it } from "vitest";
import { startTrading, type TradingBroker } from "../tradingHarness.js";
import { basketCall } from "./basketCall.js";

/**
 * An alert that fires a basket is a run of that basket like `f`'s (the explorer's finding: the
 * Last run column never showed an alert's firing, so `f` afterwards offered the legs the alert had
 * placed, a second time). The rules quoted: "Each leg is placed under a key derived from the run"
 * (README, baskets) and the alert's own key is `ato-<alertId>` (README, alert triggers orders), so
 * the run is `ato-<alertId>`; "a leg is placed when an order is booked under its key of the run"
 * and "a refused leg keeps the code and message" (basketLastRun.test.ts); a firing whose
 * confirmation did not know the last run is refused with EC969.
 */
describe("a basket fired by an alert", () => {
  let b: TradingBroker | undefined;
  afterEach(async () => {
    await b?.stop();
    b = undefined;
  });

  it("is kept as the basket's last run: the placed leg with its order, the refused one with the broker's code, and f retries only the refused", async () => {
    b = await startTrading();
    const t = b;
    const call = basketCall(() => t.url);
    const pushed: Array<Record<string, unknown>> = [];
    const publish = t.broker.feed.publishOrderUpdate.bind(t.broker.feed);
    t.broker.feed.publishOrderUpdate = (clientCode, update) => {
      if ((update as { messageKind?: string }).messageKind === "basketRun") pushed.push({ clientCode, ...(update as Record<string, unknown>) });
      publish(clientCode, update);
    };
    const token = (symbol: string) => t.market.bySymbol("NSEEQ", symbol)!.token;
    const id = (await call("POST", "create", t.token, { basketName: "Breakout" })).result[0]!.basketId as number;
    // INFY at market is placed; TCS at 99,999 is far outside its circuit: EC918, "Price is outside the circuit limits", the broker adding the band.
    await call("POST", "add/scrips", t.token, {
      basketId: id,
      scrips: [
        { exchange: "NSEEQ", token: token("INFY-EQ"), transType: "BUY", qty: 2 },
        { exchange: "NSEEQ", token: token("TCS-EQ"), transType: "BUY", qty: 1, price: 99_999 },
      ],
    });
    const [infy, tcs] = (await call("GET", `get/scrips/${id}`, t.token)).result as Array<{ scripId: number }>;
    const ltp = t.market.quote("NSEEQ", token("INFY-EQ"))!.ltp;
    const made = await t.call<{ alertId: number }>("POST", "/core/v2/alerts", { exchange: "NSEEQ", token: token("INFY-EQ"), condition: "ABOVE", value: ltp + 10, thenBasketId: id });
    const alertId = made.result[0]!.alertId;

    t.market.setPrice("NSEEQ", token("INFY-EQ"), ltp + 12);

    const band = t.market.quote("NSEEQ", token("TCS-EQ"))!;
    const rupees = (v: number) => v.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const book = (await t.call<{ orderNo: string; tradingSymbol: string }>("POST", "/core/v2/orders/book")).result;
    const infyOrder = book.find((o) => o.tradingSymbol === "INFY-EQ")!.orderNo;
    const alert = (await t.call<{ alertId: number; triggeredAt: string }>("GET", "/core/v2/alerts")).result.find((a) => a.alertId === alertId)!;
    const seen = (await call("GET", "get", t.token)).result.find((x) => x.basketId === id)!;
    // Fired when the alert fired.
    expect(seen.lastRun).toEqual({
      runId: `ato-${alertId}`,
      firedAt: alert.triggeredAt,
      legs: [
        { scripId: infy!.scripId, name: "Qty 2 BUY INFY-EQ", state: "placed", orderNo: infyOrder },
        { scripId: tcs!.scripId, name: "Qty 1 BUY TCS-EQ", state: "refused", code: "EC918", message: `Price is outside the circuit limits: ₹${rupees(band.lowerCircuit)} to ₹${rupees(band.upperCircuit)}` },
      ],
    });
    // Every window of the user is told the basket's run changed (it reloads its Last run).
    expect(pushed).toEqual([{ clientCode: "DEMO1", messageKind: "basketRun", basketId: id }]);

    // A confirmation of `f` opened before the alert fired (it knew no run: "" replaces none) would place INFY again: refused as another window's firing is.
    const stale = await call("POST", "run/begin", t.token, { basketId: id, runId: "before", replaces: "", scripIds: [infy!.scripId, tcs!.scripId] });
    expect(stale.status).toBe("EC969");
    // `f` now retries the alert's run: INFY stays placed under its key, TCS alone is sent again.
    const retry = await call("POST", "run/begin", t.token, { basketId: id, runId: `ato-${alertId}`, replaces: `ato-${alertId}`, scripIds: [tcs!.scripId] });
    expect((retry.result[0]!.legs as Array<{ scripId: number; state: string }>).map((l) => [l.scripId, l.state])).toEqual([
      [infy!.scripId, "placed"],
      [tcs!.scripId, "sent"],
    ]);
    // A firing from a window is told the same way: the begin changed the run.
    expect(pushed.at(-1)).toEqual({ clientCode: "DEMO1", messageKind: "basketRun", basketId: id });
    expect(pushed).toHaveLength(2);
  }, 60_000);
});
