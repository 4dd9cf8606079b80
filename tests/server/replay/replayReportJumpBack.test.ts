import { afterAll, describe, expect, it } from "vitest";
import { istInstant } from "../../../src/core/time.js";
import { startBroker, type TestBroker } from "../harness.js";

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };
const DATE = "2026-11-23";
const at = (hhmm: string) => istInstant(DATE, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))).getTime();

/**
 * A tester's run of the sample day: jump to 12:00, buy INFY 5 intraday, jump back to 10:00, open the
 * report. It said "Time in market 0 h 00 min of 0 h 45 min" and drew its curve from 09:16 to 12:00
 * (165 points), flat at 0 until 11:59 then -47.50, the position marked at the 10:00 price but
 * plotted at 12:00, while the clock said 10:00. The rule (server/README.md, "The report";
 * src/core/replay/report.ts): the curve ends at the clock; a trade a jump back left ahead of it is
 * taken as made at the clock, so the last point carries the position marked as Positions marks it,
 * and it has held no time yet.
 */
describe("the replay report after a jump back (issue 35)", () => {
  let broker: TestBroker | undefined;
  afterAll(async () => broker?.stop());

  it("ends at the clock, on the positions' P&L, with the trade ahead of the clock in its last point only", async () => {
    broker = await startBroker({ REPLAY: DATE });
    const token = await broker.login("DEMO1");
    const call = async (p: string, body: unknown = {}) =>
      (await (await fetch(`${broker!.url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as Envelope;
    const control = async (body: Record<string, unknown>) => expect((await call("/core/v2/replay/control", body)).status).toBe("Ok");
    await control({ action: "pause" });
    await control({ action: "jump", time: "12:00" });
    const infy = broker.broker.market.bySymbol("NSEEQ", "INFY-EQ")!;
    const placed = await call("/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 5, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
    expect(placed.result[0]?.orderStatus, placed.message).toBe("complete");
    const trade = (await call("/core/v2/orders/trades")).result[0]!;
    expect(Date.parse(trade.tradeTime as string)).toBeGreaterThanOrEqual(at("12:00"));
    await control({ action: "jump", time: "10:00" });

    const clock = (await call("/core/v2/replay/state")).result[0]!.simTime as number;
    expect(clock).toBe(at("10:00"));
    const position = (await call("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!;
    expect(position.netQuantity).toBe(5);
    const report = (await call("/core/v2/replay/report")).result[0]!;
    const curve = report.curve as Array<{ time: number; pnl: number }>;
    // Minute ends 09:16 .. 09:59 and the clock 10:00: 45 points, none past the clock.
    expect(curve).toHaveLength(45);
    expect(curve.at(-1)!.time).toBe(clock);
    expect(curve.slice(0, -1).every((p) => p.pnl === 0)).toBe(true);
    // The last point is the position marked at INFY's 10:00 price, as Positions marks it: 5 x (LTP - price paid).
    const expected = Math.round(5 * ((position.ltp as number) - (trade.tradedPrice as number)) * 100) / 100;
    expect(position.pnl).toBe(expected);
    expect(report.finalPnl).toBe(expected);
    expect(curve.at(-1)!.pnl).toBe(expected);
    // Held from the clock's time: none yet, of the 45 minutes since the open.
    expect(report.timeInMarketMs).toBe(0);
    expect(report.sessionMs).toBe(45 * 60_000);
  });
});
