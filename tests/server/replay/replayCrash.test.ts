import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnBroker } from "../../support/brokerProcess.js";
import { findDayTape } from "../../../server/replay/source.js";
import { istInstant } from "../../../src/core/time.js";

/** The real server/main.ts replaying the sample day (as `npm run replay -- 2026-11-23` runs it), on a data folder. */
const startReplay = (dataDir: string) => spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", REPLAY: "2026-11-23", DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

async function client(url: string) {
  const session = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as Envelope;
  const token = session.result[0]?.accessToken as string;
  return async (p: string, body: unknown = {}): Promise<Envelope> =>
    (await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json() as Promise<Envelope>;
}

describe("a SIGKILL during replay (issue 35)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-crash-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("loses no acknowledged replay order, and carries the run on where its clock was", async () => {
    // The sample imported here first, so the broker's start-up (60 s at most) does not include it.
    expect(findDayTape(path.join(dataDir, "tapes"), "2026-11-23")?.source).toBe("sample");
    const first = startReplay(dataDir);
    let call = await client(await first.url);
    expect((await call("/core/v2/replay/state")).result[0]).toMatchObject({ active: true, date: "2026-11-23" });
    const search = (await call("/core/search", { searchText: "TCS", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "TCS-EQ")!;
    // The run at 5x, paused at 11:30 (paused first, so the clock stands exactly there): where a restart must carry on.
    expect((await call("/core/v2/replay/control", { action: "speed", speed: 5 })).status).toBe("Ok");
    expect((await call("/core/v2/replay/control", { action: "pause" })).status).toBe("Ok");
    expect((await call("/core/v2/replay/control", { action: "jump", time: "11:30" })).status).toBe("Ok");
    const order = (over: Record<string, unknown>) => ({ exchange: "NSEEQ", instrumentId: String(search.token), transactionType: "BUY", quantity: 2, product: "INTRADAY", validity: "DAY", ...over });
    // One that fills at once, one that rests far under the price (TCS trades about 2,290 that day; the band is 20 % about its open): both acknowledged before the kill.
    const filled = await call("/core/v2/orders/", order({ orderType: "MARKET", clientOrderKey: "replay-crash-1" }));
    expect(filled.result[0]?.orderStatus).toBe("complete");
    const resting = await call("/core/v2/orders/", order({ orderType: "LIMIT", price: 2000, clientOrderKey: "replay-crash-2" }));
    expect(resting.result[0]?.orderStatus).toBe("open");
    const acknowledged = [filled.result[0]!.orderNo, resting.result[0]!.orderNo];

    first.child.kill("SIGKILL");
    await first.exited();

    const second = startReplay(dataDir);
    call = await client(await second.url);
    const book = (await call("/core/v2/orders/book")).result;
    expect(acknowledged.every((no) => book.some((o) => o.orderNo === no))).toBe(true);
    expect(book.find((o) => o.orderNo === acknowledged[1])?.orderStatus).toBe("open");
    const trades = (await call("/core/v2/orders/trades")).result;
    expect(trades.filter((t) => t.orderNo === acknowledged[0]).reduce((s, t) => s + (t.filledQuantity as number), 0)).toBe(2);
    // The live books were never written: no live database holds these orders.
    expect(fs.existsSync(path.join(dataDir, "replay", "2026-11-23", "paper-broker.sqlite"))).toBe(true);
    // The clock carries on where the run was, not at the day's open with those orders hours in its
    // future: at 11:30, at its speed, paused (the trader was away while it was down).
    const state = (await call("/core/v2/replay/state")).result[0]!;
    expect(state).toMatchObject({ active: true, paused: true, speed: 5, simTime: istInstant("2026-11-23", 11 * 60 + 30).getTime() });
    expect(book.every((o) => Date.parse(o.orderTime as string) <= (state.simTime as number))).toBe(true);
    second.child.kill("SIGTERM");
    await second.exited();
  }, 180_000);
});

describe("a SIGKILL during replay, and the users' ways of working (issue 35, a tester's finding)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-crash-ways-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const aliases = async (call: Awaited<ReturnType<typeof client>>) => Object.fromEntries((await call("/core/v2/aliases")).result.map((a) => [a.name, a.body]));
  const stop = async (b: ReturnType<typeof startReplay>, signal: "SIGTERM" | "SIGKILL") => {
    b.child.kill(signal);
    await b.exited();
  };

  it("what was changed in the run before the kill is there when it carries on, and goes back to live at its clean end", async () => {
    // "The side it ran on last has the newest" (server/replay/mode.ts): a crash writes nothing back, and
    // the restart copied the live side in again over the run's own.
    const live = spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", DEV_SESSION: "1", TICK_HZ: "0" });
    let call = await client(await live.url);
    expect((await call("/core/v2/aliases/save", { name: "scalp", body: "buy $1 10" })).status).toBe("Ok");
    await stop(live, "SIGTERM");

    const first = startReplay(dataDir);
    call = await client(await first.url);
    expect(await aliases(call)).toEqual({ scalp: "buy $1 10" });
    expect((await call("/core/v2/aliases/save", { name: "scalp", body: "sell $1 5" })).status).toBe("Ok");
    await stop(first, "SIGKILL");

    const second = startReplay(dataDir);
    call = await client(await second.url);
    expect(await aliases(call)).toEqual({ scalp: "sell $1 5" });
    await stop(second, "SIGTERM");

    const again = spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", DEV_SESSION: "1", TICK_HZ: "0" });
    call = await client(await again.url);
    expect(await aliases(call)).toEqual({ scalp: "sell $1 5" });
    await stop(again, "SIGTERM");
  }, 240_000);
});
