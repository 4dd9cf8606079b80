import fs from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { fmt, report } from "./util";
import { startBrokerProcess } from "../support/brokerProcess";
import { pane, split } from "../../src/core/workspace/tree";
import { buildBenchPage, frameSummary, measureFrames, openBenchPage, scrollBy, profiled, signIn, traced, withChromium, type BenchPage, type Frames } from "./browserFps";
import { saveLayout, serveWatchlistBench } from "./wlbench/serve";
import { mainThreadDuring, perFrameText, type MainThread } from "./wlbench/mainThread";

/**
 * Frames per second of a 5,000-row watchlist with every row ticking twice a second, in headless
 * Chromium (issue 4). Builds its own page first (tests/bench/wlbench, production mode, outside dist/).
 *
 * The page is the real app, served on the broker's origin at /main/fullwl?wlbench=5000, plus a
 * feeder (tests/bench/wlbench/feeder.ts): the real grid, cells and quote store. The broker caps a
 * watchlist at 50 scrips, so the app's watchlist call is answered here with 5,000 synthetic rows,
 * whose encoded snapshot frames the feeder puts through quoteStore.applyFrame at 2 Hz per row
 * (10,000 frames/s). Frames are counted with
 * requestAnimationFrame over 5 s while the grid scrolls a little every frame; the same with no
 * ticks is printed as the baseline, and the ticking list standing still to tell the two costs apart.
 *
 * Then the issue's "the same with four ticking panes open": the workspace split in four
 * watchlist panes (two columns of two), each showing the 5,000 ticking rows, while the first one
 * scrolls the same way. Each measurement also prints the page's main-thread time per frame by phase;
 * BENCH_TRACE=1 traces the four panes and BENCH_PROFILE=1 profiles their script (browserFps.ts).
 *
 * BENCH_AGAINST=<another checkout> then measures the four panes on that checkout's page and on this
 * one's, alternately, three rounds each in the same browser: under a loaded machine absolute frame
 * rates wander, and only a side-by-side run says whether a change helped.
 */
const ROWS = 5_000;
const SECONDS = 5;
const ROUNDS = 3;

export async function run(): Promise<void> {
  const bench = await buildBenchPage("wlbench");
  const against = process.env.BENCH_AGAINST ? await buildBenchPage("wlbench-against", path.join(path.resolve(process.env.BENCH_AGAINST), "tests/bench/wlbench")) : undefined;
  const broker = await startBrokerProcess();
  try {
    await withChromium(bench, async (browser) => {
      const context = await browser.newContext({ baseURL: broker.url, viewport: { width: 1600, height: 900 } });
      const page = await context.newPage();
      await serveWatchlistBench(page, bench, ROWS, ["/main/fullwl"]);
      await signIn(page);

      let baselineFps = 0;
      let onePane: Frames | undefined;
      for (const [hz, scroll] of [[0, true], [2, false], [2, true]] as const) {
        await openBenchPage(page, `/main/fullwl?wlbench=${ROWS}&hz=${hz}`, '[data-testid="wl-scroll"]', "wlbench");
        // Scroll down 3 rows a frame.
        const { result: m, spent } = await mainThreadDuring(page, () =>
          measureFrames(page, { seconds: SECONDS, target: '[data-testid="wl-scroll"]', bench: "__wlBench", perFrame: scroll ? scrollBy(66) : "" }),
        );
        const rowsInDom = await page.locator('[data-testid="wl-scroll"] [role="row"]').count();
        const s = frameSummary(m);
        console.log(
          `${ROWS} rows, ${hz ? `every row ticking ${hz}x/s (${fmt(m.fed, 0)} frames/s applied)` : "no ticks (baseline)"}, ${scroll ? "scrolling" : "standing still"}: ` +
            `${s.text}; ${rowsInDom} rows in the DOM; ${perFrameText(spent, m.frameMs.length)}`,
        );
        if (hz === 0) baselineFps = m.fps;
        else if (scroll) onePane = m;
      }
      await context.close();

      const four = await fourPanes(browser, bench, broker.url, "four panes");
      if (against) {
        try {
          for (let round = 1; round <= ROUNDS; round++) {
            await fourPanes(browser, against, broker.url, `four panes, round ${round}, ${process.env.BENCH_AGAINST}`);
            await fourPanes(browser, bench, broker.url, `four panes, round ${round}, this tree`);
          }
        } finally {
          fs.rmSync(against.outDir, { recursive: true, force: true });
        }
      }

      const one = frameSummary(onePane!);
      const f = frameSummary(four);
      const met = (m: Frames, p95: number) => m.fps >= 58 && p95 <= 16.7;
      report("watchlist", {
        figure: `${fmt(onePane!.fps, 1)} fps, p95 frame ${fmt(one.p95, 1)} ms (one pane); ${fmt(four.fps, 1)} fps, p95 ${fmt(f.p95, 1)} ms (four panes)`,
        meets: met(onePane!, one.p95) && met(four, f.p95),
        ratio: `${fmt((onePane!.fps / baselineFps) * 100, 0)} % / ${fmt((four.fps / baselineFps) * 100, 0)} % of the fps without ticks`,
      });
    });
  } finally {
    await broker.stop();
  }
}

/**
 * Four watchlist panes, two columns of two, every row of each ticking, the first one scrolling;
 * in a context of its own, closed after, so that no other page ticks meanwhile.
 */
async function fourPanes(browser: Browser, bench: BenchPage, brokerUrl: string, label: string): Promise<Frames> {
  const context = await browser.newContext({ baseURL: brokerUrl, viewport: { width: 1600, height: 900 } });
  try {
    const page = await context.newPage();
    await serveWatchlistBench(page, bench, ROWS, ["/main/watchlist"]);
    const session = await signIn(page);
    const root = split("row", split("column", pane("watchlist", "pwl1"), pane("watchlist", "pwl2")), split("column", pane("watchlist", "pwl3"), pane("watchlist", "pwl4")));
    await saveLayout(page, session, { root, focused: "pwl1" });
    await openBenchPage(page, `/main/watchlist?wlbench=${ROWS}&hz=2`, '[data-pane-id="pwl4"] [data-testid="wl-scroll"] [aria-rowindex="1"]', "wlbench-four");
    const { result: m, spent }: { result: Frames; spent: MainThread } = await traced(page, "watchlist-four", () =>
      profiled(page, "watchlist-four", () =>
        mainThreadDuring(page, () => measureFrames(page, { seconds: SECONDS, target: '[data-testid="wl-scroll"]', bench: "__wlBench", perFrame: scrollBy(66) })),
      ),
    );
    const grids = await page.locator('[data-testid="wl-scroll"]').count();
    const rowsInDom = await page.locator('[data-testid="wl-scroll"] [role="row"]').count();
    console.log(
      `${label}: ${ROWS} rows in each of ${grids} watchlist panes, every row ticking 2x/s (${fmt(m.fed, 0)} frames/s applied), the first scrolling: ` +
        `${frameSummary(m).text}; ${rowsInDom} rows in the DOM; ${perFrameText(spent, m.frameMs.length)}`,
    );
    return m;
  } finally {
    await context.close();
  }
}
