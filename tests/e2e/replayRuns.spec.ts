import { type Page } from "@playwright/test";
import { api, commandLine, expect, ownBroker, palette, runLine, signIn, test, token, startReplay } from "./fixtures";

/**
 * Issue 35, from a tester's run of the replay:
 * - "Replay a day…" twice on one date: the second run starts with empty replay books (no order of
 *   the first run's afternoon in the future of its clock), and its report holds the trades its
 *   positions hold, in time order, with the same P&L.
 * - The feed's light names the replay feed during a replay, never LIVE; back live, the live
 *   account's order rate budget is whole (the replay's orders are the replay's).
 * - A jump reloads an open chart's bars from the broker: the span jumped over is drawn from the
 *   day's bars, not from the feed's once-a-block states.
 * A broker of its own: the budget is read from a live account no other spec has sent orders on.
 */
const own = ownBroker();
const SHOTS = "/tmp/fix-replay";

async function replayTheSample(page: Page): Promise<void> {
  await startReplay(page, "2026-11-23");
  await expect(page.getByRole("dialog", { name: "Replay a day" })).toBeHidden();
  // A run starts at the day's open (09:15), whatever the run before reached.
  await expect(page.getByTestId("sim-clock")).toContainText(/replay clock 23\/11\/2026 09:1\d:\d\d IST/, { timeout: 180_000 });
  await expect(page.getByTestId("replay-badge")).toHaveText("REPLAY 1×");
  await page.keyboard.press("Alt+Shift+Space");
  await expect(page.getByTestId("replay-badge")).toHaveText("REPLAY paused · 1×");
}

async function jump(page: Page, hhmm: string): Promise<void> {
  await page.keyboard.press("Alt+Shift+J");
  await page.getByTestId("replay-jump-time").fill(hhmm);
  await page.keyboard.press("Enter");
  // Answered once the broker has played the tape to that time (the clock shows it at once).
  await expect(page.getByTestId("status-line")).toHaveText(`Replay jumped to ${hhmm} IST`, { timeout: 60_000 });
  await expect(page.getByTestId("sim-clock")).toContainText(`replay clock 23/11/2026 ${hhmm}:00 IST`);
}

async function trade(page: Page, line: string): Promise<void> {
  await commandLine(page, line);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });
}

