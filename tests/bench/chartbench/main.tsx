import { useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import LiveChart, { type FeedTick } from "../../../src/panes/chart/LiveChart";
import type { Bar } from "../../../src/core/types/bar";
import { readSpecs, type IndicatorSpec } from "../../../src/core/charts/indicators/spec";
import "../../../src/app/styles.css";
import "../../../src/panes/chart/chart.css";

/**
 * The chart bench page (tests/bench/chartFps.ts): the pane's LiveChart with `bars` one-minute
 * candles of history, fed `hz` ticks a second through its onTick, as the live feed feeds it.
 * Each tick is one second later on the market's clock, so a new candle starts every 60 ticks
 * and the chart exercises both of its paths (grow the last candle, add one).
 */
const q = new URLSearchParams(window.location.search);
const count = Number(q.get("bars") ?? 5000);
const hz = Number(q.get("hz") ?? 10);
// Issue 34: indicators on the chart, as typed after chart add, comma separated (chartIndicatorsFps).
const indicators = readSpecs((q.get("indicators") ?? "").split(","));

const OPEN = Date.parse("2026-11-23T03:45:00Z");
let price = 1500;
let seed = 7;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const bars: Bar[] = [];
for (let i = 0; i < count; i++) {
  const open = price;
  price = Math.max(1, Math.round((price + (random() - 0.5) * 4) * 20) / 20);
  bars.push({ time: OPEN + i * 60_000, open, high: Math.max(open, price) + 0.5, low: Math.min(open, price) - 0.5, close: price, volume: 100 + Math.floor(random() * 900) });
}

let fed = 0;
/** The main thread's milliseconds per tick handled by the chart (candle, volume, indicators worked and handed over), since the last read. */
let tickMs: number[] = [];
let dayVolume = 0;
let time = OPEN + count * 60_000;
const onTick = (fn: (t: FeedTick) => void) => {
  if (hz <= 0) return () => {};
  const timer = window.setInterval(() => {
    price = Math.max(1, Math.round((price + (random() - 0.5) * 2) * 20) / 20);
    dayVolume += 1 + Math.floor(random() * 50);
    time += 1000;
    const t0 = performance.now();
    fn({ price, dayVolume, time });
    tickMs.push(performance.now() - t0);
    fed++;
  }, 1000 / hz);
  return () => window.clearInterval(timer);
};

let setShown: (specs: IndicatorSpec[]) => void = () => {};
/**
 * `add("sma 50")`: the indicator added as `chart add` adds it, rendered and its effects run at once
 * (flushSync), answering the main thread's milliseconds: its values worked over every bar and handed
 * to the chart (whose paint follows at its next frame).
 */
const add = (text: string): number => {
  const t0 = performance.now();
  flushSync(() => setShown([...indicators, ...readSpecs([text])]));
  return performance.now() - t0;
};
const ticks = (): number[] => {
  const out = tickMs;
  tickMs = [];
  return out;
};
(window as unknown as { __chartBench: { fed: () => number; add: typeof add; ticks: typeof ticks } }).__chartBench = { fed: () => fed, add, ticks };

function Bench() {
  const [shown, set] = useState<IndicatorSpec[]>(indicators);
  setShown = set;
  return <LiveChart exchange="NSEEQ" interval="1m" bars={bars} tickSize={0.05} decimals={2} theme="dark" priceLines={[{ price: 1500, title: "Avg long 10", kind: "average" }]} onTick={onTick} onHover={() => {}} indicators={shown} />;
}

createRoot(document.getElementById("root")!).render(
  <div className="chart" style={{ height: "100%" }}>
    <Bench />
  </div>,
);
