import { buildBenchPage, frameSummary, measureFrames, openBenchPage, serveBenchPage, withChromium } from "./browserFps";
import { fmt } from "./util";

/**
 * Frame time of a chart of 5,000 one-minute candles ticking at 2 Hz while it pans (issue 34's
 * target: ≥ 58 fps with 10 drawings), in headless Chromium: the pane's LiveChart and its drawing
 * layer (src/panes/chart/drawings) on a page of their own (tests/bench/chartdrawbench). The view
 * scrolls three bars each frame through the library's time scale; the same with no drawings is the
 * baseline. Printed, never judged on a time.
 */
const BARS = 5_000;
const SECONDS = 5;
const PAN = "window.__chartBench.pan(frames);";

interface Layer {
  drawMs: number;
  draws: number;
}

export async function run(): Promise<void> {
  const bench = await buildBenchPage("chartdrawbench");
  await withChromium(bench, async (browser) => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await serveBenchPage(page, bench);
    for (const drawings of [0, 10]) {
      await openBenchPage(page, `http://chartdrawbench.invalid${bench.base}index.html?bars=${BARS}&hz=2&drawings=${drawings}`, '[data-testid="chart-canvas"][data-bars]', "chartdrawbench");
      const before = (await page.evaluate("window.__chartBench.layer()")) as Layer;
      const m = await measureFrames(page, { seconds: SECONDS, target: '[data-testid="chart-canvas"]', bench: "__chartBench", perFrame: PAN });
      const after = (await page.evaluate("window.__chartBench.layer()")) as Layer;
      const draws = after.draws - before.draws;
      const own = draws ? `; the drawing layer's own draw ${fmt((after.drawMs - before.drawMs) / draws, 3)} ms mean over ${draws} draws` : "";
      console.log(`${BARS} one-minute candles, ${fmt(m.fed, 1)} ticks/s, panning, ${drawings ? `${drawings} drawings (two of each tool)` : "no drawings (baseline)"}: ${frameSummary(m).text}${own}`);
    }
  });
}
