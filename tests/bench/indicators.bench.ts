import { INDICATORS, INDICATOR_KINDS } from "../../src/core/charts/indicators/catalogue";
import { computeAll, updateSeries, type IndicatorSeries } from "../../src/core/charts/indicators/series";
import { specsOf, specLabel, type IndicatorSpec } from "../../src/core/charts/indicators/spec";
import type { Bar } from "../../src/core/types/bar";
import { fmt, stats } from "./util";

/**
 * Issue 34's indicator targets, in Node (the work is pure, core/charts/indicators; the chart's
 * drawing of it is chartIndicatorsFps):
 *  - an indicator update per tick, 4 indicators on 5,000 one-minute bars: ≤ 0.2 ms. Ticks come a
 *    second apart on the market's clock, so 59 of 60 revise the forming bar and 1 opens a bar;
 *  - adding an indicator to 5,000 bars (the full compute): ≤ 20 ms, each indicator at its usual settings.
 * Wall time by performance.now (the work is microseconds; the machine is shared, so medians).
 */
const BARS = 5_000;
const TICKS = 20_000;
const FOUR: IndicatorSpec[] = [
  { kind: "ema", params: [20] },
  { kind: "bb", params: [20, 2] },
  { kind: "rsi", params: [14] },
  { kind: "macd", params: [12, 26, 9] },
];

function history(): Bar[] {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let price = 1500;
  const open = Date.parse("2026-11-23T03:45:00Z");
  return Array.from({ length: BARS }, (_, i) => {
    const o = price;
    price = Math.max(1, price + (random() - 0.5) * 4);
    return { time: open + i * 60_000, open: o, high: Math.max(o, price) + 0.5, low: Math.min(o, price) - 0.5, close: price, volume: 100 + Math.floor(random() * 900) };
  });
}

export async function run(): Promise<void> {
  const bars = history();
  const series: IndicatorSeries[] = FOUR.map((s) => computeAll(INDICATORS[s.kind].make(s.params), bars));
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let time = bars[bars.length - 1]!.time;
  const perTick: number[] = [];
  for (let t = 0; t < TICKS; t++) {
    // The feed's tick, grown into the bars as addTrade does: a new minute opens a bar.
    time += 1000;
    const last = bars[bars.length - 1]!;
    const price = Math.max(1, last.close + (random() - 0.5) * 2);
    if (time >= last.time + 60_000) bars.push({ time: last.time + 60_000, open: price, high: price, low: price, close: price, volume: 10 });
    else Object.assign(last, { high: Math.max(last.high, price), low: Math.min(last.low, price), close: price, volume: last.volume + 10 });
    const t0 = performance.now();
    for (const s of series) updateSeries(s, bars);
    perTick.push(performance.now() - t0);
  }
  const u = stats(perTick);
  console.log(`indicator update per tick, ${FOUR.map(specLabel).join(", ")} on ${BARS.toLocaleString("en-IN")} one-minute bars, ${TICKS.toLocaleString("en-IN")} ticks: median ${fmt(u.median, 4)} ms, p95 ${fmt(u.p95, 4)} ms, p99 ${fmt(u.p99, 4)} ms, max ${fmt(u.max, 3)} ms (target ≤ 0.2 ms)`);

  const five = history();
  let worst = 0;
  for (const kind of INDICATOR_KINDS) {
    const r = specsOf(kind, []);
    if (!r.ok) continue;
    const spec = r.specs[0]!;
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      computeAll(INDICATORS[kind].make(spec.params), five);
      samples.push(performance.now() - t0);
    }
    const s = stats(samples);
    worst = Math.max(worst, s.median);
    console.log(`  add ${specLabel(spec)} to ${BARS.toLocaleString("en-IN")} bars: median ${fmt(s.median, 3)} ms, max ${fmt(s.max, 3)} ms`);
  }
  console.log(`adding an indicator to ${BARS.toLocaleString("en-IN")} bars, the slowest's median: ${fmt(worst, 3)} ms (target ≤ 20 ms; the chart's drawing of it is in chartIndicatorsFps)`);
}
