import fs from "node:fs";
import { chromium, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { pane, split } from "../../src/core/workspace/tree";
import { frameSummary, measureFrames, scrollBy, signIn, type Frames } from "./browserFps";
import { recordDesignTape, replayBroker } from "./replaySpeed";
import { fmt, report } from "./util";
import { saveLayout } from "./wlbench/serve";

/**
 * Issue 35's target on the app's side: the grids hold ≥ 58 fps while the broker replays a
 * design-load day (9,000 instruments at 2 Hz, recorded first: replaySpeed.ts) at 10×. The page is
 * the built app (dist/, `npm run build` first) served by the replaying broker, its watchlist of 50
 * instruments fed by the broker's real MQTT feed over WebSocket: ten times the ticks a live day
 * sends those rows. Frames are counted with requestAnimationFrame (browserFps.ts) over 5 s in one
 * watchlist pane, then in four (two columns of two), each standing still and with the first grid
 * scrolling; the same with the replay paused is the baseline. Each stretch starts at the tape's
 * first minute, so the tape (1 minute, REPLAY_BENCH_MINUTES) does not run out.
 */
const SECONDS = 5;

interface Api {
  /** `body` undefined: a GET. */
  <T>(p: string, body: object | undefined): Promise<T[]>;
}

export async function run(): Promise<void> {
  if (!fs.existsSync("dist/index.html")) {
    console.log("  skipped: no built app in dist/ (npm run build first)");
    return;
  }
  // A minute of tape is 6 s at 10×: each stretch (0.5 s to settle, 5 s counted) starts at its top.
  const tape = recordDesignTape(Number(process.env.REPLAY_BENCH_MINUTES ?? 1));
  const browser = await chromium.launch({ headless: true, ...config.use?.launchOptions });
  const { broker, control } = await replayBroker(tape);
  try {
    const context = await browser.newContext({ baseURL: broker.url, viewport: { width: 1680, height: 1000 } });
    const page = await context.newPage();
    const session = await signIn(page);
    const api: Api = async <T,>(p: string, body: object | undefined) => {
      const headers = { Authorization: `Bearer ${session.accessToken}` };
      // A read (the lists) is a GET on the broker's contract, a change a POST.
      const res = body === undefined ? await page.request.get(`/core/${p}`, { headers }) : await page.request.post(`/core/${p}`, { data: body, headers });
      const env = (await res.json()) as { status: string; message: string; result: T[] };
      if (env.status !== "Ok") throw new Error(`${p}: ${env.message}`);
      return env.result;
    };
    // The user's first list holds the 50 instruments of the tape's watchlist.
    const lists = await api<{ mwId: number; isEdit: boolean; scrips: Array<{ exchange: string; token: number | string }> }>("marketWatch/getAllMwScripsDetails", undefined);
    const list = lists.find((l) => l.isEdit)!;
    if (list.scrips.length) await api("deletescrip", { mwId: list.mwId, scrips: list.scrips.map((s) => ({ exchange: s.exchange, token: String(s.token) })) });
    await api("addscrip", { mwId: list.mwId, scrips: tape.watchlist.map((w) => ({ exchange: w.exchange, token: String(w.token) })) });

    const firstMinute = new Date(Date.parse(`${tape.date}T04:30:00Z`) + 330 * 60_000).toISOString().slice(11, 16);
    const fromTheTop = async (speed: number | "paused") => {
      await control({ action: "pause" });
      await control({ action: "jump", time: firstMinute });
      if (speed === "paused") return;
      await control({ action: "speed", speed });
      await control({ action: "resume" });
    };
    const measure = async (p: Page, label: string, speed: number | "paused", scroll: boolean): Promise<Frames> => {
      await fromTheTop(speed);
      await p.waitForTimeout(500);
      const m = await measureFrames(p, { seconds: SECONDS, target: '[data-testid="wl-scroll"]', bench: "__none", perFrame: scroll ? scrollBy(4) : "" });
      const rows = await p.locator('[data-testid="wl-scroll"] [role="row"]').count();
      console.log(`  ${label}, ${speed === "paused" ? "replay paused (baseline)" : `replay at ${speed}×`}, ${scroll ? "the first grid scrolling" : "standing still"}: ${frameSummary(m).text}; ${rows} rows in the DOM`);
      return m;
    };

    await page.goto("/main/watchlist");
    await page.locator('[data-testid="wl-scroll"] [role="row"]').nth(40).waitFor({ timeout: 60_000 });
    const onePaused = await measure(page, "one watchlist pane, 50 rows", "paused", false);
    const one = [await measure(page, "one watchlist pane, 50 rows", 10, false), await measure(page, "one watchlist pane, 50 rows", 10, true)];

    const root = split("row", split("column", pane("watchlist", "rg1"), pane("watchlist", "rg2")), split("column", pane("watchlist", "rg3"), pane("watchlist", "rg4")));
    await saveLayout(page, session, { root, focused: "rg1" });
    await page.goto("/main/watchlist");
    await page.locator('[data-pane-id="rg4"] [data-testid="wl-scroll"] [role="row"]').nth(20).waitFor({ timeout: 60_000 });
    await measure(page, "four watchlist panes of the 50", "paused", false);
    const four = [await measure(page, "four watchlist panes of the 50", 10, false), await measure(page, "four watchlist panes of the 50", 10, true)];

    const worst = [...one, ...four].reduce((a, b) => (b.fps < a.fps ? b : a));
    report("replayGrids", {
      figure: `${fmt(Math.min(...one.map((m) => m.fps)), 1)} fps one pane, ${fmt(Math.min(...four.map((m) => m.fps)), 1)} fps four panes, at 10× (worst p95 frame ${fmt(frameSummary(worst).p95, 1)} ms)`,
      meets: worst.fps >= 58,
      ratio: `${fmt((worst.fps / onePaused.fps) * 100, 0)} % of the fps with the replay paused`,
    });
    await context.close();
  } finally {
    await browser.close();
    await broker.stop();
    if (!tape.kept) fs.rmSync(tape.dir, { recursive: true, force: true });
  }
}
