import { startBrokerProcess } from "../support/brokerProcess";
import { pane, split, type LayoutNode } from "../../src/core/workspace/tree";
import { buildBenchPage, frameSummary, measureFrames, openBenchPage, scrollBy, serveBenchPage, signIn, withChromium } from "./browserFps";
import { BENCH_UNDERLYING, benchChain, callToken, putToken, strikeAt } from "./chainbench/chain";
import { mainThreadDuring, perFrameText } from "./wlbench/mainThread";
import { fmt } from "./util";
import type { DeskLeg, PaneStrategy } from "../../src/core/strategy/legs";
import { userKey } from "../../src/data/userStorage";
import { WATCHLIST_TAB } from "../../src/core/watchlist/view";

/**
 * Issue 31's "the strategy pane open beside a ticking chain and watchlist: the Trading layout's
 * frame figures do not move", in headless Chromium at 1680 x 1000. The page is the option chain
 * bench's (tests/bench/chainbench: the real app and a feeder ticking every contract of a
 * 200-strike synthetic chain and its underlying twice a second). Two layouts, measured in turns:
 * watchlist (the predefined NIFTY 50 list, ticking off the paper broker's feed) | chain, and
 * watchlist | chain | strategy pane holding an iron condor of four of the
 * chain's contracts (so its legs and spot tick with the chain, each tick a full recompute and a
 * redrawn payoff). Frames are counted with requestAnimationFrame over 5 s while the chain scrolls
 * 3 rows a frame, as optionChainFps does; the main thread's time per frame by phase is printed.
 * `npm run bench -- strategyFps`.
 */
const STRIKES = 200;
const SECONDS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 2;

export async function run(): Promise<void> {
  const bench = await buildBenchPage("chainbench");
  const broker = await startBrokerProcess();
  try {
    await withChromium(bench, async (browser) => {
      const context = await browser.newContext({ baseURL: broker.url, viewport: { width: 1680, height: 1000 } });
      const page = await context.newPage();
      const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const session = await signIn(page);
      const chainBody = JSON.stringify({ status: "Ok", message: "Success", result: [benchChain(STRIKES, expiry)] });
      await serveBenchPage(page, bench, "/main/optionchain");
      await page.route("**/core/optionchain?*", (route) => route.fulfill({ status: 200, contentType: "application/json", body: chainBody }));

      // Strikes 500 and 300 either side of the spot (20,000): bought wings, sold body.
      const atm = Math.floor(STRIKES / 2);
      const leg = (i: number, optionType: "CE" | "PE", side: "BUY" | "SELL"): DeskLeg => ({
        token: optionType === "CE" ? callToken(i) : putToken(i), symbol: `BENCH${strikeAt(STRIKES, i)}${optionType}`, exchange: "NSEFO", optionType,
        strike: strikeAt(STRIKES, i), expiry, side, lots: 1, lotSize: 50,
      });
      const strategy: PaneStrategy = {
        underlying: { symbol: "BENCH", exchange: "NSEEQ", token: BENCH_UNDERLYING, isIndex: true },
        legs: [leg(atm - 10, "PE", "BUY"), leg(atm - 6, "PE", "SELL"), leg(atm + 6, "CE", "SELL"), leg(atm + 10, "CE", "BUY")],
      };
      const chain = pane("optionchain", "pchainbench", { chain: { symbol: "BENCH", expiry, strikes: STRIKES } });
      const layouts: Array<{ label: string; root: LayoutNode }> = [
        { label: "watchlist | chain", root: split("row", pane("watchlist", "pwl", { tab: WATCHLIST_TAB.predefined }), chain, 0.3) },
        { label: "watchlist | chain | strategy", root: split("row", pane("watchlist", "pwl", { tab: WATCHLIST_TAB.predefined }), split("row", chain, pane("strategy", "pdesk", { strategy }), 0.55), 0.25) },
      ];

      for (let round = 1; round <= ROUNDS; round++) {
        for (const l of layouts) {
          await page.evaluate(({ key, root }) => localStorage.setItem(key, JSON.stringify({ root, focused: "pchainbench" })), { key: userKey(session.clientCode, "layout"), root: l.root });
          await openBenchPage(page, `/main/optionchain?chainbench=${STRIKES}&hz=2`, '[data-testid="chain-scroll"] [data-atm="true"]', "strategyfps");
          if (l.root.type === "split" && JSON.stringify(l.root).includes('"strategy"')) {
            // The pane has read its spot: its figures are drawn and tick.
            await page.locator('[data-testid="desk-spot"]').filter({ hasNotText: "--" }).waitFor({ timeout: 10_000 }).catch(async (e: unknown) => {
              await page.screenshot({ path: "/tmp/strategyfps-fail.png" });
              throw e;
            });
          }
          const { result: m, spent } = await mainThreadDuring(page, () =>
            measureFrames(page, { seconds: SECONDS, target: '[data-testid="chain-scroll"]', bench: "__chainBench", perFrame: scrollBy(72) }),
          );
          // BENCH_SHOT=1: what was measured, to look at (/tmp/strategyfps-<panes>.png).
          if (process.env.BENCH_SHOT) await page.screenshot({ path: `/tmp/strategyfps-${l.label.split(" | ").length}.png` });
          console.log(`round ${round}, ${l.label}, every contract ticking 2x/s (${fmt(m.fed, 0)} frames/s applied), chain scrolling: ${frameSummary(m).text}; ${perFrameText(spent, m.frameMs.length)}`);
        }
      }
    });
  } finally {
    await broker.stop();
  }
}
