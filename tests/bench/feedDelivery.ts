import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { defaultStart } from "../../server/clock";
import { masterFor } from "../../server/market/instruments/master";
import type { Instrument } from "../../server/market/types";
import { istDateKey } from "../../src/core/time";
import { mwTopic } from "../../src/core/topics";
import config from "../../playwright.config";
import { spawnBroker } from "../support/brokerProcess";
import { buildBenchPage, serveBenchPage, signIn } from "./browserFps";
import { fmt, stats } from "./util";

/** What the app's MQTT client handed the quote store over one stretch of a real run (tests/bench/deliverybench). */
export interface Delivered {
  label: string;
  frames: number;
  seconds: number;
  /** Frames that were a plain Uint8Array; the rest a subclass (mqtt.js's Buffer), named in className. */
  plain: number;
  className: string;
  atZero: number;
  alone: number;
  /** Frames per ArrayBuffer, one count per received buffer. */
  runs: number[];
  bufferBytes: number[];
}

const SECONDS = 5;

/**
 * Which of the decode bench's two layouts the browser's MQTT client delivers: the real app in
 * headless Chromium, its feed the browser build of mqtt.js (the `mqtt` package as Vite bundles it
 * for the app) over the paper broker's WebSocket, the market ticking at the broker's own pace
 * (TICK_HZ 2), with the quote store's applyFrame watched (the page). Two stretches of 5 s: the
 * default workspace alone (what its panes subscribe), then with 9,000 instruments streamed besides
 * (the design load, as the memory soak streams it).
 */
export async function deliveredInChromium(): Promise<Delivered[]> {
  const start = defaultStart(new Date());
  const master = masterFor(istDateKey(start), start).all;
  const rank = (i: Instrument) => (!i.optionType ? 0 : i.insType === "OPTSTK" ? 2 : 1);
  const topics = [...master].sort((a, b) => rank(a) - rank(b)).slice(0, 9_000).map((i) => mwTopic(i.exchange, i.token));

  const bench = await buildBenchPage("deliverybench");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-delivery-"));
  // The page is the broker's app (STATIC_DIR): a document fulfilled by Playwright has no address of its own, and Chromium refuses its WebSocket.
  const broker = spawnBroker({ STATIC_DIR: bench.outDir, PORT: "0", DATA_DIR: dataDir, DEV_SESSION: "1", SIM_TIME: start.toISOString(), TICK_HZ: "2", LOG_LEVEL: "warn" });
  const browser = await chromium.launch({ headless: true, ...config.use?.launchOptions });
  try {
    const url = await broker.url;
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1680, height: 1000 } });
    const page = await context.newPage();
    await serveBenchPage(page, bench);
    await signIn(page);
    await page.goto("/main/watchlist");
    // The first frames: the panes on screen (indices in the header, the positions) have subscribed.
    for (let waited = 0; !((await page.evaluate("window.__delivery?.seen().frames ?? 0")) as number); waited += 250) {
      if (waited > 60_000) {
        await page.screenshot({ path: "/tmp/deliverybench-fail.png" });
        throw new Error("no market frame reached the page in 60 s (/tmp/deliverybench-fail.png)");
      }
      await page.waitForTimeout(250);
    }
    const stretch = async (label: string): Promise<Delivered> => {
      await page.evaluate("window.__delivery.reset()");
      await page.waitForTimeout(SECONDS * 1000);
      const seen = (await page.evaluate("window.__delivery.seen()")) as Omit<Delivered, "label" | "seconds">;
      return { label, seconds: SECONDS, ...seen };
    };
    await page.waitForTimeout(2_000);
    const alone = await stretch("the default workspace's panes");
    await page.evaluate(`window.__delivery.stream(${JSON.stringify(topics)})`);
    await page.waitForTimeout(3_000);
    const loaded = await stretch(`the same with ${fmt(topics.length, 0)} instruments streamed`);
    return [alone, loaded];
  } finally {
    await browser.close();
    broker.child.kill("SIGTERM");
    await broker.exited();
    fs.rmSync(bench.outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One line of what was delivered. */
export function deliveredText(d: Delivered): string {
  const per = stats(d.runs);
  const bytes = stats(d.bufferBytes);
  const share = (n: number) => `${fmt((n / Math.max(1, d.frames)) * 100, 1)} %`;
  return (
    `${d.label}: ${fmt(d.frames / d.seconds, 0)} frames/s in ${fmt(d.runs.length / d.seconds, 1)} received buffers/s; ` +
    `frames per ArrayBuffer median ${fmt(per.median, 0)}, mean ${fmt(per.mean, 1)}, max ${fmt(per.max, 0)} (buffers of ${fmt(bytes.median, 0)} bytes median); ` +
    `${share(d.alone)} of frames alone in their ArrayBuffer, ${share(d.atZero)} at byte offset 0; ` +
    `${d.plain === d.frames ? "all plain Uint8Arrays" : `${share(d.frames - d.plain)} a Uint8Array subclass, ${d.className}`}`
  );
}
