import { chromium } from "@playwright/test";
import mqtt from "mqtt";
import { pathToFileURL } from "node:url";
import config from "../../playwright.config";
import { istDateKey } from "../../src/core/time";
import { mwTopic } from "../../src/core/topics";
import type { Watchlist, WatchlistScrip } from "../../src/data/api/watchlist";
import { masterFor } from "../../server/market/instruments/master";
import { startBrokerProcess } from "../support/brokerProcess";
import { fmt, stats } from "./util";

/**
 * Feed soak (issue 11): 200 instruments on screen in a browser for 10 minutes (SOAK_SECONDS to
 * change it), against the real broker process, while a second MQTT client of its own listens to
 * the same 200 topics on the wire. Once a second it reads every price cell's `data-stale` and the
 * status-bar light, and counts a cell that is stale although its instrument had a frame on the
 * wire in the last 8 s: the mid-session freeze, seen from outside. Prints figures; never fails on a time.
 *
 * The broker caps a watchlist at 50 scrips, so the app's watchlist call is answered with a list
 * of 200 real NSE shares (as the watchlist bench does with synthetic ones); the page is tall
 * enough for every row to be on screen, so every row subscribes.
 */
const INSTRUMENTS = 200;
/** A frame on the wire this recent means the instrument ticks: its cell must not be stale (cells turn stale after 10 s). */
const WIRE_FRESH_MS = 8_000;

function soakList(): { list: Watchlist; tokenOf: Map<string, number> } {
  const now = new Date();
  const shares = masterFor(istDateKey(now), now).all.filter((i) => i.exchange === "NSEEQ" && i.insType === "EQ").slice(0, INSTRUMENTS);
  const scrips: WatchlistScrip[] = shares.map((i, k) => ({
    exchange: "NSEEQ", token: i.token, tradingSymbol: i.tradingSymbol, symbol: i.symbol, formattedInsName: i.tradingSymbol, companyName: i.companyName ?? "",
    insType: "EQ", expiry: "", strikePrice: 0, optionType: "", lotSize: i.lotSize, tickSize: i.tickSize, isIndex: false,
    pdc: i.referencePrice, ltp: i.referencePrice, chg: 0, pchg: 0, sortingOrder: k + 1,
  }));
  return { list: { mwId: 302, mwName: `Soak ${INSTRUMENTS}`, isDefault: true, isEdit: true, scrips }, tokenOf: new Map(shares.map((i) => [i.tradingSymbol, i.token])) };
}

interface Sample {
  light: string;
  fps: string;
  age: string;
  cells: Array<[symbol: string, stale: boolean]>;
}

/** Runs in the page (as text: see watchlistFps.ts). */
const SAMPLE = `() => ({
  light: document.querySelector('[data-testid="feed-light"]')?.getAttribute('data-feed-state') ?? '',
  fps: document.querySelector('[data-testid="feed-fps"]')?.textContent ?? '',
  age: document.querySelector('[data-testid="feed-age"]')?.textContent ?? '',
  cells: [...document.querySelectorAll('[role="row"][data-symbol]')].map((r) => [r.getAttribute('data-symbol'), r.querySelector('[data-field="ltp"]')?.getAttribute('data-stale') === 'true']),
})`;

/** Ten minutes of soak: `npm run bench -- feedSoak` runs it; the plain `npm run bench` leaves it out. */
export const onlyWhenNamed = true;

