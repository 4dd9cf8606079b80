import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { masterFor } from "../../../server/market/instruments/master.js";
import { createReplayMarket } from "../../../server/replay/market.js";
import { findDayTape } from "../../../server/replay/source.js";
import { istInstant } from "../../../src/core/time.js";
import { spawnBroker, type SpawnedBroker } from "../../support/brokerProcess.js";

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };
type Health = { clockMode: string; simTime: string; replayDate?: string };

const DATE = "2026-11-23";
const at = (hhmm: string) => istInstant(DATE, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))).getTime();

async function health(url: string): Promise<Health | undefined> {
  try {
    return ((await (await fetch(`${url}/health`)).json()) as { result: Health[] }).result[0];
  } catch {
    return undefined; // restarting
  }
}

/** Polls /health until `ok` holds (the broker restarts on the same port after a start or stop). */
async function until(url: string, ok: (h: Health) => boolean): Promise<Health> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const h = await health(url);
    if (h && ok(h)) return h;
    if (Date.now() > deadline) throw new Error(`the broker did not switch: ${JSON.stringify(h)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Issue 35, from a tester's run: "Replay a day…" twice on the same date. Each run starts with clean
 * replay books (server/README.md, "Its own books"): the second run's orders are its own, none from
 * the first run's afternoon in the future of its clock; its report and its positions hold the same
 * trades and the same P&L, the trades in time order. And the replay's orders are the replay's: back
 * live, the live account's order rate budget is untouched.
 */
describe("replaying the same day twice from a running broker", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-runs-"));
  let broker: SpawnedBroker | undefined;
  afterAll(async () => {
    broker?.child.kill("SIGTERM");
    await broker?.exited();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a second run starts with empty books; report and positions agree; the live rate budget is the live account's", async () => {
    // The sample imported here first, so the switch does not wait for it.
    expect(findDayTape(path.join(dataDir, "tapes"), DATE)?.source).toBe("sample");
    // RECORD off: a recording of this date would win over the sample. The default order rate limits (10/s, 400/min, 5000/day).
    broker = spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", DEV_SESSION: "1", RECORD: "off" });
    const url = await broker.url;
    const session = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as Envelope;
    const token = session.result[0]!.accessToken as string;
    const call = async (p: string, body: unknown = {}): Promise<Envelope> =>
      (await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json() as Promise<Envelope>;
    const control = async (body: Record<string, unknown>) => expect((await call("/core/v2/replay/control", body)).status).toBe("Ok");
    const infy = (await call("/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
    let n = 0;
    const order = async (side: "BUY" | "SELL") => {
      const r = await call("/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: side, quantity: 10, product: "INTRADAY", orderType: "MARKET", validity: "DAY", clientOrderKey: `runs-${++n}` });
      expect(r.result[0]?.orderStatus, r.message).toBe("complete");
    };

    // Run 1: bought at 09:20, sold at 14:00.
    expect((await call("/core/v2/replay/start", { date: DATE })).status).toBe("Ok");
    await until(url, (h) => h.clockMode === "replay");
    await control({ action: "pause" });
    await control({ action: "jump", time: "09:20" });
    await order("BUY");
    await control({ action: "jump", time: "14:00" });
    await order("SELL");
    expect((await call("/core/v2/orders/book")).result.length).toBe(2);

    // Run 2, started from inside run 1: its clock is at the open again.
    expect((await call("/core/v2/replay/start", { date: DATE })).status).toBe("Ok");
    await until(url, (h) => h.clockMode === "replay" && Date.parse(h.simTime) < at("10:00"));
    await control({ action: "pause" });
    await order("BUY");
    await control({ action: "jump", time: "11:00" });
    await order("SELL");
    const clock = (await call("/core/v2/replay/state")).result[0]!.simTime as number;
    expect(clock).toBeGreaterThanOrEqual(at("11:00"));
    expect(clock).toBeLessThan(at("11:01"));

    // Its books hold its two orders, none after its clock (run 1's 14:00 sell was three hours ahead of it).
    const book = (await call("/core/v2/orders/book")).result;
    expect(book.map((o) => o.transactionType).sort()).toEqual(["BUY", "SELL"]);
    expect(book.every((o) => Date.parse(o.orderTime as string) <= clock)).toBe(true);
    const trades = (await call("/core/v2/orders/trades")).result;
    expect(trades.length).toBe(2);
    const buy = trades.find((t) => t.transactionType === "BUY")!;
    const sell = trades.find((t) => t.transactionType === "SELL")!;
    // Bought in the open's first minutes, sold at 11:00.
    expect(Date.parse(buy.tradeTime as string)).toBeLessThan(at("09:20"));
    expect(Date.parse(sell.tradeTime as string)).toBeGreaterThanOrEqual(at("11:00"));
    // Flat again: the P&L is what the sell brought in less what the buy paid, 10 shares each.
    const pnl = Math.round(10 * ((sell.tradedPrice as number) - (buy.tradedPrice as number)) * 100) / 100;
    const position = (await call("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!;
    expect(position.netQuantity).toBe(0);
    expect(position.realizedPnl).toBe(pnl);
    expect(position.pnl).toBe(pnl);
    const report = (await call("/core/v2/replay/report")).result[0]!;
    expect(report.finalPnl).toBe(pnl);
    // The same two trades, in time order: the buy, then the sell.
    expect((report.trades as Array<Record<string, unknown>>).map((t) => [t.side, t.time, t.price])).toEqual([
      ["BUY", Date.parse(buy.tradeTime as string), buy.tradedPrice],
      ["SELL", Date.parse(sell.tradeTime as string), sell.tradedPrice],
    ]);

    // Bought again and held: the report marks the open 10 at the last price, as the positions do (the clock paused, it stands).
    await order("BUY");
    const again = (await call("/core/v2/orders/trades")).result.find((t) => t.transactionType === "BUY" && t.orderNo !== buy.orderNo)!;
    const held = (await call("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!;
    expect(held.netQuantity).toBe(10);
    const open = Math.round((pnl + 10 * ((held.ltp as number) - (again.tradedPrice as number))) * 100) / 100;
    expect(held.pnl).toBe(open);
    expect((await call("/core/v2/replay/report")).result[0]!.finalPnl).toBe(open);

    // Back live: none of the replays' five orders counts against the live account's limits.
    expect((await call("/core/v2/replay/stop")).status).toBe("Ok");
    await until(url, (h) => h.clockMode !== "replay");
    const budget = (await call("/core/v2/orders/rateBudget")).result[0]!;
    expect((budget.windows as Array<{ unit: string; left: number }>).map((w) => [w.unit, w.left])).toEqual([["s", 10], ["min", 400], ["day", 5000]]);
    expect(budget.sentAgoMs).toEqual([]);
  }, 300_000);
});

describe("a jump still playing when its broker closes", () => {
  it("ends where it got to, without reading the closed tape", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-stop-"));
    try {
      const tape = findDayTape(dir, DATE)!;
      let closed = false;
      let readsAfterClose = 0;
      const read = (f: Parameters<typeof tape.read>[0]) => {
        if (closed) readsAfterClose++;
        return tape.read(f);
      };
      const start = new Date(tape.frames[0]!.first);
      const market = createReplayMarket({ master: masterFor(DATE, start), read, frames: tape.frames, now: () => start, driveMs: 0 });
      // To 14:00, a block at a time; the broker closes (market stopped, tape closed) once the first block is played.
      const jump = market.playTo(at("14:00"));
      market.stop();
      tape.close();
      closed = true;
      await jump;
      expect(readsAfterClose).toBe(0);
      expect(market.decodedBlocks).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
