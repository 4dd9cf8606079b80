import fs from "node:fs";
import { expect, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";
import { cursorOn, linkFocused, watchlistWith } from "./linkHelpers";

/**
 * FINDINGS-25 s3: "the chart popped out / enlarged is the one on screen". A chart opened on INFY
 * from a red watchlist is red: its own instrument stays INFY-EQ while it shows the group's, SBIN-EQ
 * once the watchlist's cursor is there. Alt+P and "Full chart page" opened INFY-EQ (the pane's own),
 * without its SMA 20. Screenshots 1680x1000, dark and light, the split (watchlist | chart) and the page beside.
 */
test.use({ viewport: { width: 1680, height: 1000 } });
const SHOTS = "/tmp/shots-chart-popout-shown";
// Its own broker: it adds INFY and SBIN to DEMO1's watchlist, which watchlist.spec, later in the same
// worker, expects empty (the clean-clone CI of 7bf523e failed there).
const broker = ownBroker();
fs.mkdirSync(SHOTS, { recursive: true });

test("a linked chart showing SBIN-EQ with SMA 20: Alt+P pops out SBIN-EQ with SMA 20, Full chart page embeds SBIN-EQ with it", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "INFY-EQ");
  await linkFocused(page, "red");
  // c: the chart of INFY beside, red with the watchlist; its own instrument is INFY-EQ.
  await page.keyboard.press("c");
  const chart = page.locator('.pane-focused[data-view="chart"] [data-testid="chart"]');
  await expect(chart).toHaveAttribute("data-symbol", "INFY-EQ");
  await runLine(page, "chart add sma 20", "chart.indicators.line");
  await expect(chart.getByTestId("chart-canvas").locator('[data-indicators="sma 20"]')).toBeAttached();

  // The watchlist's cursor on SBIN: the red chart shows SBIN-EQ, with its SMA 20.
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "SBIN-EQ");
  const shown = page.locator('.pane[data-view="chart"] [data-testid="chart"]');
  await expect(shown).toHaveAttribute("data-symbol", "SBIN-EQ");
  await page.locator('.pane[data-view="chart"] .pane-title').click();
  await expect(page.locator('.pane-focused[data-view="chart"]')).toBeVisible();

  // Alt+P: the window shows what the pane shows.
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+p")]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain("symbol=SBIN-EQ");
  const popped = popup.locator('[data-testid="chart"][data-symbol="SBIN-EQ"]');
  await expect(popped).toBeVisible();
  await expect(popped.getByTestId("chart-canvas").locator('[data-indicators="sma 20"]')).toBeAttached();
  await popup.setViewportSize({ width: 1680, height: 1000 });
  await popup.screenshot({ path: `${SHOTS}/popout-1680x1000.png` });
  await popup.close();

  // Full chart page: the page of SBIN-EQ, its address carrying the SMA 20.
  await palette(page, "Full chart page");
  const frame = page.getByTestId("chart-page-frame");
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("src", /\/charts\/tradingview\?.*symbol=SBIN-EQ/);
  await expect(frame).toHaveAttribute("src", /indicators=sma%2020/);
  // The page draws SBIN-EQ's candles with the SMA 20 (a theme switch opens the page again: waited for each time).
  const drawn = page.frameLocator('[data-testid="chart-page-frame"]').getByTestId("chart-canvas");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await expect(drawn).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
    await expect(drawn.locator('[data-indicators="sma 20"]')).toBeAttached();
    await page.screenshot({ path: `${SHOTS}/page-${theme}-1680x1000.png` });
  }
});