export async function run(): Promise<void> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  const { list, tokenOf } = soakList();
  const broker = await startBrokerProcess();
  const browser = await chromium.launch({ headless: true, ...config.use?.launchOptions });
  let wire: mqtt.MqttClient | undefined;
  try {
    const context = await browser.newContext({ baseURL: broker.url, viewport: { width: 1400, height: 5600 } });
    const page = await context.newPage();
    const body = JSON.stringify({ status: "Ok", message: "Success", result: [list] });
    await page.route("**/core/marketWatch/getAllMwScripsDetails", (route) => route.fulfill({ status: 200, contentType: "application/json", body }));
    const session = (await (await page.request.post("/dev/session", { data: { userId: "DEMO1" } })).json()) as {
      result: Array<{ accessToken: string; clientCode: string; clientName: string }>;
    };
    const s = session.result[0]!;
    await page.goto("/");
    await page.evaluate((v) => {
      localStorage.clear();
      localStorage.setItem("clientCode", v.clientCode);
      localStorage.setItem("accessToken", v.accessToken);
      localStorage.setItem("clientName", v.clientName);
    }, s);
    await page.goto("/main/fullwl");
    await page.locator('[role="row"][data-symbol]').nth(INSTRUMENTS - 1).waitFor({ timeout: 60_000 });

    // The wire, seen by a client of our own: the last arrival of a frame per instrument.
    const lastOnWire = new Map<number, number>();
    let wireFrames = 0;
    wire = mqtt.connect(`${broker.url.replace(/^http/, "ws")}/feed`, { username: s.clientCode, password: s.accessToken, clientId: `${s.clientCode}_SOAK_${Date.now()}`, protocolVersion: 4, clean: true });
    wire.on("message", (_topic, payload) => {
      wireFrames++;
      lastOnWire.set(payload.readInt32LE(4), Date.now());
    });
    await new Promise<void>((resolve) => wire!.once("connect", () => resolve()));
    await wire.subscribeAsync([...tokenOf.values()].map((t) => mwTopic("NSEEQ", t)), { qos: 0 });

    const lights = new Map<string, number>();
    const staleShare: number[] = [];
    let samples = 0;
    let cellSamples = 0;
    let staleCells = 0;
    let violations = 0;
    const violating = new Set<string>();
    let worst = "";
    const t0 = Date.now();
    while (Date.now() - t0 < seconds * 1000) {
      await page.waitForTimeout(1_000);
      const at = Date.now();
      const sm = (await page.evaluate(`(${SAMPLE})()`)) as Sample;
      samples++;
      lights.set(sm.light, (lights.get(sm.light) ?? 0) + 1);
      let staleNow = 0;
      for (const [symbol, stale] of sm.cells) {
        cellSamples++;
        if (!stale) continue;
        staleNow++;
        const onWire = lastOnWire.get(tokenOf.get(symbol) ?? -1);
        if (onWire !== undefined && at - onWire < WIRE_FRESH_MS) {
          violations++;
          violating.add(symbol);
        }
      }
      staleCells += staleNow;
      staleShare.push(staleNow / Math.max(1, sm.cells.length));
      if (samples % 60 === 0) {
        worst = `${sm.light}, ${sm.fps}, newest frame ${sm.age} old`;
        console.log(`  ${Math.round((at - t0) / 1000)} s: ${sm.cells.length} cells, ${staleNow} stale, light ${worst}, wire ${fmt(wireFrames / ((at - t0) / 1000), 0)} frames/s`);
      }
    }
    const elapsed = (Date.now() - t0) / 1000;
    const share = stats(staleShare);
    console.log(
      `${INSTRUMENTS} instruments, ${fmt(elapsed, 0)} s, browser open: wire ${fmt(wireFrames / elapsed, 0)} frames/s; ${samples} samples of ${fmt(cellSamples / samples, 0)} cells; ` +
        `stale cells ${staleCells} (mean ${fmt(share.mean * 100, 2)} %, max ${fmt(share.max * 100, 2)} % of cells at once); ` +
        `stale while ticking on the wire: ${violations} cell samples (${violating.size} instruments${violating.size ? `: ${[...violating].slice(0, 10).join(", ")}` : ""}); ` +
        `light ${[...lights].map(([k, n]) => `${k || "none"} ${n}`).join(", ")}`,
    );
  } finally {
    await wire?.endAsync(true).catch(() => undefined);
    await browser.close();
    await broker.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run();
  process.exit(0);
}
