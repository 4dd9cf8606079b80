import { performance } from "node:perf_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildBroker } from "../../server/app.js";
import { readConfig } from "../../server/config.js";
import type { BasketLeg } from "../../src/core/rules/basket.js";
import { fireLegs } from "../../src/core/rules/basketRun.js";

/**
 * Firing a 20-leg basket (issue 13): from the first place call to the last leg's acknowledgement,
 * over HTTP on loopback, the way the client fires (every leg its own call, all at once, each under
 * its run's key). A fresh run id each time, so every firing places 20 orders. The market is frozen
 * (TICK_HZ=0) at an open session. Measures and prints; never asserts a time.
 */
export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-baskets-"));
  const config = readConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "error", STATIC_DIR: "", SIM_SEED: "7", TICK_HZ: "0", SIM_TIME: "2026-11-23T05:00:00.000Z", DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });
  const broker = await buildBroker(config);
  try {
    broker.portfolio.addFunds("DEMO1", 90_000_000);
    await broker.app.listen({ port: 0, host: "127.0.0.1" });
    const addr = broker.app.server.address();
    const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
    const login = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as { result: Array<{ accessToken: string }> };
    const headers = { authorization: `Bearer ${login.result[0]?.accessToken ?? ""}`, "content-type": "application/json" };
    const post = async (p: string, body: unknown) => (await fetch(`${url}${p}`, { method: "POST", headers, body: JSON.stringify(body) })).json() as Promise<{ status: string; message: string; result: Array<Record<string, unknown>> }>;

    const made = await post("/core/basketorder/create", { userId: "DEMO1", basketName: "Bench", createdBy: "DEMO1" });
    const basketId = made.result[0]?.basketId;
    const symbols = ["INFY", "TCS", "HDFCBANK", "RELIANCE", "ITC", "SBIN", "LT", "AXISBANK", "WIPRO", "ICICIBANK"];
    const scrips = Array.from({ length: 20 }, (_, i) => {
      const inst = broker.market.bySymbol("NSEEQ", symbols[i % symbols.length]!)!;
      return { exchange: inst.exchange, token: inst.token, transType: i % 2 === 0 ? "BUY" : "SELL", qty: 1, product: "INTRADAY" };
    });
    const legs = (await post("/core/basketorder/add/scrips", { basketId, scrips })).result as unknown as BasketLeg[];
    if (legs.length !== 20) throw new Error(`bench basket has ${legs.length} legs`);

    const place = async (req: unknown) => {
      const env = await post("/core/v2/orders/", req);
      const r = env.result[0] as { status: string; message: string; orderNo?: string } | undefined;
      return r ?? { status: env.status, message: env.message };
    };
    const runs = 50;
    const samples: number[] = [];
    for (let i = 0; i < runs + 5; i++) {
      const t = performance.now();
      const report = await fireLegs(legs, `bench${i}`, place);
      const ms = performance.now() - t;
      const refused = report.find((r) => !r.placed);
      if (refused && !refused.placed) throw new Error(`bench leg refused: ${refused.code} ${refused.message}`);
      if (i >= 5) samples.push(ms); // the first runs warm up
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1);
    console.log(`basket fire, 20 legs over HTTP: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms from first place to last acknowledgement (${runs} firings)`);
  } finally {
    await broker.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
