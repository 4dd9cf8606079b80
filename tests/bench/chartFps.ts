import { fmt } from "./util";
import { buildBenchPage, frameSummary, measureFrames, openBenchPage, serveBenchPage, withChromium } from "./browserFps";

/**
 * Frame time of a chart of 5,000 one-minute candles receiving 10 ticks a second (issue 15), in
 * headless Chromium: the pane's own LiveChart (lightweight-charts) on a page of its own
 * (tests/bench/chartbench), fed through the same onTick the live feed uses. Frames are timed
 * with requestAnimationFrame over 5 s while the crosshair sweeps the chart (each move redraws it
 * and updates the read-out); the same with no ticks is the baseline.
 */
const BARS = 5_000;
const SECONDS = 5;

/** The crosshair sweeps left to right over the candles. */
const SWEEP = `const x = box.left + ((frames * 7) % Math.max(1, box.width - 80));
      el.querySelectorAll("canvas")[0]?.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: box.top + box.height / 3, bubbles: true }));`;

export async function run(): Promise<void> {
  const bench = await buildBenchPage("chartbench");
  await withChromium(bench, async (browser) => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await serveBenchPage(page, bench);
    for (const hz of [0, 10]) {
      await openBenchPage(page, `http://chartbench.invalid${bench.base}index.html?bars=${BARS}&hz=${hz}`, '[data-testid="chart-canvas"][data-bars]', "chartbench");
      const m = await measureFrames(page, { seconds: SECONDS, target: '[data-testid="chart-canvas"]', bench: "__chartBench", perFrame: SWEEP });
      console.log(`${BARS} one-minute candles, ${hz ? `${fmt(m.fed, 1)} ticks/s` : "no ticks (baseline)"}, crosshair sweeping: ${frameSummary(m).text}`);
    }
  });
}
