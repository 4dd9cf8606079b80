import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildBroker } from "../../server/app.js";
import { readConfig } from "../../server/config.js";
import type { Instrument } from "../../server/market/types.js";
import type { OrderBody } from "../../src/core/wire/orders.js";

/** What the order benches place (orders.ts, _engineGroup.ts): the market frozen at an open session. */
export const BENCH_OPEN = "2026-11-23T05:00:00.000Z";
export const BENCH_SYMBOLS = ["INFY", "TCS", "HDFCBANK", "RELIANCE", "ITC", "SBIN", "LT", "AXISBANK"];

/**
 * Orders a broker places before any order bench times it. In a fresh process the first few
 * thousand run while V8 still compiles the path (on its own threads, which share the machine's two
 * cores with the broker and its clients) and collects what building the 100,000-contract master
 * left behind: by 2,000-order windows, a fresh broker runs about 7,000/s, then 13-17,000/s for some
 * 8,000 orders, then settles. A broker that has been up for a minute has long done both: the
 * figures are its steady state.
 */
export const BENCH_WARM_UP = 10_000;

export type Quoted = { token: number; lowerCircuit: number; upperCircuit: number };

/** Alternate buys and sells of one share: marketable, or resting at a circuit (never fills). */
export const orderBody = (inst: Quoted, i: number, resting: boolean): OrderBody => ({
  exchange: "NSEEQ",
  instrumentId: String(inst.token),
  transactionType: i % 2 === 0 ? "BUY" : "SELL",
  quantity: 1,
  product: "INTRADAY",
  orderType: resting ? "LIMIT" : "MARKET",
  price: resting ? (i % 2 === 0 ? inst.lowerCircuit : inst.upperCircuit) : 0,
  validity: "DAY",
});

/**
 * The broker in this process over a temporary data folder, the market frozen (TICK_HZ=0) at an
 * open session and DEMO1 funded for every order a bench places; `close` removes the folder.
 */
export async function openBenchEngine(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tape-bench-${name}-`));
  const config = readConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "error", STATIC_DIR: "", SIM_SEED: "7", TICK_HZ: "0", SIM_TIME: BENCH_OPEN, DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });
  const broker = await buildBroker(config);
  const market = broker.market;
  const engine = broker.orders;
  engine.portfolio.addFunds("DEMO1", 90_000_000);
  const shares = BENCH_SYMBOLS.map((s) => market.bySymbol("NSEEQ", s) as Instrument);
  return {
    market,
    engine,
    shares,
    /** The instrument's circuits, which a resting order's price sits at. */
    quoted: (inst: Instrument): Quoted => ({ token: inst.token, ...(market.quote(inst.exchange, inst.token) as { lowerCircuit: number; upperCircuit: number }) }),
    /** A new depth at the same price, as a tick would bring. */
    fresh: (inst: Instrument) => market.setPrice(inst.exchange, inst.token, market.quote(inst.exchange, inst.token)?.ltp as number),
    async close() {
      await broker.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
