import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Rng } from "../server/market/sim/rng.js";

/**
 * Makes the sample day the repo ships (server/replay/sample/2026-11-23.csv): one NSE session,
 * 09:15 to 15:29 IST, one-minute bars of NIFTY 50 and three shares, then SENSEX and NIFTY BANK (the
 * header's other two indices: without bars they stood at their reference price through a replay of
 * the day), from a seeded walk per instrument (made by the project, not copied from any vendor). Run
 * again to remake it; the same seed gives the same file, and an instrument added at the end leaves
 * the bars before it as they were.
 * Each minute's bar is the high and low of 12 five-second steps of a random walk, rounded to the tick.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, "..", "server", "replay", "sample", "2026-11-23.csv");
const instruments = [
  { symbol: "NIFTY", exchange: "NSEEQ", start: 24650, tick: 0.05, vol: 0.00025, volume: () => 0 },
  { symbol: "INFY", exchange: "NSEEQ", start: 1138.7, tick: 0.1, vol: 0.0005, volume: (r: Rng) => r.int(2_000, 40_000) },
  { symbol: "RELIANCE", exchange: "NSEEQ", start: 1334.5, tick: 0.1, vol: 0.0004, volume: (r: Rng) => r.int(5_000, 80_000) },
  { symbol: "TCS", exchange: "NSEEQ", start: 2287.4, tick: 0.1, vol: 0.00045, volume: (r: Rng) => r.int(1_000, 20_000) },
  { symbol: "SENSEX", exchange: "BSEEQ", start: 81000, tick: 0.01, vol: 0.00024, volume: () => 0 },
  { symbol: "BANKNIFTY", exchange: "NSEEQ", start: 55200, tick: 0.05, vol: 0.0003, volume: () => 0 },
];
const round = (p: number, tick: number) => (Math.round(p / tick) * tick).toFixed(2);
const lines = ["symbol,exchange,timestamp,open,high,low,close,volume"];
for (const inst of instruments) {
  const rng = Rng.of(35, inst.symbol);
  let price = inst.start;
  for (let m = 9 * 60 + 15; m < 15 * 60 + 30; m++) {
    const open = price;
    let high = open;
    let low = open;
    for (let s = 0; s < 12; s++) {
      price *= Math.exp(inst.vol * rng.normal());
      high = Math.max(high, price);
      low = Math.min(low, price);
    }
    const time = `2026-11-23 ${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    lines.push([inst.symbol, inst.exchange, time, round(open, inst.tick), round(high, inst.tick), round(low, inst.tick), round(price, inst.tick), inst.volume(rng)].join(","));
    // The next bar opens where this one closed, on the tick grid.
    price = Number(round(price, inst.tick));
  }
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${lines.join("\n")}\n`);
console.log(`wrote ${lines.length - 1} bars to ${path.relative(process.cwd(), out)}`);
