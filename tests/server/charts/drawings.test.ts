import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Instrument } from "../../../server/market/types.js";
import type { ChartDrawing } from "../../../src/core/wire/chartDrawings.js";
import { startTrading } from "../tradingHarness.js";

type Broker = Awaited<ReturnType<typeof startTrading>>;

/** Issue 34: a chart's drawings are kept per instrument and per user by the broker, and outlive a restart. */
describe("chart drawings", () => {
  const T = Date.UTC(2026, 0, 5, 4, 0); // a bar's start
  const list = (b: Broker, token: number, bearer?: string) => b.call<ChartDrawing>("POST", "/core/v2/chart-drawings", { exchange: "NSEEQ", token }, bearer);
  const save = (b: Broker, token: number, tool: string, points: Array<{ time: number; price: number }>) => b.call<ChartDrawing>("POST", "/core/v2/chart-drawings/save", { exchange: "NSEEQ", token, tool, points });

  it("keeps a horizontal line and a fib on INFY across a restart; TCS and another user see none; delete takes one away", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-drawings-"));
    let b = await startTrading(undefined, dir);
    try {
      const infy = (b.market.bySymbol("NSEEQ", "INFY") as Instrument).token;
      const tcs = (b.market.bySymbol("NSEEQ", "TCS") as Instrument).token;
      const line = await save(b, infy, "hline", [{ time: T, price: 1500.5 }]);
      expect(line.status, line.message).toBe("Ok");
      const fib = await save(b, infy, "fib", [{ time: T, price: 1490 }, { time: T + 300_000, price: 1520 }]);
      expect(fib.status, fib.message).toBe("Ok");
      expect((await list(b, tcs)).result).toEqual([]);
      await b.stop(true);
      b = await startTrading(undefined, dir);
      const kept = (await list(b, infy)).result;
      expect(kept.map((d) => [d.tool, d.points, d.alertId])).toEqual([
        ["hline", [{ time: T, price: 1500.5 }], null],
        ["fib", [{ time: T, price: 1490 }, { time: T + 300_000, price: 1520 }], null],
      ]);
      // Another user's chart of the same instrument is theirs alone.
      const other = await b.login("DEMO2");
      expect((await list(b, infy, other)).result).toEqual([]);
      const gone = await b.call("POST", "/core/v2/chart-drawings/delete", { drawingId: kept[0]!.drawingId });
      expect(gone.status).toBe("Ok");
      expect((await list(b, infy)).result.map((d) => d.tool)).toEqual(["fib"]);
      const again = await b.call("POST", "/core/v2/chart-drawings/delete", { drawingId: kept[0]!.drawingId });
      expect(again.status).toBe("EC744");
    } finally {
      await b.stop();
    }
  }, 120_000);

  it("refuses what is not a drawing (EC743) and links only a horizontal line to the user's own alert (EC746)", async () => {
    const b = await startTrading();
    try {
      const infy = (b.market.bySymbol("NSEEQ", "INFY") as Instrument).token;
      const one = await save(b, infy, "trend", [{ time: T, price: 1500 }]);
      expect([one.status, one.message]).toEqual(["EC743", "Invalid drawing: a trend line takes 2 points"]);
      expect((await save(b, infy, "circle", [{ time: T, price: 1500 }])).status).toBe("EC743");
      const line = (await save(b, infy, "hline", [{ time: T, price: 1600 }])).result[0]!;
      const trend = (await save(b, infy, "trend", [{ time: T, price: 1500 }, { time: T + 60_000, price: 1510 }])).result[0]!;
      const alert = (await b.call<{ alertId: number }>("POST", "/core/v2/alerts", { exchange: "NSEEQ", token: infy, condition: "ABOVE", value: 1600 })).result[0]!;
      const onTrend = await b.call("POST", "/core/v2/chart-drawings/alert", { drawingId: trend.drawingId, alertId: alert.alertId });
      expect(onTrend.status).toBe("EC746");
      const linked = await b.call<ChartDrawing>("POST", "/core/v2/chart-drawings/alert", { drawingId: line.drawingId, alertId: alert.alertId });
      expect(linked.status, linked.message).toBe("Ok");
      expect(linked.result[0]!.alertId).toBe(alert.alertId);
      // DEMO2 cannot take DEMO1's alert onto a line of theirs.
      const other = await b.login("DEMO2");
      const theirs = (await b.call<ChartDrawing>("POST", "/core/v2/chart-drawings/save", { exchange: "NSEEQ", token: infy, tool: "hline", points: [{ time: T, price: 1400 }] }, other)).result[0]!;
      expect((await b.call("POST", "/core/v2/chart-drawings/alert", { drawingId: theirs.drawingId, alertId: alert.alertId }, other)).status).toBe("EC746");
    } finally {
      await b.stop();
    }
  }, 120_000);
});
