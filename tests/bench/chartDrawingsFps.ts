import { buildBenchPage, frameSummary, measureFrames, openBenchPage, serveBenchPage, withChromium } from "./browserFps";
import { fmt } from "./util";

/**
 * Frame time of a chart of 5,000 one-minute candles ticking at 2 Hz while it pans (issue 34's
 * target: "a 1-minute chart of 5,000 bars, with 4 indicators and 10 drawings, ticking at 2 Hz:
 * ≥ 58 fps while panning"), in headless Chromium: the pane's LiveChart, its drawing layer
 * (src/panes/chart/drawings) and its indicators on a page of their own (tests/bench/chartdrawbench).
 * The view scrolls three bars each frame through the library's time scale. Three rows: no drawings
 * (the baseline), 10 drawings, and 10 drawings with the four indicators of chartIndicatorsFps (EMA
 * 20 and BB 20 2 on the candles, RSI 14 and MACD in panes of their own): the target's own chart.
 * Printed, never judged on a time.
 */
const BARS = 5_000;
const SECONDS = 5;
const PAN = "window.__chartBench.pan(frames);";
const FOUR = ["ema 20", "bb 20 2", "rsi 14", "macd 12 26 9"];

interface Layer {
  drawMs: number;
  draws: number;
}

export async function run(): Promise<void> {
  const bench = await buildBenchPage("chartdrawbench");
  await withChromium(bench, async (browser) => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await serveBenchPage(page, bench);
    for (const [drawings, indicators] of [[0, []], [10, []], [10, FOUR]] as const) {
      await openBenchPage(page, `http://chartdrawbench.invalid${bench.base}index.html?bars=${BARS}&hz=2&drawings=${drawings}&indicators=${encodeURIComponent(indicators.join(","))}`, '[data-testid="chart-canvas"][data-bars]', "chartdrawbench");
      const before = (await page.evaluate("window.__chartBench.layer()")) as Layer;
      const viewFrom = await page.locator('[data-testid="chart-canvas"]').getAttribute("data-view-from");
      const m = await measureFrames(page, { seconds: SECONDS, target: '[data-testid="chart-canvas"]', bench: "__chartBench", perFrame: PAN });
      const after = (await page.evaluate("window.__chartBench.layer()")) as Layer;
      // What was drawn: the view moved, and the oscillators' panes are there (the library's canvases, a few per pane).
      const viewTo = await page.locator('[data-testid="chart-canvas"]').getAttribute("data-view-from");
      const canvases = await page.locator('[data-testid="chart-canvas"] canvas').count();
      const draws = after.draws - before.draws;
      const own = draws ? `; the drawing layer's own draw ${fmt((after.drawMs - before.drawMs) / draws, 3)} ms mean over ${draws} draws` : "";
      const what = `${drawings ? `${drawings} drawings (two of each tool)` : "no drawings (baseline)"}${indicators.length ? ` and ${indicators.join(", ")}` : ""}`;
      console.log(`${BARS} one-minute candles, ${fmt(m.fed, 1)} ticks/s, panning, ${what}: ${frameSummary(m).text}${own}; first bar in view ${viewFrom} → ${viewTo}, ${canvases} canvases${indicators.length ? " (target ≥ 58 fps)" : ""}`);
    }
  });
}
