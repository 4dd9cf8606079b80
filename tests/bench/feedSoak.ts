import { chromium, type Browser, type CDPSession, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { defaultStart } from "../../server/clock";
import { masterFor } from "../../server/market/instruments/master";
import type { Instrument } from "../../server/market/types";
import { istDateKey } from "../../src/core/time";
import { mwTopic } from "../../src/core/topics";
import type { PaneState } from "../../src/core/workspace/tree";
import type { Watchlist, WatchlistScrip } from "../../src/data/api/watchlist";
import { spawnBroker } from "../support/brokerProcess";
import config from "../../playwright.config";
import { buildBenchPage, serveBenchPage, signIn } from "./browserFps";
import { inspectorUrl, openCdp, selfTime, type CdpSession } from "./cdp";
import { censusOf, grown } from "./heapDiff";
import { fmt, report } from "./util";

/**
 * Memory soak (issue 18, the `memory` row): the real app in headless Chromium, signed in, for 10
 * minutes (SOAK_MINUTES to change it) against the real paper broker process, with the feed
 * carrying ~9,000 instruments at the broker's own pace (TICK_HZ 2), while the workspace's panes
 * are closed and opened every few seconds: the layout presets (Trading, Monitor, Investing) and
 * tiles of watchlists (both tabs), option chains, charts and depth, their instruments changing.
 *
 * Every 30 s, on the same screen (the Trading preset, settled), the least of three readings each after a forced collection (CDP HeapProfiler.collectGarbage), it reads the page's
 * `performance.memory.usedJSHeapSize` (precise: --enable-precise-memory-info), the DOM node and
 * listener counts, and the broker process's `process.memoryUsage()` heapUsed + arrayBuffers (through its own
 * inspector, --inspect). The baseline is the sample at the end of the first minute (warm-up: every
 * layout and instrument has been shown once, the quote store holds all 9,000); the row meets when
 * the last three samples are within ±10 % of it. With SOAK_SNAPSHOTS=1 (the default) it takes a heap
 * snapshot of the page at the baseline and at the end and prints the constructors that grew most.
 *
 * The load: the bench page (tests/bench/soakbench) is the app plus one app-wide owner of the 9,000
 * market topics on the app's own subscription manager and MQTT client, so every frame goes through
 * the socket and the quote store as a pane's would; the panes subscribe what they show on top.
 * The broker caps a watchlist at 50 scrips, so the app's watchlist call is answered with two
 * longer lists of real instruments (the user's tab and the predefined tab).
 */
const DESIGN_INSTRUMENTS = 9_000;
const SAMPLE_SECONDS = 30;
const WARMUP_SECONDS = 60;
/** A new layout this often: every pane of the old one closes, every pane of the new one opens. */
const CYCLE_SECONDS = Number(process.env.SOAK_CYCLE_SECONDS ?? 5);
const FLAT = 0.1;
/** Every sample is taken on this one screen, settled: the heap of a chart-and-chain layout and of a list-only one differ by megabytes. */
const SAMPLE_PRESET = "trading";
const SETTLE_MS = 3_000;
const READINGS = 3;

/** Ten minutes: `npm run bench -- feedSoak` runs it; the plain `npm run bench` leaves it out. */
export const onlyWhenNamed = true;

/** The design load: every share, index and future, then index, commodity and currency options, then stock options, to 9,000. */
function streamed(all: readonly Instrument[]): Instrument[] {
  const rank = (i: Instrument) => (!i.optionType ? 0 : i.insType === "OPTSTK" ? 2 : 1);
  return [...all].sort((a, b) => rank(a) - rank(b)).slice(0, DESIGN_INSTRUMENTS);
}

function scrip(i: Instrument, k: number): WatchlistScrip {
  return {
    exchange: i.exchange, token: i.token, tradingSymbol: i.tradingSymbol, symbol: i.symbol, formattedInsName: i.formattedInsName, companyName: i.companyName ?? "",
    insType: i.insType, expiry: i.expiry, strikePrice: i.strikePrice, optionType: i.optionType ?? "", lotSize: i.lotSize, tickSize: i.tickSize, isIndex: i.isIndex,
    pdc: i.referencePrice, ltp: i.referencePrice, chg: 0, pchg: 0, sortingOrder: k + 1,
  };
}

/** The user's tab (NSE shares) and the predefined tab (futures and index options). */
function soakLists(all: readonly Instrument[]): Watchlist[] {
  const shares = all.filter((i) => i.exchange === "NSEEQ" && i.insType === "EQ").slice(0, 500);
  const derivatives = all.filter((i) => i.insType === "FUTSTK" || i.insType === "FUTIDX" || i.insType === "OPTIDX").slice(0, 500);
  return [
    { mwId: 302, mwName: "Soak shares", isDefault: true, isEdit: true, scrips: shares.map(scrip) },
    { mwId: 1, mwName: "Soak F&O", isDefault: false, isEdit: false, scrips: derivatives.map(scrip) },
  ];
}

interface SoakPane {
  view: string;
  state?: PaneState;
}
type Step = { preset: string } | { panes: SoakPane[] };

/** The layouts the soak goes round, the k-th time round with the k-th instruments of the pools. */
function layouts(all: readonly Instrument[]): (k: number) => Step {
  const ref = (i: Instrument) => ({ instrument: { exchange: i.exchange, token: i.token, tradingSymbol: i.tradingSymbol } });
  const eq = all.filter((i) => i.exchange === "NSEEQ" && i.insType === "EQ");
  const charts = [eq[0]!, eq[1]!, all.find((i) => i.isIndex)!, all.find((i) => i.insType === "FUTIDX")!, all.find((i) => i.insType === "OPTIDX")!, eq[2]!].map(ref);
  const depths = [eq[3]!, eq[4]!, eq[5]!, all.find((i) => i.insType === "FUTSTK")!, eq[6]!, eq[7]!].map(ref);
  const steps: Array<(k: number) => Step> = [
    () => ({ preset: "trading" }),
    (k) => ({ panes: [{ view: "watchlist", state: { tab: 0 } }, { view: "watchlist", state: { tab: 1 } }, { view: "optionchain", state: { chain: { symbol: "NIFTY" } } }, { view: "chart", state: charts[k % 6] }, { view: "depth", state: depths[k % 6] }] }),
    () => ({ preset: "monitor" }),
    (k) => ({ panes: [{ view: "optionchain", state: { chain: { symbol: "BANKNIFTY" } } }, { view: "chart", state: charts[k % 6] }, { view: "depth", state: depths[k % 6] }, { view: "watchlist", state: { tab: 0 } }] }),
    () => ({ preset: "investing" }),
    (k) => ({ panes: [{ view: "watchlist", state: { tab: 1 } }, { view: "optionchain", state: { chain: { symbol: "INFY" } } }, { view: "chart", state: charts[k % 6] }, { view: "chart", state: charts[(k + 1) % 6] }, { view: "depth", state: depths[k % 6] }] }),
  ];
  return (k) => steps[k % steps.length]!(Math.floor(k / steps.length));
}

interface Sample {
  at: number;
  heap: number;
  nodes: number;
  listeners: number;
  framesPerSecond: number;
  staleCells: number;
  brokerHeap: number;
  brokerRss: number;
}

async function collect(cdp: CDPSession): Promise<void> {
  // Twice: the first pass can leave objects whose finalizers free more.
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
}

async function pageFigures(page: Page, cdp: CDPSession): Promise<{ heap: number; nodes: number; listeners: number; frames: number; staleCells: number }> {
  await collect(cdp);
  const f = (await page.evaluate(
    `({ heap: performance.memory.usedJSHeapSize, frames: window.__soak.frames(), staleCells: document.querySelectorAll('[data-stale="true"]').length })`,
  )) as { heap: number; frames: number; staleCells: number };
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { ...f, nodes: metric("Nodes"), listeners: metric("JSEventListeners") };
}

async function brokerFigures(inspector: CdpSession): Promise<{ heap: number; rss: number }> {
  await inspector.send("HeapProfiler.collectGarbage");
  const r = await inspector.send<{ result: { value: string } }>("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
  const m = JSON.parse(r.result.value) as { heapUsed: number; arrayBuffers: number; rss: number };
  // With its array buffers: the day's chart bars live in typed arrays (server/market/sim/minuteBars.ts), outside heapUsed.
  return { heap: m.heapUsed + m.arrayBuffers, rss: m.rss };
}

async function snapshot(cdp: CDPSession, file: string): Promise<void> {
  await collect(cdp);
  const out = fs.openSync(file, "w");
  const onChunk = (e: { chunk: string }) => fs.writeSync(out, e.chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  try {
    await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  } finally {
    cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
    fs.closeSync(out);
  }
}

/** Ten seconds of the page's main thread (CDP Profiler), once after warm-up: what the page spends its time on under this load. */
async function profilePage(cdp: CDPSession): Promise<void> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.start");
  await new Promise((r) => setTimeout(r, 10_000));
  const { profile } = await cdp.send("Profiler.stop");
  console.log("page main thread, 10 s after warm-up, self time:");
  for (const r of selfTime(profile).slice(0, 12)) console.log(`  ${fmt(r.share * 100, 1).padStart(5)} %  ${r.name}`);
}

const mb = (bytes: number) => `${fmt(bytes / 1_048_576, 1)} MB`;
const pct = (x: number, base: number) => `${x >= base ? "+" : ""}${fmt(((x - base) / base) * 100, 1)} %`;

/** Baseline (the first sample after warm-up), last, drift, and whether the last three stay within ±10 % of the baseline. */
function verdict(series: number[], baseAt: number): { base: number; last: number; drift: number; flat: boolean } {
  const base = series[baseAt]!;
  const last = series[series.length - 1]!;
  const tail = series.slice(-3);
  return { base, last, drift: (last - base) / base, flat: tail.length === 3 && tail.every((v) => Math.abs(v - base) <= FLAT * base) };
}

export async function run(): Promise<void> {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  const snapshots = process.env.SOAK_SNAPSHOTS !== "0";
  const profile = process.env.SOAK_PROFILE !== "0";
  // The broker's simulated day, fixed here so that this process's master is the broker's (same contracts, same tokens).
  const start = defaultStart(new Date());
  const master = masterFor(istDateKey(start), start).all;
  const load = streamed(master);
  const topics = load.map((i) => mwTopic(i.exchange, i.token));
  const lists = JSON.stringify({ status: "Ok", message: "Success", result: soakLists(master) });
  const stepAt = layouts(master);

  const bench = await buildBenchPage("soakbench");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-soak-"));
  const broker = spawnBroker({
    // The bench page is the broker's app: the document comes from the broker's own address, as in
    // production (a page fulfilled by Playwright has none, and Chromium's local-network checks refuse its WebSocket).
    STATIC_DIR: bench.outDir,
    PORT: "0", DATA_DIR: dataDir, DEV_SESSION: "1", SIM_TIME: start.toISOString(), TICK_HZ: "2", LOG_LEVEL: "warn",
    // Its own inspector, on a free port: the soak reads the broker's heap from outside.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --inspect=127.0.0.1:0`.trim(),
  });
  let inspector: CdpSession | undefined;
  let browser: Browser | undefined;
  try {
    const url = await broker.url;
    const wsUrl = inspectorUrl(broker.output());
    if (!wsUrl) throw new Error(`the broker printed no inspector address:\n${broker.output()}`);
    inspector = await openCdp(wsUrl);
    // The house flags, and a precise performance.memory (Chromium rounds it to buckets otherwise).
    const launch = config.use?.launchOptions ?? {};
    browser = await chromium.launch({ headless: true, ...launch, args: [...(launch.args ?? []), "--enable-precise-memory-info", "--js-flags=--expose-gc"] });
    {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1680, height: 1000 } });
      const page = await context.newPage();
      await serveBenchPage(page, bench);
      await page.route("**/core/marketWatch/getAllMwScripsDetails", (route) => route.fulfill({ status: 200, contentType: "application/json", body: lists }));
      const pageErrors: string[] = [];
      page.on("pageerror", (e) => pageErrors.push(e.message));
      page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
      await signIn(page);
      await page.goto("/main/watchlist");
      await page.locator('[role="row"][data-symbol]').first().waitFor({ timeout: 60_000 });
      if (process.env.SOAK_STREAM !== "0") await page.evaluate(`window.__soak.stream(${JSON.stringify(topics)})`);
      if (process.env.SOAK_DEBUG) {
        await page.waitForTimeout(8_000);
        await page.screenshot({ path: "/tmp/soak/debug.png" });
        console.log("feed light", await page.locator('[data-testid="feed-light"]').getAttribute("data-feed-state"), "frames", await page.evaluate("window.__soak.frames()"), pageErrors.slice(0, 10));
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");

      console.log(`${fmt(load.length, 0)} instruments streamed, a new layout every ${CYCLE_SECONDS} s, ${minutes} min, a sample every ${SAMPLE_SECONDS} s (after a forced GC)`);
      console.log("   t  | page heap | DOM nodes | listeners | frames/s | stale cells | broker heap+buffers | broker RSS");
      const samples: Sample[] = [];
      const t0 = Date.now();
      let lastFrames = (await page.evaluate("window.__soak.frames()")) as number;
      let lastAt = t0;
      let cycles = 0;
      let nextSample = t0 + SAMPLE_SECONDS * 1000;
      const end = t0 + minutes * 60_000;
      const snapDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-soak-heap-"));
      const snapAt = { base: path.join(snapDir, "baseline.heapsnapshot"), end: path.join(snapDir, "end.heapsnapshot") };
      // Until the first sample at or after the end: the last figure is the one at ten minutes.
      for (;;) {
        const step = stepAt(cycles++);
        await page.evaluate(`"preset" in ${JSON.stringify(step)} ? window.__soak.preset(${JSON.stringify("preset" in step ? step.preset : "")}) : window.__soak.panes(${JSON.stringify("panes" in step ? step.panes : [])})`);
        await page.waitForTimeout(CYCLE_SECONDS * 1000);
        if (Date.now() < nextSample) continue;
        await page.evaluate(`window.__soak.preset(${JSON.stringify(SAMPLE_PRESET)})`);
        await page.waitForTimeout(SETTLE_MS);
        // Three readings 2 s apart, the least of each kept: the feed's frames in flight (a tick's WebSocket
        // message in the page, the broker's backlog to a slower page) are live at any one reading and
        // move it by megabytes; what stays in the least is what the heap retains.
        const readings: Array<{ p: Awaited<ReturnType<typeof pageFigures>>; b: Awaited<ReturnType<typeof brokerFigures>> }> = [];
        for (let r = 0; r < READINGS; r++) {
          if (r > 0) await page.waitForTimeout(2_000);
          readings.push({ p: await pageFigures(page, cdp), b: await brokerFigures(inspector) });
        }
        const p = readings.reduce((x, y) => (y.p.heap < x.p.heap ? { ...x, p: y.p } : x)).p;
        const b = readings.reduce((x, y) => (y.b.heap < x.b.heap ? { ...x, b: y.b } : x)).b;
        const now = Date.now();
        const s: Sample = {
          at: (now - t0) / 1000, heap: p.heap, nodes: p.nodes, listeners: p.listeners, framesPerSecond: (p.frames - lastFrames) / ((now - lastAt) / 1000),
          staleCells: p.staleCells, brokerHeap: b.heap, brokerRss: b.rss,
        };
        lastFrames = p.frames;
        lastAt = now;
        samples.push(s);
        // From this sample on: a snapshot or a profile taken now does not crowd the next samples together.
        nextSample = Date.now() + SAMPLE_SECONDS * 1000;
        console.log(
          `${fmt(s.at, 0).padStart(5)} | ${mb(s.heap).padStart(9)} | ${fmt(s.nodes, 0).padStart(9)} | ${fmt(s.listeners, 0).padStart(9)} | ${fmt(s.framesPerSecond, 0).padStart(8)} | ` +
            `${String(s.staleCells).padStart(11)} | ${mb(s.brokerHeap).padStart(19)} | ${mb(s.brokerRss)}`,
        );
        if (samples.length === WARMUP_SECONDS / SAMPLE_SECONDS) {
          if (snapshots) await snapshot(cdp, snapAt.base);
          if (profile) await profilePage(cdp);
          nextSample = Date.now() + SAMPLE_SECONDS * 1000;
        }
        if (Date.now() >= end) break;
      }
      if (snapshots) await snapshot(cdp, snapAt.end);
      if (pageErrors.length > 0) console.log(`${pageErrors.length} errors in the page, the first: ${pageErrors.slice(0, 3).join(" | ")}`);

      const baseAt = WARMUP_SECONDS / SAMPLE_SECONDS - 1;
      if (samples.length < baseAt + 3) {
        console.log(`too short for a verdict: ${samples.length} samples (the baseline is the one at ${WARMUP_SECONDS} s, then three more)`);
        return;
      }
      const page$ = verdict(samples.map((s) => s.heap), baseAt);
      const broker$ = verdict(samples.map((s) => s.brokerHeap), baseAt);
      const line = (what: string, v: typeof page$) =>
        `${what}: baseline ${mb(v.base)} at ${WARMUP_SECONDS} s, last ${mb(v.last)} at ${fmt(samples.at(-1)!.at, 0)} s, drift ${pct(v.last, v.base)}; last three ${v.flat ? "within" : "NOT within"} ±10 %`;
      console.log(line("page heap (usedJSHeapSize after GC)", page$));
      console.log(line("broker heap (heapUsed + arrayBuffers after GC)", broker$));
      console.log(`page heap series (MB): ${samples.map((s) => fmt(s.heap / 1_048_576, 1)).join(", ")}`);
      console.log(`broker heap + array buffers series (MB): ${samples.map((s) => fmt(s.brokerHeap / 1_048_576, 1)).join(", ")}`);
      console.log(`${cycles} layouts opened and closed; mean ${fmt(samples.reduce((x, s) => x + s.framesPerSecond, 0) / samples.length, 0)} frames/s into the page`);
      if (snapshots) {
        const rows = grown(censusOf(snapAt.base), censusOf(snapAt.end));
        console.log(`grew most from the baseline snapshot to the last (${snapDir}):`);
        for (const r of rows) console.log(`  ${r.name.slice(0, 60).padEnd(60)} ${fmt(r.count, 0).padStart(9)} objects ${mb(r.size).padStart(10)}`);
      }
      report("memory", {
        figure: `page heap ${mb(page$.base)} → ${mb(page$.last)} (${pct(page$.last, page$.base)}) over ${fmt(samples.at(-1)!.at / 60, 0)} min, 9,000 instruments; broker heap + buffers ${mb(broker$.base)} → ${mb(broker$.last)} (${pct(broker$.last, broker$.base)})`,
        meets: page$.flat && broker$.flat && minutes >= 10,
        ratio: `baseline: the sample after the first minute`,
      });
    }
  } finally {
    await browser?.close();
    fs.rmSync(bench.outDir, { recursive: true, force: true });
    inspector?.close();
    if (broker.child.exitCode === null && broker.child.signalCode === null) {
      broker.child.kill("SIGTERM");
      await broker.exited();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run();
  process.exit(0);
}
