import type { Locator, Page } from "@playwright/test";
import { expect, palette, searchAndChoose, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, linkFocused, watchlistWith } from "./linkHelpers";
import { runLine } from "./chartHelpers";

/**
 * Issue 32's colour groups where panes open and choose (core/workspace/links.ts): a `/` search in
 * a chart grid of no group puts the instrument in its focused cell and moves no group's panes ("a
 * pane of no group keeps its own"); `c` and "Time and sales" on a red watchlist open panes that
 * join red, marked so in their titles, and follow its cursor. Keyboard only, against a paper broker
 * of each test's own (a clean layout). Screenshots at 1680x1000 go to /tmp/fix-links.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({}, { perTest: true });
const SHOTS = "/tmp/fix-links";

const depthSymbol = (page: Page): Locator => page.locator('.pane[data-view="depth"] [data-testid="depth"] .depth-head .sym');
const grid = (page: Page) => page.locator('.pane[data-view="multichart"]');
const cellChart = (page: Page, n: number): Locator => grid(page).locator(`[data-testid="chart-grid-cell"][data-cell="${n}"] [data-testid="chart"]`);

test("searches in a chart grid of no group fill its cells; the red depth pane stays on INFY", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  // The depth pane on INFY, in red (the default group).
  await cursorOn(page, wl, "INFY-EQ");
  await page.keyboard.press("d");
  await expect(page.locator('.pane-focused[data-view="depth"]')).toBeVisible();
  await linkFocused(page, "red");
  await expect(depthSymbol(page)).toHaveText("INFY-EQ");

  // A grid of four from the watchlist: no group (no mark in its title).
  await page.keyboard.press("Alt+1");
  await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
  await runLine(page, "chart grid 4", "chart.grid.line");
  await expect(grid(page)).toHaveClass(/pane-focused/);
  await expect(grid(page).locator(".pane-title .pane-link")).toHaveCount(0);

  // Three searches, as the tester made them, each in the next cell: the cell takes it, the depth keeps INFY.
  const searches: Array<[string, RegExp, string]> = [
    ["reliance", /RELIANCE-EQ/, "RELIANCE-EQ"],
    ["sbin", /SBIN-EQ/, "SBIN-EQ"],
    ["tcs", /TCS-EQ/, "TCS-EQ"],
  ];
  for (const [n, [text, result, symbol]] of searches.entries()) {
    if (n > 0) await page.keyboard.press("]");
    await expect(grid(page).locator(`[data-testid="chart-grid-cell"][data-cell="${n}"]`)).toHaveAttribute("data-focused", "true");
    await searchAndChoose(page, text, result);
    await expect(cellChart(page, n)).toHaveAttribute("data-symbol", symbol);
    await expect(depthSymbol(page)).toHaveText("INFY-EQ");
  }
  await page.screenshot({ path: `${SHOTS}/grid-search-depth-stays.png` });
  // The red group still is INFY's: a search in the red depth itself moves it.
  await page.locator('.pane[data-view="depth"] .pane-title').click();
  await searchAndChoose(page, "itc", /ITC-EQ/);
  await expect(depthSymbol(page)).toHaveText("ITC-EQ");
  await expect(cellChart(page, 2)).toHaveAttribute("data-symbol", "TCS-EQ");
});

test("before red has chosen anything, a search in a grid of no group leaves the red depth pane empty", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const depth = page.locator('.pane[data-view="depth"]');
  await expect(depth.getByText("No instrument chosen")).toBeVisible();
  await palette(page, "Chart grid: 4");
  await expect(grid(page)).toHaveClass(/pane-focused/);
  await searchAndChoose(page, "reliance", /RELIANCE-EQ/);
  await expect(cellChart(page, 0)).toHaveAttribute("data-symbol", "RELIANCE-EQ");
  await expect(depth.getByText("No instrument chosen")).toBeVisible();
  await expect(depthSymbol(page)).toHaveCount(0);
});

test("c and Time and sales on a red watchlist open panes in red that follow its cursor", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  await linkFocused(page, "red");

  // c: a chart opens on INFY, in red, and says so by its mark.
  await page.keyboard.press("c");
  const chart = page.locator('.pane[data-view="chart"]');
  await expect(chart.getByTestId("chart")).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect(chart.locator(".pane-title .pane-link")).toHaveAttribute("data-link", "red");

  // Time and sales from the watchlist: in red too.
  await page.keyboard.press("Alt+1");
  await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
  await palette(page, "Time and sales of selected instrument");
  const ts = page.locator('.pane[data-view="timesales"]');
  await expect(ts.getByTestId("timesales")).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect(ts.locator(".pane-title .pane-link")).toHaveAttribute("data-link", "red");

  // The cursor moves to SBIN: the chart and the tape follow it.
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "SBIN-EQ");
  await expect(chart.getByTestId("chart")).toHaveAttribute("data-symbol", "SBIN-EQ");
  await expect(ts.getByTestId("timesales")).toHaveAttribute("data-symbol", "SBIN-EQ");
  await page.screenshot({ path: `${SHOTS}/red-watchlist-opened-follow.png` });
});

test("Replace this pane with a chart, on a green watchlist: the chart is green on INFY, and the red depth pane stays where it was", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await linkFocused(page, "green");
  await cursorOn(page, wl, "INFY-EQ");
  const before = await depthSymbol(page).innerText();
  expect(before).not.toBe("INFY-EQ");
  await palette(page, "Replace this pane with a chart of the selected instrument");
  const chart = page.locator('.pane[data-view="chart"]');
  await expect(chart.getByTestId("chart")).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect(chart.locator(".pane-title .pane-link")).toHaveAttribute("data-link", "green");
  // It set the active scrip too, red's instrument: the red depth pane moved to INFY.
  await expect(depthSymbol(page)).toHaveText(before);
});
