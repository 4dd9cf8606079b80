import type { Page } from "@playwright/test";

/** What the renderer's main thread spent, in ms, while a measurement ran (Chromium's Performance domain). */
export interface MainThread {
  /** Every task: script, style, layout, and the rest (paint, layerize, commit). */
  task: number;
  script: number;
  style: number;
  layout: number;
  /** CPU time of the renderer processes (every thread: main, compositor, raster), which a loaded machine inflates far less than durations. */
  rendererCpu: number;
  /** CPU time of every process of the browser (renderers, the GPU process that composites every window in software under --disable-gpu, the browser, utilities). */
  browserCpu: number;
}

/**
 * Runs `body` and says what the page's main thread spent meanwhile, by phase: cheap enough to run
 * on every measurement (a trace, BENCH_TRACE, costs the page a good part of its frames), so two
 * builds measured side by side can be compared on CPU per frame as well as on frame rate.
 */
export async function mainThreadDuring<T>(page: Page, body: () => Promise<T>): Promise<{ result: T; spent: MainThread }> {
  const cdp = await page.context().newCDPSession(page);
  const browserCdp = await page.context().browser()!.newBrowserCDPSession();
  await cdp.send("Performance.enable");
  const read = async (): Promise<MainThread> => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const m = new Map(metrics.map((x) => [x.name, x.value * 1000]));
    const { processInfo } = (await browserCdp.send("SystemInfo.getProcessInfo")) as { processInfo: Array<{ type: string; cpuTime: number }> };
    const rendererCpu = processInfo.filter((p) => p.type === "renderer").reduce((a, p) => a + p.cpuTime * 1000, 0);
    const browserCpu = processInfo.reduce((a, p) => a + p.cpuTime * 1000, 0);
    return { task: m.get("TaskDuration") ?? 0, script: m.get("ScriptDuration") ?? 0, style: m.get("RecalcStyleDuration") ?? 0, layout: m.get("LayoutDuration") ?? 0, rendererCpu, browserCpu };
  };
  const before = await read();
  const result = await body();
  const after = await read();
  await cdp.detach();
  await browserCdp.detach();
  const spent = { task: 0, script: 0, style: 0, layout: 0, rendererCpu: 0, browserCpu: 0 };
  for (const k of Object.keys(spent) as Array<keyof MainThread>) spent[k] = after[k] - before[k];
  return { result, spent };
}

/** The main thread per frame, by phase, as the bench prints it. */
export function perFrameText(spent: MainThread, frames: number): string {
  const f = (ms: number) => (ms / Math.max(1, frames)).toFixed(2);
  const rest = spent.task - spent.script - spent.style - spent.layout;
  return `renderer CPU ${f(spent.rendererCpu)} ms a frame; main thread ${f(spent.task)} ms a frame (script ${f(spent.script)}, style ${f(spent.style)}, layout ${f(spent.layout)}, paint/layerize/commit and the rest ${f(rest)})`;
}
