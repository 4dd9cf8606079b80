import { chromium, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { mqttNextTick } from "../../scripts/vite/mqttNextTick";
import config from "../../playwright.config";
import { fmt, stats } from "./util";

/**
 * The harness of the frame-rate benches in headless Chromium (watchlistFps, optionChainFps,
 * chartFps): build a bench page, launch Chromium with the house flags, serve the page, count
 * frames with requestAnimationFrame and summarise them.
 */

/** A bench page: a folder of tests/bench with an index.html, built under `base` into `outDir`. */
export interface BenchPage {
  base: string;
  outDir: string;
}

/**
 * Builds tests/bench/<name> the way `npm run build` builds the app (production mode), into a
 * temporary folder of its own, never into dist/: two worktrees may bench at once. `root` is the
 * page's folder when it is another checkout's (a bench comparing this tree with a baseline's).
 */
export async function buildBenchPage(name: string, root = path.join(import.meta.dirname, name)): Promise<BenchPage> {
  const page = { base: `/${name}/`, outDir: path.join(os.tmpdir(), `tape-${name}-${process.pid}`) };
  await build({
    configFile: false,
    root,
    base: page.base,
    // MQTT_NEXTTICK=timer builds without the rewrite, to show in the same session what it changes.
    plugins: process.env.MQTT_NEXTTICK === "timer" ? [react()] : [react(), mqttNextTick()],
    // ... and lightweight-charts' development build, whose names are its own (its production build is minified as shipped).
    ...(process.env.BENCH_PROFILE ? { resolve: { alias: [{ find: /^lightweight-charts$/, replacement: path.join(import.meta.dirname, "../../node_modules/lightweight-charts/dist/lightweight-charts.development.mjs") }] } } : {}),
    logLevel: "warn",
    // BENCH_PROFILE=1 keeps the names, for a CPU profile that says which function took the time.
    build: { outDir: page.outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000, minify: !process.env.BENCH_PROFILE },
  });
  return page;
}

/** Runs `body` in headless Chromium with the e2e launch options, then closes it and deletes the built page. */
export async function withChromium(bench: BenchPage, body: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({ headless: true, ...config.use?.launchOptions });
  try {
    await body(browser);
  } finally {
    await browser.close();
    fs.rmSync(bench.outDir, { recursive: true, force: true });
  }
}

/**
 * The page is served cross-origin isolated: Chromium then reads its clock to 5 µs instead of
 * 100 µs with a random jitter, so a frame that came on the next vsync measures 16.67 ms, not
 * anything from 16.6 to 16.8 (a p95 judged against 16.7 ms would otherwise fail on the clock).
 */
export const ISOLATED = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

/** Answers the page's assets under its base from the built folder, and `appPath` (an app route) with its index.html. */
export async function serveBenchPage(page: Page, bench: BenchPage, appPath?: string): Promise<void> {
  if (appPath) await page.route((url) => url.pathname === appPath, (route) => route.fulfill({ path: path.join(bench.outDir, "index.html"), headers: ISOLATED }));
  await page.route((url) => url.pathname.startsWith(bench.base), (route) => {
    const file = new URL(route.request().url()).pathname.slice(bench.base.length) || "index.html";
    return route.fulfill({ path: path.join(bench.outDir, file), headers: ISOLATED });
  });
}

export interface DevSession {
  accessToken: string;
  clientCode: string;
  clientName: string;
}

/** Signs DEMO1 in through the broker's /dev/session and stores the session where the app reads it. */
export async function signIn(page: Page): Promise<DevSession> {
  const session = (await (await page.request.post("/dev/session", { data: { userId: "DEMO1" } })).json()) as { result: DevSession[] };
  await page.goto("/");
  await page.evaluate((s) => {
    localStorage.clear();
    localStorage.setItem("clientCode", s.clientCode);
    localStorage.setItem("accessToken", s.accessToken);
    localStorage.setItem("clientName", s.clientName);
  }, session.result[0]!);
  return session.result[0]!;
}

/** Opens `url`, waits for `ready` (a screenshot in /tmp/<name>-fail.png if it never comes) and lets the first ticks and layout settle. */
export async function openBenchPage(page: Page, url: string, ready: string, name: string): Promise<void> {
  await page.goto(url);
  await page.locator(ready).waitFor().catch(async (e: unknown) => {
    await page.screenshot({ path: `/tmp/${name}-fail.png` });
    throw e;
  });
  await page.waitForTimeout(1_000);
}

/** Source text run every frame: scrolls `el` down `px`, wrapping at the end, so new rows mount and subscribe as they come. */
export const scrollBy = (px: number): string =>
  `const next = el.scrollTop + ${px}; el.scrollTop = next >= el.scrollHeight - el.clientHeight ? 0 : next;`;

export interface Frames {
  fps: number;
  frameMs: number[];
  /** What the page's feeder (window[bench].fed()) put through per second while frames were counted. */
  fed: number;
  /** Whether the page was cross-origin isolated (a clock to 5 µs); a page off a secure origin is not. */
  isolated: boolean;
}

export interface Measure {
  seconds: number;
  /** The element the frame step acts on, as `el` (and its box as `box`). */
  target: string;
  /** The page's bench global, whose fed() counts what its feeder applied. */
  bench: string;
  /** Source text run every frame, with `el`, `box` and `frames` in scope; empty to stand still. */
  perFrame: string;
}

/**
 * Counts frames with requestAnimationFrame for `seconds`. The page's code is source text: tsx
 * names functions with a helper the page does not have, so a compiled closure cannot be handed
 * to page.evaluate.
 */
export async function measureFrames(page: Page, m: Measure): Promise<Frames> {
  const source = `async (seconds, target, bench) => {
  const el = document.querySelector(target);
  const box = el.getBoundingClientRect();
  const fed = () => (window[bench] ? window[bench].fed() : 0);
  const fed0 = fed();
  const frameMs = [];
  let frames = 0;
  let last = performance.now();
  const t0 = last;
  await new Promise((done) => {
    const step = (now) => {
      frames++;
      frameMs.push(now - last);
      last = now;
      ${m.perFrame}
      if (now - t0 < seconds * 1000) requestAnimationFrame(step);
      else done();
    };
    requestAnimationFrame(step);
  });
  const elapsed = (performance.now() - t0) / 1000;
  return { fps: frames / elapsed, frameMs, fed: (fed() - fed0) / elapsed, isolated: crossOriginIsolated };
}`;
  return (await page.evaluate(`(${source})(${m.seconds}, ${JSON.stringify(m.target)}, ${JSON.stringify(m.bench)})`)) as Frames;
}

/** The frame figures every fps bench prints, and the p95 its target is judged on. */
export function frameSummary(f: Frames): { text: string; p95: number } {
  const s = stats(f.frameMs);
  const clock = f.isolated ? "" : " (page clock to 0.1 ms with jitter)";
  return { text: `${fmt(f.fps, 1)} fps; frame time median ${fmt(s.median, 1)} ms, p95 ${fmt(s.p95, 1)} ms, max ${fmt(s.max, 1)} ms${clock}`, p95: s.p95 };
}

/**
 * With BENCH_PROFILE=1, records a CPU profile of the page while `body` runs (Chromium's sampling
 * profiler over CDP), writes it to /tmp/<name>.cpuprofile and prints the functions with the most
 * self time; without it, just runs `body`.
 */
export async function profiled<T>(page: Page, name: string, body: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_PROFILE) return body();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const result = await body();
  const { profile } = await cdp.send("Profiler.stop");
  fs.writeFileSync(`/tmp/${name}.cpuprofile`, JSON.stringify(profile));
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`CPU profile ${name} (/tmp/${name}.cpuprofile), self time of ${fmt(total, 0)} ms:`);
  for (const [k, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${fmt(ms, 1).padStart(8)} ms  ${k}`);
  return result;
}

/**
 * With BENCH_TRACE=1, records a Chromium trace (devtools.timeline) while `body` runs, writes it to
 * /tmp/<name>.trace.json (the Performance panel opens it) and prints where the renderer's main
 * thread spent its time, by top-level event; without it, just runs `body`.
 */
export async function traced<T>(page: Page, name: string, body: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_TRACE) return body();
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] }, transferMode: "ReportEvents" });
  const result = await body();
  await cdp.send("Tracing.end");
  await done;
  fs.writeFileSync(`/tmp/${name}.trace.json`, JSON.stringify({ traceEvents: events }));
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined);
  // Only the outermost events inside the tasks: what a task spent its time on, nested calls counted once.
  const tasks = onMain.filter((e) => e.name === "RunTask");
  const inner = new Map<string, number>();
  let end = 0;
  for (const e of onMain.filter((e) => e.name !== "RunTask").sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    if (e.ts < end) continue;
    end = e.ts + e.dur!;
    inner.set(e.name, (inner.get(e.name) ?? 0) + e.dur! / 1000);
  }
  const busy = tasks.reduce((a, t) => a + t.dur! / 1000, 0);
  const span = tasks.length ? (tasks[tasks.length - 1]!.ts - tasks[0]!.ts) / 1000 : 0;
  console.log(`trace ${name} (/tmp/${name}.trace.json): main thread busy ${fmt(busy, 0)} ms of ${fmt(span, 0)} ms; outermost events in its tasks:`);
  for (const [k, ms] of [...inner.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${fmt(ms, 1).padStart(8)} ms  ${k}`);
  return result;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}
