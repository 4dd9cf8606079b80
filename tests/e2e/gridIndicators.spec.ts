import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";
import { runLine } from "./chartHelpers";

/**
 * Indicators go on the chart the trader is looking at (issue 34 with issue 32's grid): a chart
 * opened with `c`, a 4-chart grid opened beside it and focused; `chart add rsi 14` puts the RSI on
 * the grid's focused cell alone, not on the chart pane nor the grid's other cells; `chart remove
 * rsi` takes it off that cell. With the grid's focus moved to the chart pane's neighbour (the
 * watchlist, no chart focused), the one chart pane gets the next one and the toast names it.
 * Against a paper broker of this file's own (a clean layout).
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();

const SHOTS = "/tmp/fix-charts";
const gridPane = (page: Page) => page.locator('.pane[data-view="multichart"]');
const cell = (page: Page, n: number): Locator => gridPane(page).locator(`[data-testid="chart-grid-cell"][data-cell="${n}"]`);
const drawn = (scope: Locator): Locator => scope.getByTestId("chart-canvas");

test("chart add rsi 14 with a chart grid focused goes on its focused cell; with no chart focused, on the one chart pane, named in the toast", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  await page.keyboard.press("c");
  const chartPane = page.locator('.pane[data-view="chart"]');
  // The chart's code loads on first use: slow on a busy machine.
  await expect(chartPane.getByTestId("chart")).toHaveAttribute("data-symbol", "INFY-EQ", { timeout: 20_000 });
  await runLine(page, "chart grid 4", "chart.grid.line");
  await expect(gridPane(page)).toHaveClass(/pane-focused/);
  await expect(cell(page, 3).getByTestId("chart")).toBeVisible();
  // The second cell focused (→), so the cell is told from the grid's first.
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, 1)).toHaveAttribute("data-focused", "true");
  for (const n of [0, 1, 2, 3]) await expect(drawn(cell(page, n))).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await expect(drawn(chartPane)).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });

  await runLine(page, "chart add rsi 14", "chart.indicators.line");
  await expect(drawn(cell(page, 1)).locator('[data-indicators="rsi 14"]')).toBeAttached();
  await expect(cell(page, 1).getByTestId("chart-readout").locator('[data-indicator="RSI 14"]')).toBeVisible();
  for (const n of [0, 2, 3]) await expect(drawn(cell(page, n)).locator('[data-indicators*="rsi"]')).toHaveCount(0);
  await expect(drawn(chartPane).locator('[data-indicators*="rsi"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/grid-cell-rsi.png` });

  // The list names the cell's; a reload keeps the cell's indicators (the grid's state is saved with the layout).
  await page.reload();
  await expect(drawn(cell(page, 1)).locator('[data-indicators="rsi 14"]')).toBeAttached({ timeout: 20_000 });
  await expect(drawn(cell(page, 0))).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await expect(drawn(cell(page, 0)).locator('[data-indicators*="rsi"]')).toHaveCount(0);
  await gridPane(page).locator(".pane-title").click();
  await expect(gridPane(page)).toHaveClass(/pane-focused/);
  await runLine(page, "chart remove rsi", "chart.indicators.line");
  await expect(drawn(cell(page, 1)).locator('[data-indicators*="rsi"]')).toHaveCount(0);

  // No chart focused (the watchlist is): the one chart pane gets it, and the toast says which.
  await page.keyboard.press("Alt+1");
  await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
  await runLine(page, "chart add ema 20", "chart.indicators.line");
  await expect(drawn(chartPane).locator('[data-indicators="ema 20"]')).toBeAttached();
  await expect(page.locator(".toasts").getByText(/EMA 20 .*INFY-EQ chart/)).toBeVisible();
  for (const n of [0, 1, 2, 3]) await expect(drawn(cell(page, n)).locator('[data-indicators*="ema"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/unfocused-chart-toast.png` });
});
