import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBroker } from "../harness.js";
import { OPEN } from "../market/fixtures.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

describe("Replay today's markers (issue 35): the user's live trades of the replayed date", () => {
  it("answers the live paper account's trade of that day during its replay, and EC752 outside a replay", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-markers-"));
    dirs.push(dataDir);
    const call = async (url: string, token: string, p: string, body: unknown = {}) =>
      (await (await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as Envelope;
    // Live on 23/11/2026 at 10:00 IST: a market buy of 5 INFY fills in the live paper account.
    const live = await startBroker({ TICK_HZ: "0", SIM_TIME: OPEN, RECORD: "off" }, dataDir);
    const token = await live.login("DEMO1");
    expect((await call(live.url, token, "/core/v2/replay/markers")).status).toBe("EC752");
    const infy = live.broker.market.bySymbol("NSEEQ", "INFY-EQ")!;
    const placed = await call(live.url, token, "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 5, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
    expect(placed.result[0]?.orderStatus).toBe("complete");
    const fill = (await call(live.url, token, "/core/v2/orders/trades")).result.find((t) => t.tradingSymbol === "INFY-EQ")!;
    await live.stop(true);

    // The replay of that date (the sample day): the markers are that one live trade, as it was.
    const replay = await startBroker({ REPLAY: "2026-11-23" }, dataDir);
    const marks = await call(replay.url, token, "/core/v2/replay/markers");
    expect(marks.status).toBe("Ok");
    expect(marks.result).toEqual([{ time: Date.parse(fill.tradeTime as string), tradingSymbol: "INFY-EQ", exchange: "NSEEQ", token: infy.token, side: "BUY", quantity: 5, price: fill.tradedPrice }]);
    // The replay's own trade book starts empty: the live trade is not in it.
    expect((await call(replay.url, token, "/core/v2/orders/trades")).result).toEqual([]);
    await replay.stop(true);
  }, 240_000);
});
