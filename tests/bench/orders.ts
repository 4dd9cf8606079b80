import { performance } from "node:perf_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildBroker } from "../../server/app.js";
import { readConfig } from "../../server/config.js";
import type { Instrument } from "../../server/market/types.js";

/**
 * The order engine's figures (issue 5): orders per second through the matching engine
 * (in-process placeOrder: validation, funds, SQLite transaction, matching, portfolio), resting
 * orders re-evaluated per market tick, and place-to-acknowledge time over HTTP on loopback
 * (median and p99). The market is frozen (TICK_HZ=0) at an open session; the data folder is
 * temporary. Measures and prints; never asserts a time.
 */
export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-orders-"));
  const config = readConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "error", STATIC_DIR: "", SIM_SEED: "7", TICK_HZ: "0", SIM_TIME: "2026-11-23T05:00:00.000Z", DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });
  const broker = await buildBroker(config);
  try {
    const market = broker.market;
    const engine = broker.orders;
    engine.portfolio.addFunds("DEMO1", 90_000_000);
    const shares = ["INFY", "TCS", "HDFCBANK", "RELIANCE", "ITC", "SBIN", "LT", "AXISBANK"].map((s) => market.bySymbol("NSEEQ", s) as Instrument);
    const body = (inst: Instrument, i: number, resting: boolean) => {
      const q = market.quote(inst.exchange, inst.token);
      return {
        exchange: "NSEEQ",
        instrumentId: String(inst.token),
        transactionType: i % 2 === 0 ? "BUY" : "SELL",
        quantity: 1,
        product: "INTRADAY",
        orderType: resting ? "LIMIT" : "MARKET",
        price: resting ? (i % 2 === 0 ? q?.lowerCircuit : q?.upperCircuit) : 0,
        validity: "DAY",
      };
    };

    // 1. Marketable orders through the engine, in-process.
    const n = 2000;
    for (let i = 0; i < 100; i++) engine.placeOrder("DEMO1", body(shares[i % shares.length] as Instrument, i, false)); // warm up
    let t = performance.now();
    for (let i = 0; i < n; i++) {
      const inst = shares[i % shares.length] as Instrument;
      if (i % 50 === 0) market.setPrice(inst.exchange, inst.token, market.quote(inst.exchange, inst.token)?.ltp as number); // fresh depth
      const r = engine.placeOrder("DEMO1", body(inst, i, false));
      if (r.status !== "Ok") throw new Error(`bench order refused: ${r.status} ${r.message}`);
    }
    let ms = performance.now() - t;
    console.log(`matching engine: ${((n / ms) * 1000).toFixed(0)} market orders/s placed and filled in-process (${n} orders, each one SQLite transaction with its trade, position and charges)`);

    // 2. Resting orders re-evaluated on ticks of their instrument.
    const resting = 2000;
    for (let i = 0; i < resting; i++) engine.placeOrder("DEMO1", body(shares[i % shares.length] as Instrument, i, true));
    const ticks = 400;
    t = performance.now();
    for (let i = 0; i < ticks; i++) {
      const inst = shares[i % shares.length] as Instrument;
      market.setPrice(inst.exchange, inst.token, market.quote(inst.exchange, inst.token)?.ltp as number);
    }
    ms = performance.now() - t;
    console.log(`tick path: ${(ms / ticks).toFixed(3)} ms per tick with ${engine.workingCount()} resting orders (${(resting / shares.length).toFixed(0)} on the ticking instrument), ${ticks} ticks`);
    // A tick on an instrument with no orders only looks up an empty index.
    const idle = market.bySymbol("NSEEQ", "WIPRO") as Instrument;
    t = performance.now();
    for (let i = 0; i < ticks; i++) market.setPrice(idle.exchange, idle.token, market.quote(idle.exchange, idle.token)?.ltp as number);
    console.log(`tick path, instrument without orders: ${((performance.now() - t) / ticks).toFixed(3)} ms per tick (market setPrice included)`);
    engine.cancelAll("DEMO1");

    // 3. Place-to-acknowledge over HTTP on loopback.
    await broker.app.listen({ port: 0, host: "127.0.0.1" });
    const addr = broker.app.server.address();
    const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
    const login = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as { result: Array<{ accessToken: string }> };
    const token = login.result[0]?.accessToken as string;
    const samples: number[] = [];
    const total = 1000;
    for (let i = 0; i < total + 50; i++) {
      const inst = shares[i % shares.length] as Instrument;
      if (i % 50 === 0) market.setPrice(inst.exchange, inst.token, market.quote(inst.exchange, inst.token)?.ltp as number);
      const payload = JSON.stringify({ ...body(inst, i, i % 2 === 1), clientOrderKey: `bench-${i}` });
      const t0 = performance.now();
      const res = await fetch(`${url}/core/v2/orders/`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: payload });
      const answer = (await res.json()) as { status: string; message: string };
      const took = performance.now() - t0;
      if (answer.status !== "Ok") throw new Error(`bench HTTP order refused: ${answer.status} ${answer.message}`);
      if (i >= 50) samples.push(took);
    }
    samples.sort((a, b) => a - b);
    const pct = (p: number) => (samples[Math.floor(p * (samples.length - 1))] as number).toFixed(2);
    console.log(`place-to-acknowledge over HTTP (loopback, one at a time, half marketable): median ${pct(0.5)} ms, p99 ${pct(0.99)} ms (${samples.length} orders)`);
  } finally {
    await broker.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
