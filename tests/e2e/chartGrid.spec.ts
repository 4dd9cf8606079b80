import type { Locator, Page } from "@playwright/test";
import { expect, openPalette, searchAndChoose, setTheme, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, linkFocused, watchlistWith } from "./linkHelpers";
import { runLine } from "./chartHelpers";

/**
 * Issue 32, the multi-chart grid, by keyboard only: `chart grid 4` opens four charts in one pane;
 * `/` and `chart TCS` set the focused cell's instrument, the arrows move between cells; i syncs
 * the intervals and 3 then sets every cell's; in a green group with the watchlist, the watchlist's
 * cursor retargets the grid's focused cell alone. Against a paper broker of this file's own (a
 * clean watchlist, a layout no other spec left).
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();

const grid = (page: Page) => page.locator('.pane[data-view="multichart"]');
const cell = (page: Page, n: number): Locator => grid(page).locator(`[data-testid="chart-grid-cell"][data-cell="${n}"]`);
const chartOf = (c: Locator): Locator => c.getByTestId("chart");

/** A grid of four on INFY, SBIN and TCS set in cells 1 and 2 by `/` and `chart TCS`. */
async function gridOfFour(page: Page): Promise<Locator> {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  await runLine(page, "chart grid 4", "chart.grid.line");
  await expect(grid(page)).toHaveClass(/pane-focused/);
  await expect(grid(page).locator('[data-testid="chart-grid-cell"]')).toHaveCount(4);
  // Every cell starts on the row the grid was opened from.
  for (const n of [0, 1, 2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect(cell(page, 0)).toHaveAttribute("data-focused", "true");
  // `/` chooses SBIN for the focused cell (the first).
  await searchAndChoose(page, "sbin", /SBIN-EQ/);
  await expect(chartOf(cell(page, 0))).toHaveAttribute("data-symbol", "SBIN-EQ");
  // → to the second cell, then `chart TCS` puts TCS there (no chart pane opens beside the grid).
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, 1)).toHaveAttribute("data-focused", "true");
  await runLine(page, "chart TCS", "chart.line");
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-symbol", "TCS-EQ");
  await expect(page.locator('.pane[data-view="chart"]')).toHaveCount(0);
  for (const n of [2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-symbol", "INFY-EQ");
  return wl;
}

test("a 4-chart grid: cells set by / and chart TCS; with interval sync on, 3 in one cell sets 15 minutes in all; a green watchlist cursor retargets the focused cell only", async ({ page }) => {
  const wl = await gridOfFour(page);

  // Without sync, 2 sets the focused cell's interval alone.
  await page.keyboard.press("2");
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-interval", "5m");
  await expect(chartOf(cell(page, 0))).toHaveAttribute("data-interval", "1m");
  // i: interval sync on, shown in the pane title; then 3 in the second cell sets all four.
  await page.keyboard.press("i");
  await expect(grid(page).getByTestId("grid-sync")).toHaveAttribute("data-sync", "interval");
  await expect(grid(page).locator(".pane-title")).toContainText("sync: interval");
  await page.keyboard.press("3");
  for (const n of [0, 1, 2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-interval", "15m");
  // x and r: crosshair and range sync join it in the title.
  await page.keyboard.press("x");
  await page.keyboard.press("r");
  await expect(grid(page).getByTestId("grid-sync")).toHaveAttribute("data-sync", "interval · crosshair · range");
  // An interval changed with the range synced: every cell ends on its live candle with the room kept
  // for its price label to its right (the library's scrollToRealTime left none: the candle under the
  // axis, the last day's label cut), then back to 15 minutes.
  for (const key of ["2", "3"]) {
    await page.keyboard.press(key);
    for (const n of [0, 1, 2, 3]) {
      const canvas = cell(page, n).getByTestId("chart-canvas");
      await expect(chartOf(cell(page, n))).toHaveAttribute("data-interval", key === "2" ? "5m" : "15m");
      await expect.poll(async () => Number(await canvas.getAttribute("data-view-to")) - (Number(await canvas.getAttribute("data-bars")) - 1), { message: `cell ${n}: bars in view past its last` }).toBeGreaterThanOrEqual(2);
    }
  }

  // The grid (focused cell: the second, TCS) and the watchlist join green.
  await linkFocused(page, "green");
  await page.keyboard.press("Alt+1");
  await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
  await linkFocused(page, "green");
  // The cursor to SBIN then INFY: the grid's focused cell follows; the other three keep theirs.
  await cursorOn(page, wl, "SBIN-EQ");
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-symbol", "SBIN-EQ");
  await cursorOn(page, wl, "INFY-EQ");
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect(chartOf(cell(page, 0))).toHaveAttribute("data-symbol", "SBIN-EQ");
  for (const n of [2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-symbol", "INFY-EQ");

  // The grid is saved with the layout: a reload brings its cells, intervals and syncs back.
  await page.reload();
  await expect(grid(page).locator('[data-testid="chart-grid-cell"]')).toHaveCount(4);
  await expect(chartOf(cell(page, 0))).toHaveAttribute("data-symbol", "SBIN-EQ");
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-interval", "15m");
  await expect(grid(page).getByTestId("grid-sync")).toHaveAttribute("data-sync", "interval · crosshair · range");
});

test("screens: a 4-chart grid and a 9-chart grid beside the watchlist, dark and light, 1680x1000, and split", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await gridOfFour(page);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await expect(cell(page, 3).getByTestId("chart-canvas")).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
    await page.screenshot({ path: `/tmp/chartgrid-4-1680-${theme}.png` });
  }
  // Crosshair sync (x): the mouse over the first cell puts the second's crosshair, and its read-out, on the same minute.
  await page.keyboard.press("x");
  await expect(grid(page).getByTestId("grid-sync")).toHaveAttribute("data-sync", "crosshair");
  const first = cell(page, 0).getByTestId("chart-canvas");
  const box = (await first.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
  const at = cell(page, 0).getByTestId("chart-readout");
  await expect.poll(async () => (await cell(page, 1).getByTestId("chart-readout").getAttribute("data-time")) === (await at.getAttribute("data-time"))).toBe(true);
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.4);
  await expect.poll(async () => (await cell(page, 3).getByTestId("chart-readout").getAttribute("data-time")) === (await at.getAttribute("data-time"))).toBe(true);
  // Range sync (r): a wheel zoom in the first cell gives the others as many bars in view.
  await page.keyboard.press("r");
  const width = async (n: number) => {
    const c = cell(page, n).getByTestId("chart-canvas");
    return Number(await c.getAttribute("data-view-to")) - Number(await c.getAttribute("data-view-from"));
  };
  const before = await width(0);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => width(0)).not.toBe(before);
  await expect.poll(async () => (await width(2)) === (await width(0))).toBe(true);
  // The mouse leaves the grid: the other cells' crosshairs go with it, their read-outs back on their last bar.
  const readoutTime = (n: number) => cell(page, n).getByTestId("chart-readout").getAttribute("data-time");
  const lastBarTime = async (n: number) => (await cell(page, n).getByTestId("chart-canvas").getAttribute("data-last-bar"))?.split("|")[0];
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect.poll(async () => (await readoutTime(3)) === (await at.getAttribute("data-time"))).toBe(true);
  expect(await readoutTime(3)).not.toBe(await lastBarTime(3));
  await page.mouse.move(1, 1);
  await expect.poll(async () => (await readoutTime(3)) === (await lastBarTime(3))).toBe(true);

  // Nine charts: the grid gets 3×3; each cell's title (symbol and intervals) stays inside its cell.
  await openPalette(page);
  await page.keyboard.type("Chart grid: 9");
  await page.keyboard.press("Enter");
  await expect(grid(page).locator('[data-testid="chart-grid-cell"]')).toHaveCount(9);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/chartgrid-9-1680-${theme}.png` });
  }
  for (let n = 0; n < 9; n++) {
    const c = (await cell(page, n).boundingBox())!;
    const sym = (await cell(page, n).locator(".chart-bar .sym").boundingBox())!;
    expect(sym.x + sym.width, `cell ${n}'s symbol inside it`).toBeLessThanOrEqual(c.x + c.width + 0.5);
    expect(c.height, `cell ${n} has room for a chart`).toBeGreaterThan(120);
  }
  // The tiled layout on a smaller screen: the watchlist, the grid and the panes beside them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: "/tmp/chartgrid-9-tiled-1280-light.png" });
  for (let n = 0; n < 9; n++) {
    const c = (await cell(page, n).boundingBox())!;
    const bar = (await cell(page, n).locator(".chart-bar").boundingBox())!;
    expect(bar.height, `cell ${n}'s bar is one line at 1280x800`).toBeLessThan(40);
    expect(c.height - bar.height, `cell ${n} keeps room for its candles`).toBeGreaterThan(60);
  }
  // Alt+M gives the grid the whole tiling.
  await page.keyboard.press("Alt+m");
  await expect(grid(page)).toHaveAttribute("data-maximised", "true");
  await page.screenshot({ path: "/tmp/chartgrid-9-maximised-1280-light.png" });
});
