import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { build } from "vite";
import config from "../../playwright.config";
import { fmt, stats } from "./util";
import { BENCH_BASE, BENCH_OUT_DIR } from "./chartbench/vite.config";

/**
 * Frame time of a chart of 5,000 one-minute candles receiving 10 ticks a second (issue 15), in
 * headless Chromium: the pane's own LiveChart (lightweight-charts) on a page of its own
 * (tests/bench/chartbench), fed through the same onTick the live feed uses. Frames are timed
 * with requestAnimationFrame over 5 s while the crosshair sweeps the chart (each move redraws it
 * and updates the read-out); the same with no ticks is the baseline.
 */
const BARS = 5_000;
const SECONDS = 5;

interface Measured {
  fps: number;
  frameMs: number[];
  ticksFed: number;
}

/** Runs in the page; kept as source text (tsx's helpers do not exist there). */
const MEASURE = `async (seconds) => {
  const canvas = document.querySelector('[data-testid="chart-canvas"]');
  const box = canvas.getBoundingClientRect();
  const fed0 = window.__chartBench.fed();
  const frameMs = [];
  let frames = 0;
  let last = performance.now();
  const t0 = last;
  await new Promise((done) => {
    const step = (now) => {
      frames++;
      frameMs.push(now - last);
      last = now;
      // The crosshair sweeps left to right over the candles.
      const x = box.left + ((frames * 7) % Math.max(1, box.width - 80));
      canvas.querySelectorAll("canvas")[0]?.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: box.top + box.height / 3, bubbles: true }));
      if (now - t0 < seconds * 1000) requestAnimationFrame(step);
      else done();
    };
    requestAnimationFrame(step);
  });
  const elapsed = (performance.now() - t0) / 1000;
  return { fps: frames / elapsed, frameMs, ticksFed: (window.__chartBench.fed() - fed0) / elapsed };
}`;

export async function run(): Promise<void> {
  await build({ configFile: path.join(import.meta.dirname, "chartbench", "vite.config.ts") });
  const browser = await chromium.launch({ headless: true, ...config.use?.launchOptions });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.route((url) => url.pathname.startsWith(BENCH_BASE), (route) => {
      const p = new URL(route.request().url()).pathname.slice(BENCH_BASE.length) || "index.html";
      return route.fulfill({ path: path.join(BENCH_OUT_DIR, p) });
    });
    for (const hz of [0, 10]) {
      await page.goto(`http://chartbench.invalid${BENCH_BASE}index.html?bars=${BARS}&hz=${hz}`);
      await page.locator('[data-testid="chart-canvas"][data-bars]').waitFor();
      await page.waitForTimeout(1_000);
      const m = (await page.evaluate(`(${MEASURE})(${SECONDS})`)) as Measured;
      const s = stats(m.frameMs);
      console.log(
        `${BARS} one-minute candles, ${hz ? `${fmt(m.ticksFed, 1)} ticks/s` : "no ticks (baseline)"}, crosshair sweeping: ` +
          `${fmt(m.fps, 1)} fps; frame time median ${fmt(s.median, 1)} ms, p95 ${fmt(s.p95, 1)} ms, max ${fmt(s.max, 1)} ms`,
      );
    }
  } finally {
    await browser.close();
    fs.rmSync(BENCH_OUT_DIR, { recursive: true, force: true });
  }
}
