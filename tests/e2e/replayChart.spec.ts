import { type Page } from "@playwright/test";
import { expect, ownBroker, palette, runLine, setTheme, shareOf, signIn, test, token, startReplay } from "./fixtures";

/**
 * Issue 35, the chart during a replay of the sample day (server/replay/sample/2026-11-23.csv), keyboard only:
 * - a share the day has no ticks of (TATAMOTORS) is charted with no bars and a note, never five days of
 *   flat made-up minutes at its reference price;
 * - the crosshair keeps its bar (by time) when a jump loads the bars again, so ← goes on from it;
 * - the bar after a jump grows from the feed to the broker's own candle, volume included.
 * A broker of its own: the replay restarts it.
 */
const own = ownBroker();
const SHOTS = "/tmp/shots/replaychart";

async function jump(page: Page, hhmm: string): Promise<void> {
  await page.keyboard.press("Alt+Shift+J");
  await page.getByTestId("replay-jump-time").fill(hhmm);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status-line")).toHaveText(`Replay jumped to ${hhmm} IST`, { timeout: 60_000 });
  await expect(page.getByTestId("sim-clock")).toContainText(`replay clock 23/11/2026 ${hhmm}:00 IST`);
}

test("a replay's chart: no made-up history, the crosshair kept across a jump, the bar after it as the broker's", async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", own.url);
  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("sim-clock")).toContainText(/replay clock 23\/11\/2026 09:1\d:\d\d IST/, { timeout: 180_000 });
  await page.keyboard.press("Alt+Shift+Space");
  await expect(page.getByTestId("replay-badge")).toHaveText("REPLAY paused · 1×");

  // A share the sample has no bars of: its quote stands at its reference price, so the charts host has
  // no previous close or range to draw the days before from. Before, 1,875 flat minutes (5 days x 375).
  await runLine(page, "chart TATAMOTORS", "chart.line");
  const absent = page.locator('.pane-focused [data-testid="chart"][data-symbol="TATAMOTORS-EQ"]');
  await expect(absent.getByTestId("chart-not-reached")).toHaveText("Nothing of TATAMOTORS-EQ on the replay's tape yet: its bars, and the days before, come with its first tick.");
  await expect(absent.getByTestId("chart-canvas")).toHaveAttribute("data-bars", "0");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/not-reached-${theme}-1680x1000.png` });
  }
  await setTheme(page, "dark");

  // INFY at 5 minutes, played to 11:00: the 20 trading days before at 75 bars each (HISTORY_DAYS, 375 minutes a
  // session), then 09:15 to 11:00, 22 bars: 1,522.
  await runLine(page, "chart INFY", "chart.line");
  const chart = page.locator('.pane-focused [data-testid="chart"][data-symbol="INFY-EQ"]');
  const canvas = chart.getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await page.keyboard.press("2");
  await expect(chart).toHaveAttribute("data-interval", "5m");
  await jump(page, "11:00");
  await expect.poll(async () => Number(await canvas.getAttribute("data-bars"))).toBe(1522);
  const time = chart.getByTestId("chart-readout-time");
  await page.keyboard.press("End");
  await expect(time).toHaveText("23/11/2026 11:00");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(time).toHaveText("23/11/2026 10:50");

  // The jump to 14:00 loads 09:15 to 14:00 (58 bars, 1,558 in all); the crosshair stays on 10:50 (it went off, and ← then began at the newest bar).
  await jump(page, "14:00");
  await expect.poll(async () => Number(await canvas.getAttribute("data-bars"))).toBe(1558);
  await expect(time).toHaveText("23/11/2026 10:50");
  await page.keyboard.press("ArrowLeft");
  await expect(time).toHaveText("23/11/2026 10:45");

  // One bar on, to 14:01:00: the 14:00 bar (5 minutes) as the broker has it. Worked by hand from the sample's
  // INFY rows and barTicks.ts (120 ticks a minute, each floor(volume / 120), the remainder one each to the first):
  // all of 14:00 (O 1,171.10 H 1,172.80 L 1,169.90 C 1,171.40, volume 20,294) and 14:01's first tick, at its
  // open 1,171.40, trading floor(12,155 / 120) + 1 = 102 (remainder 35): volume 20,396. Before, the bar grew from
  // the feed, which carried the step's last states only: H 1,171.40 L 1,171.10, and volume 170 (14:00:00's).
  const clock = page.getByTestId("sim-clock");
  await page.keyboard.press("Alt+Shift+N");
  await expect(clock).toContainText("replay clock 23/11/2026 14:01:00 IST");
  const bar1400 = Date.parse("2026-11-23T14:00:00+05:30");
  await expect(canvas).toHaveAttribute("data-last-bar", `${bar1400}|1171.1|1172.8|1169.9|1171.4|20396`, { timeout: 20_000 });

  // Then the replay runs on at 1x, and stops: the bar grown from the feed after the reload is the broker's own
  // candle. Before, the first tick after the reload added nothing of its volume (the feed's total was only remembered).
  await page.keyboard.press("Alt+Shift+Space");
  await expect(page.getByTestId("replay-badge")).toHaveText("REPLAY 1×");
  await expect(canvas).not.toHaveAttribute("data-last-bar", `${bar1400}|1171.1|1172.8|1169.9|1171.4|20396`);
  await page.keyboard.press("Alt+Shift+Space");
  await expect(page.getByTestId("replay-badge")).toHaveText("REPLAY paused · 1×");
  const infy = await shareOf(page, own.url, "INFY");
  const brokerLast = async () => {
    const res = await page.request.get(`${own.url}/charts/bars?exchange=NSEEQ&token=${infy.token}&interval=5m`, { headers: { Authorization: `Bearer ${await token(page)}`, Connection: "close" } });
    const b = ((await res.json()) as { result: Array<{ time: number; open: number; high: number; low: number; close: number; volume: number }> }).result.at(-1)!;
    return `${b.time}|${b.open}|${b.high}|${b.low}|${b.close}|${b.volume}`;
  };
  await expect.poll(async () => (await canvas.getAttribute("data-last-bar")) === (await brokerLast()), { timeout: 20_000 }).toBe(true);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/after-jump-${theme}-1680x1000.png` });
  }
  await palette(page, "Split pane right");
  await expect(page.locator('[data-testid="chart"][data-symbol="INFY-EQ"] [data-testid="chart-canvas"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="chart"][data-symbol="INFY-EQ"] [data-testid="chart-canvas"]').nth(1)).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/after-jump-split-light-1680x1000.png` });
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/after-jump-split-dark-1680x1000.png` });

  await palette(page, "Leave replay");
  await expect(page.getByTestId("replay-badge")).toBeHidden({ timeout: 180_000 });
});
