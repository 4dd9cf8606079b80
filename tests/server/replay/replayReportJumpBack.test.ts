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
 * plotted at 12:00, while the clock said 10:00. A later rule took the trade as made at the clock, but
 * then, as the clock ran on from 10:00, the position held counted no time in market until 12:00.
 * The rule now (src/core/replay/report.ts, server/README.md "The report"): the report is worked over
 * the time actually played, in the order played; a jump back starts a new stretch at the time jumped
 * to, with the books as they stood, so the position held through it counts its time and its P&L again.
 */
describe("the replay report after a jump back (issue 35)", () => {
  let broker: TestBroker | undefined;
  afterAll(async () => broker?.stop());

  it("is worked over the time played: a position held through a jump back counts the replayed minute, the curve in the order played ends at the clock on the positions' P&L", async () => {
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
    // One bar on from 10:00, held all the while: the replayed minute counts.
    await control({ action: "step" });
    const now = (await call("/core/v2/replay/state")).result[0]!.simTime as number;
    expect(now).toBe(at("10:01"));
    const report = (await call("/core/v2/replay/report")).result[0]!;
    const curve = report.curve as Array<{ time: number; pnl: number; playedMs: number }>;
    // As played: the minute ends 09:16 .. 11:59 and 12:00, where the jump back left (165 points), the landing at
    // 10:00 (a break: it says where the jump left), then the clock 10:01.
    expect(curve).toHaveLength(167);
    expect(curve[164]!.time).toBe(at("12:00"));
    expect(curve[165]).toMatchObject({ time: at("10:00"), jumpedFrom: at("12:00"), playedMs: 165 * 60_000 });
    expect(curve.filter((p) => (p as { jumpedFrom?: number }).jumpedFrom !== undefined)).toHaveLength(1);
    expect(curve.at(-1)!.time).toBe(now);
    expect(curve.slice(0, 164).every((p) => p.pnl === 0)).toBe(true);
    // Its own axis, the time played, never falls (the landing stands at the jump's): 165 minutes to the jump, then one more.
    expect(curve.every((p, i) => i === 0 || p.playedMs > curve[i - 1]!.playedMs || (i === 165 && p.playedMs === curve[i - 1]!.playedMs))).toBe(true);
    expect(curve.at(-1)!.playedMs).toBe(166 * 60_000);
    // The last point is the position marked at INFY's price now, as Positions marks it: 5 x (LTP - price paid).
    const held = (await call("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!;
    const expected = Math.round(5 * ((held.ltp as number) - (trade.tradedPrice as number)) * 100) / 100;
    expect(held.pnl).toBe(expected);
    expect(report.finalPnl).toBe(expected);
    expect(curve.at(-1)!.pnl).toBe(expected);
    // Held from the jump back at 10:00 to the clock 10:01 (bought at the paused 12:00, the jump's own instant: none
    // before it), of a session of 166 minutes played (09:15 to 12:00, then 10:00 to 10:01).
    expect(report.timeInMarketMs).toBe(60_000);
    expect(report.sessionMs).toBe(166 * 60_000);

    // Asked while a jump back still plays the tape to its time (the clock says 10:00 at once: the e2e's report,
    // opened as the status bar showed the time, read -12.30 and a landing at 0 while Positions said -8.50), the
    // report waits for the tape to arrive: its figures are those of the time the clock shows.
    const jumping = control({ action: "jump", time: "10:00" });
    await expect.poll(async () => (await call("/core/v2/replay/state")).result[0]!.simTime, { interval: 5 }).toBe(at("10:00"));
    const early = (await call("/core/v2/replay/report")).result[0]!;
    await jumping;
    const settled = (await call("/core/v2/replay/report")).result[0]!;
    expect(early.finalPnl).toBe(settled.finalPnl);
    expect(early.curve).toEqual(settled.curve);
    const after = (await call("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!;
    expect(settled.finalPnl).toBe(after.pnl);
  });
});