test("the same day replayed twice starts afresh; report and positions agree; the light names the replay; the live budget is whole; a jump reloads the chart", async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", own.url);
  const light = page.getByTestId("feed-light");
  await expect(light).toHaveText("LIVE");
  const orderRows = page.locator('[data-view="orders"] tr[data-order-no]');

  // Run 1: bought at the open, sold at 14:00.
  await replayTheSample(page);
  // The replayed day's ticks, not the market's: the light says so.
  await expect(light).toHaveText("REPLAY FEED");
  await expect(light).toHaveAttribute("data-feed-source", "replay");
  await trade(page, "buy INFY 10");
  await jump(page, "14:00");
  await trade(page, "sell INFY 10");
  await expect(orderRows).toHaveCount(2);

  // Run 2 of the same day, started from inside run 1: its books are empty.
  await replayTheSample(page);
  await expect(orderRows).toHaveCount(0);
  await trade(page, "buy INFY 10");
  await jump(page, "11:00");
  await trade(page, "sell INFY 10");
  await expect(orderRows).toHaveCount(2);
  // Not one row from run 1's afternoon, three hours ahead of this clock.
  await expect(orderRows.filter({ hasText: /\b14:00:/ })).toHaveCount(0);

  // The run's two trades, as the broker booked them: flat again, the P&L is 10 x (sell - buy).
  const trades = (await api<{ transactionType: string; tradedPrice: number; tradeTime: string }>(page.request, own.url, await token(page), "/core/v2/orders/trades", {})).result;
  expect(trades.length).toBe(2);
  const buy = trades.find((t) => t.transactionType === "BUY")!;
  const sell = trades.find((t) => t.transactionType === "SELL")!;
  const pnl = Math.round(10 * (sell.tradedPrice - buy.tradedPrice) * 100) / 100;
  const money = (v: number) => new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(v));
  const infyPosition = page.locator('[data-testid="positions"] tr[data-symbol="INFY-EQ"]');
  await expect(infyPosition.locator('[data-col="realised"]')).toHaveText(`${pnl < 0 ? "-" : ""}${money(pnl)}`);

  await page.keyboard.press("Alt+Shift+R");
  await expect(page.getByTestId("replay-report")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("replay-pnl")).toHaveText(`${pnl < 0 ? "-" : ""}₹${money(pnl)}`);
  // Oldest first: the buy at the open, then the sell at 11:00.
  const reportRows = page.getByRole("table", { name: "The replay's trades" }).locator("tbody tr");
  await expect(reportRows).toHaveCount(2);
  await expect(reportRows.nth(0)).toContainText(/23\/11\/2026 09:1\d:\d\d\s*INFY-EQ\s*Buy/);
  await expect(reportRows.nth(1)).toContainText(/23\/11\/2026 11:00:\d\d\s*INFY-EQ\s*Sell/);
  await page.screenshot({ path: `${SHOTS}/report-second-run-1680x1000.png` });
  await page.keyboard.press("Escape");
  await page.screenshot({ path: `${SHOTS}/books-second-run-1680x1000.png` });

  // A chart of INFY at 5 minutes, opened at 11:00; then a jump to 14:00.
  await runLine(page, "chart INFY", "chart.line");
  const chart = page.locator('.pane-focused [data-testid="chart"][data-symbol="INFY-EQ"]');
  const canvas = chart.getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await page.keyboard.press("2");
  await expect(chart).toHaveAttribute("data-interval", "5m");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await jump(page, "14:00");
  // The jump reloads the chart's bars (replayJumps$): 09:15 to 14:00 at 5 minutes is 58 bars, against the
  // twenty-odd drawn by 11:00. Keys pressed before they come lose their crosshair to the reload.
  await expect.poll(async () => Number(await canvas.getAttribute("data-bars"))).toBeGreaterThanOrEqual(58);
  // The bars as the sample's minutes make them (server/replay/sample/2026-11-23.csv, INFY), worked by hand:
  // 13:55 to 13:59: open 1,173.60 (13:55's), high 1,174.60 (13:57's), low 1,170.10 (13:55's and 13:56's), close 1,171.10 (13:59's).
  // 11:00 to 11:04: open 1,147.10, high 1,152.30 (11:03's), low 1,146.60 (11:00's), close 1,151.10 (11:04's).
  // The last bar is 14:00's, its first tick played at 14:00:00.
  const readout = chart.getByTestId("chart-readout");
  const ohlc = (o: string, h: string, l: string, c: string) => new RegExp(`O ${o}\\s*H ${h}\\s*L ${l}\\s*C ${c}`);
  await page.keyboard.press("End");
  await expect(chart.getByTestId("chart-readout-time")).toHaveText("23/11/2026 14:00");
  await page.keyboard.press("ArrowLeft");
  await expect(chart.getByTestId("chart-readout-time")).toHaveText("23/11/2026 13:55");
  await expect(readout).toContainText(ohlc("1,173.60", "1,174.60", "1,170.10", "1,171.10"));
  for (let i = 0; i < 35; i++) await page.keyboard.press("ArrowLeft");
  await expect(chart.getByTestId("chart-readout-time")).toHaveText("23/11/2026 11:00");
  await expect(readout).toContainText(ohlc("1,147.10", "1,152.30", "1,146.60", "1,151.10"));
  await page.screenshot({ path: `${SHOTS}/chart-after-jump-1680x1000.png` });

  // Back live: the light says LIVE again, and none of the replays' orders counts against the live limits.
  await palette(page, "Leave replay");
  await expect(page.getByTestId("replay-badge")).toBeHidden({ timeout: 180_000 });
  await expect(light).toHaveText("LIVE");
  await expect(page.getByTestId("order-budget")).toHaveText("orders left 10/s · 400/min · 5000/day", { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/left-replay-1680x1000.png` });
});
