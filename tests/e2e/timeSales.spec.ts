import type { Page } from "@playwright/test";
import { expect, palette, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";

/**
 * Time and sales keeps its tape while the tiling changes around it (issue 32): the prints live
 * outside the pane's component (data/stores/timeSales.ts), so a chart opened beside it, which
 * remounts the pane, leaves every row it had. The tape goes when the pane's instrument changes.
 * Against a paper broker of this file's own (a clean layout).
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();

const SHOTS = "/tmp/fix-charts";
const rows = (page: Page) => page.locator('[data-testid="timesales"] tbody tr');
/** The rows as they read (time, price, quantity, side), newest first. */
const texts = (page: Page) => rows(page).allInnerTexts();

test("a chart opened beside the time and sales pane leaves its tape whole", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  await palette(page, "Time and sales of selected instrument");
  await expect(page.getByTestId("timesales")).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
  await page.screenshot({ path: `${SHOTS}/timesales-before.png` });
  const before = await texts(page);

  // A chart opens beside: the tiling changes, the pane never closed.
  await page.keyboard.press("Alt+1");
  await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
  await cursorOn(page, wl, "INFY-EQ");
  await page.keyboard.press("c");
  await expect(page.locator('.pane[data-view="chart"] [data-testid="chart"]')).toHaveAttribute("data-symbol", "INFY-EQ", { timeout: 20_000 });
  await expect(page.getByTestId("timesales")).toHaveAttribute("data-symbol", "INFY-EQ");
  // Every print it had is still there, in order, under any newer ones.
  const after = await texts(page);
  expect(after.length).toBeGreaterThanOrEqual(before.length);
  expect(after.slice(after.length - before.length)).toEqual(before);
  await page.screenshot({ path: `${SHOTS}/timesales-after-chart.png` });
});
