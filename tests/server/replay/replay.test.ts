import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { createMarket } from "../../../server/market/sim/market.js";
import { ReplayClock } from "../../../server/replay/clock.js";
import { createReplayMarket } from "../../../server/replay/market.js";
import { Recorder } from "../../../server/replay/recorder.js";
import { findDayTape, SAMPLE_DIR } from "../../../server/replay/source.js";
import { readTapeIndex, tapePath, FRAME_TICKS } from "../../../server/replay/tapeFile.js";
import { masterFor } from "../../../server/market/instruments/master.js";
import { parseTimestamp } from "../../../server/replay/importCsv.js";
import type { Exchange } from "../../../src/core/types/exchange.js";
import { startBroker } from "../harness.js";
import { manualClock, masterAt, OPEN } from "../market/fixtures.js";

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

describe("market replay (issue 35, Done when)", () => {
  it("records two minutes, replays them at 10x, and gets the same sequence of prices for a chosen instrument", () => {
    // Record: the simulator driven fast by its own clock (240 steps of 500 ms), the recorder attached.
    const clock = manualClock(OPEN);
    const market = createMarket({ master: masterAt(OPEN), clock, seed: 7, tickHz: 0 });
    const dir = tmp();
    const recorder = new Recorder(market, { dir, maxBytes: 1e9, wallFlushMs: 0 });
    const reliance = market.bySymbol("NSEEQ", "RELIANCE-EQ")!;
    const recorded: number[] = [];
    market.onChange((q, inst) => {
      if (inst === reliance) recorded.push(q.ltp);
    });
    for (let i = 0; i < 240; i++) {
      clock.advance(500);
      market.step();
    }
    recorder.close();
    market.stop();

    // Replay at 10x on a wall clock the test moves: 100 ms of wall time is 1 s of the day.
    const tape = readTapeIndex(tapePath(dir, "2026-11-23"))!;
    const frames = tape.frames.filter((f) => f.kind === FRAME_TICKS);
    let wall = 0;
    const replayClock = new ReplayClock(frames[0]!.first, frames.at(-1)!.last, () => wall);
    replayClock.setSpeed(10);
    const replay = createReplayMarket({ master: masterAt(OPEN), buffer: tape.buffer, frames, now: () => replayClock.now(), driveMs: 0 });
    const replayed: number[] = [];
    const release = replay.watch("NSEEQ", reliance.token);
    replay.onTick((q, inst) => {
      if (inst.token === reliance.token && inst.exchange === "NSEEQ") replayed.push(q.ltp);
    });
    while (!replayClock.ended) {
      wall += 100;
      replay.step();
    }
    release();
    // 240 steps: RELIANCE trades on about 70 % of them.
    expect(recorded.length).toBeGreaterThan(120);
    expect(replayed).toEqual(recorded);
    // 120 s of the day took 12 s of wall time at 10x.
    expect(wall).toBe(12_000);
  }, 240_000);

  it("the imported sample day replays with each minute's high and low as in the CSV", () => {
    const dir = tmp();
    const tape = findDayTape(dir, "2026-11-23")!;
    expect(tape.source).toBe("sample");
    const at = new Date(tape.frames[0]!.first);
    const master = masterFor("2026-11-23", at);
    const replay = createReplayMarket({ master, read: tape.read, frames: tape.frames, now: () => at, driveMs: 0 });
    replay.advanceTo(tape.frames.at(-1)!.last);
    const rows = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(SAMPLE_DIR, "2026-11-23.csv"), "utf8"), { header: true, skipEmptyLines: true }).data;
    const symbols = [...new Set(rows.map((r) => `${r.exchange}:${r.symbol}`))];
    // The header's three indices among them, so none stands still through the replay.
    expect(symbols).toEqual(["NSEEQ:NIFTY", "NSEEQ:INFY", "NSEEQ:RELIANCE", "NSEEQ:TCS", "BSEEQ:SENSEX", "NSEEQ:BANKNIFTY"]);
    for (const key of symbols) {
      const [exchange, symbol] = key.split(":") as [Exchange, string];
      const inst = master.bySymbol(exchange, symbol) ?? master.bySymbol(exchange, `${symbol}-EQ`)!;
      const bars = replay.bars(exchange, inst.token);
      const csv = rows.filter((r) => r.symbol === symbol && r.exchange === exchange);
      expect(bars.length).toBe(csv.length);
      expect(bars.map((b) => [b.time, b.high, b.low])).toEqual(csv.map((r) => [parseTimestamp(r.timestamp!), Number(r.high), Number(r.low)]));
      const q = replay.quote(exchange, inst.token)!;
      expect(q.high).toBe(Math.max(...csv.map((r) => Number(r.high))));
      expect(q.low).toBe(Math.min(...csv.map((r) => Number(r.low))));
      expect(q.ltp).toBe(Number(csv.at(-1)!.close));
    }
  });

  it("an order placed during replay fills at a replayed price, and the live paper account shows nothing", async () => {
    const dataDir = tmp();
    // The live broker first: DEMO1's trade book as it stands.
    // RECORD=off: the live broker would record this very date, and a recording wins over the sample.
    const live = await startBroker({ TICK_HZ: "0", SIM_TIME: OPEN, RECORD: "off" }, dataDir);
    const liveToken = await live.login("DEMO1");
    const call = async (url: string, token: string, p: string, body: unknown = {}) =>
      (await (await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as Envelope;
    const liveTradesBefore = (await call(live.url, liveToken, "/core/v2/orders/trades")).result;
    expect((await call(live.url, liveToken, "/core/v2/replay/state")).result[0]).toMatchObject({ active: false });
    const liveOvernight = (await call(live.url, liveToken, "/core/v2/positions")).result.length;
    await live.stop(true);

    // The replay of the sample day, on the same data folder.
    const replay = await startBroker({ REPLAY: "2026-11-23" }, dataDir);
    // The live session still works in the replay (accounts and sessions are copied in).
    const state = (await call(replay.url, liveToken, "/core/v2/replay/state")).result[0]!;
    expect(state).toMatchObject({ active: true, date: "2026-11-23", source: "sample", speed: 1, paused: false });
    // The replay account starts the day flat: none of the demo's overnight F&O, commodity and
    // currency positions (the live account holds four), yet the long-held shares are there to sell.
    expect(liveOvernight).toBe(4);
    const opening = await call(replay.url, liveToken, "/core/v2/positions");
    expect(opening.status, opening.message).toBe("EC920");
    expect((await call(replay.url, liveToken, "/core/v2/holdings")).result.map((h) => h.nseTradingSymbol)).toContain("INFY-EQ");
    // 10:30 IST, then paused so the price stands still while the order goes in.
    expect((await call(replay.url, liveToken, "/core/v2/replay/control", { action: "jump", time: "10:30" })).status).toBe("Ok");
    expect((await call(replay.url, liveToken, "/core/v2/replay/control", { action: "pause" })).status).toBe("Ok");
    const infy = replay.broker.market.bySymbol("NSEEQ", "INFY-EQ")!;
    const quote = replay.broker.market.quote("NSEEQ", infy.token)!;
    const placed = await call(replay.url, liveToken, "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 5, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
    expect(placed.status).toBe("Ok");
    expect(placed.result[0]?.orderStatus).toBe("complete");
    const trades = (await call(replay.url, liveToken, "/core/v2/orders/trades")).result;
    const mine = trades.filter((t) => t.token === String(infy.token) || t.instrumentId === String(infy.token));
    expect(mine.length).toBe(1);
    // A market buy takes the replayed best ask: the synthesised book at the replayed 10:30 price.
    expect(mine[0]!.tradedPrice).toBe(quote.asks[0]!.price);
    expect(Math.abs((mine[0]!.tradedPrice as number) - quote.ltp)).toBeLessThanOrEqual(infy.tickSize + 1e-9);
    // The report counts the trade.
    const report = (await call(replay.url, liveToken, "/core/v2/replay/report")).result[0]!;
    expect((report.trades as unknown[]).length).toBe(1);
    await replay.stop(true);

    // Live again: the live account has exactly the trades it had.
    const again = await startBroker({ TICK_HZ: "0", SIM_TIME: OPEN, RECORD: "off" }, dataDir);
    expect((await call(again.url, liveToken, "/core/v2/orders/trades")).result).toEqual(liveTradesBefore);
    await again.stop(true);
  });
});
