import { createRoot } from "react-dom/client";
import type { DrawingTool } from "../../../src/core/charts/drawings/types";
import { readSpecs } from "../../../src/core/charts/indicators/spec";
import type { Bar } from "../../../src/core/types/bar";
import { chartDrawings$ } from "../../../src/data/stores/chartDrawings";
import type { ChartHost } from "../../../src/panes/chart/drawings/host";
import { attachDrawings } from "../../../src/panes/chart/drawings/layer";
import { DrawingsPrimitive } from "../../../src/panes/chart/drawings/render";
import LiveChart, { type FeedTick } from "../../../src/panes/chart/LiveChart";
import "../../../src/app/styles.css";
import "../../../src/panes/chart/chart.css";

/**
 * The drawings bench page (tests/bench/chartDrawingsFps.ts): the pane's LiveChart with `bars`
 * one-minute candles, fed `hz` ticks a second, and `drawings` drawings (two of each tool, spread
 * over the bars) drawn by the pane's own drawing layer from the drawings store, with `indicators`. The bench pans the
 * view a bar or so each frame through the library's time scale (the host handed to the layer).
 */
const q = new URLSearchParams(window.location.search);
const count = Number(q.get("bars") ?? 5000);
const hz = Number(q.get("hz") ?? 2);
const drawings = Number(q.get("drawings") ?? 10);
// Indicators as typed after `chart add`, comma separated (issue 34's target chart has four).
const indicators = readSpecs((q.get("indicators") ?? "").split(",").filter(Boolean));

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

const TOOLS: DrawingTool[] = ["hline", "trend", "rect", "measure", "fib"];
chartDrawings$.byChart["NSEEQ:1"]!.set(
  Array.from({ length: drawings }, (_, i) => {
    const tool = TOOLS[i % TOOLS.length]!;
    const a = bars[Math.floor(((i + 0.5) / drawings) * (count - 120))]!;
    const b = bars[Math.floor(((i + 0.5) / drawings) * (count - 120)) + 90]!;
    return { drawingId: i + 1, exchange: "NSEEQ" as const, token: 1, tool, points: tool === "hline" ? [{ time: a.time, price: a.close }] : [{ time: a.time, price: a.low }, { time: b.time, price: b.high }], alertId: null, createdAt: "" };
  }),
);

let fed = 0;
let dayVolume = 0;
let time = OPEN + count * 60_000;
const onTick = (fn: (t: FeedTick) => void) => {
  if (hz <= 0) return () => {};
  const timer = window.setInterval(() => {
    price = Math.max(1, Math.round((price + (random() - 0.5) * 2) * 20) / 20);
    dayVolume += 1 + Math.floor(random() * 50);
    time += 1000;
    fn({ price, dayVolume, time });
    fed++;
  }, 1000 / hz);
  return () => window.clearInterval(timer);
};

// The layer's own time: each draw of the primitive, timed (what the drawings add to a frame).
const timed = DrawingsPrimitive.prototype as unknown as { draw: (target: unknown) => void };
const draw = timed.draw;
let drawMs = 0;
let draws = 0;
timed.draw = function (this: unknown, target: unknown) {
  const t0 = performance.now();
  draw.call(this, target);
  drawMs += performance.now() - t0;
  draws++;
};

let host: ChartHost | undefined;
const layer = (h: ChartHost) => {
  host = h;
  return attachDrawings(h, { paneId: "bench", exchange: "NSEEQ", token: 1, symbol: "BENCH-EQ", tickSize: 0.05, decimals: 2, lastPrice: () => price });
};
(window as unknown as { __chartBench: { fed: () => number; pan: (frame: number) => void; layer: () => { drawMs: number; draws: number } } }).__chartBench = {
  fed: () => fed,
  layer: () => ({ drawMs, draws }),
  // Back and forth over the last 3,000 bars, 3 bars a frame: each frame draws a new view.
  pan: (frame) => {
    const span = 1000;
    const at = frame % (2 * span);
    host?.chart.timeScale().scrollToPosition(-3 * (at < span ? at : 2 * span - at), false);
  },
};

createRoot(document.getElementById("root")!).render(
  <div className="chart" style={{ height: "100%" }}>
    <LiveChart exchange="NSEEQ" interval="1m" bars={bars} tickSize={0.05} decimals={2} theme="dark" priceLines={[]} onTick={onTick} onHover={() => {}} drawings={layer} indicators={indicators} />
  </div>,
);
