import { buildBenchPage, serveBenchPage, withChromium } from "./browserFps";
import { timeRecomputes, type Recomputes } from "./payoffbench/workload";
import { fmt, report, stats } from "./util";

/**
 * Issue 31's target: the payoff, the T+0 curve and the greeks of a 4-leg strategy over 400 spot
 * points, ≤ 2 ms in the browser per recompute (so holding a what-if key redraws at 60 fps). Two
 * figures, each in Node (CPU time of this process: the machine is shared) and in headless
 * Chromium (wall time on the page's main thread, performance.now): a what-if key's recompute
 * (deskView: the T+0 and expiry curves, P&L and greeks at the target) and the full one a price
 * tick or a leg edit asks (deskBase too: IVs, breakevens, extremes, probability of profit).
 * The workload is one module, payoffbench/workload.ts, for both.
 */
const ROUNDS = 400;

function cpuMs(f: () => void): number {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

function print(where: string, r: Recomputes, unit: string): { view: number; full: number } {
  const v = stats(r.view);
  const f = stats(r.full);
  console.log(`${where}: 4-leg iron condor, ${r.points} spot points, ${r.view.length} rounds (checksum ${fmt(r.checksum, 0)})`);
  console.log(`  what-if key (T+0 and expiry curves, P&L, greeks): median ${fmt(v.median)} ms, p95 ${fmt(v.p95)} ms, max ${fmt(v.max)} ms ${unit}`);
  console.log(`  full recompute (+ IVs, breakevens, extremes, probability of profit): median ${fmt(f.median)} ms, p95 ${fmt(f.p95)} ms, max ${fmt(f.max)} ms ${unit}`);
  return { view: v.median, full: f.median };
}

/** The same rounds on a bench page in Chromium (tests/bench/payoffbench, built the way the app is). */
async function inChromium(): Promise<Recomputes & { isolated: boolean }> {
  const bench = await buildBenchPage("payoffbench");
  let out: (Recomputes & { isolated: boolean }) | undefined;
  await withChromium(bench, async (browser) => {
    const page = await browser.newPage();
    await serveBenchPage(page, bench);
    // No server behind it: every request under the page's base is answered from the built folder.
    await page.goto(`http://127.0.0.1:9${bench.base}`);
    await page.locator("body[data-ready=true]").waitFor({ state: "attached" });
    out = (await page.evaluate(`window.__payoffBench(${ROUNDS})`)) as Recomputes & { isolated: boolean };
  });
  return out!;
}

export async function run(): Promise<void> {
  const node = print("Node", timeRecomputes(ROUNDS, cpuMs), "CPU");
  const chromium = await inChromium();
  const page = print("Chromium", chromium, `wall${chromium.isolated ? "" : " (page clock to 0.1 ms with jitter)"}`);
  // The pane recomputes only deskView on a what-if key; the full recompute, on a price tick or an edit, is judged too.
  report("payoff", { figure: `${fmt(node.view)} ms per what-if key, ${fmt(node.full)} ms full recompute, median`, meets: node.view <= 2 && node.full <= 2 });
  report("payoffBrowser", { figure: `${fmt(page.view)} ms per what-if key, ${fmt(page.full)} ms full recompute, median`, meets: page.view <= 2 && page.full <= 2 });
}
