import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { freePort, startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { expect, ownBroker, signIn, test } from "./fixtures";
import { openChart, runLine } from "./chartHelpers";

/**
 * An explorer's findings on charts.
 * 1. README "Chart grid": "`/` or a `chart TCS` line puts an instrument in it" (the focused cell),
 *    "the other cells keep theirs"; a line with no interval keeps the cell's. The grid is opened
 *    with nothing selected (its cells start on what it shows), as the explorer did.
 * 2. Issue 11, "stale is an error": with the feed gone, the chart's last-price tag and its
 *    read-out are marked stale, as depth and positions are.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();
const grid = (page: Page) => page.locator('.pane[data-view="multichart"]');
const cell = (page: Page, n: number): Locator => grid(page).locator(`[data-testid="chart-grid-cell"][data-cell="${n}"]`);
const chartOf = (c: Locator): Locator => c.getByTestId("chart");

test("chart lines in a grid opened with nothing selected change the focused cell only, and a line with no interval keeps the synced 15m", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await runLine(page, "chart grid 4", "chart.grid.line");
  await expect(grid(page).locator('[data-testid="chart-grid-cell"]')).toHaveCount(4);
  const first = await chartOf(cell(page, 0)).getAttribute("data-symbol");
  expect(first).toBeTruthy();
  for (const n of [1, 2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-symbol", first!);

  // → to cell 2, chart TCS: that cell alone.
  await page.keyboard.press("ArrowRight");
  await runLine(page, "chart TCS", "chart.line");
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-symbol", "TCS-EQ");
  for (const n of [0, 2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-symbol", first!);

  // ↓ to cell 4, chart RELIANCE: that cell alone.
  await page.keyboard.press("ArrowDown");
  await expect(cell(page, 3)).toHaveAttribute("data-focused", "true");
  await runLine(page, "chart RELIANCE", "chart.line");
  await expect(chartOf(cell(page, 3))).toHaveAttribute("data-symbol", "RELIANCE-EQ");
  for (const n of [0, 2]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-symbol", first!);
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-symbol", "TCS-EQ");

  // i then 3: every cell 15m.
  await page.keyboard.press("i");
  await page.keyboard.press("3");
  for (const n of [0, 1, 2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-interval", "15m");

  // ← to cell 3, chart SBIN: that cell alone, and no interval named, so every cell stays on 15m.
  await page.keyboard.press("ArrowLeft");
  await expect(cell(page, 2)).toHaveAttribute("data-focused", "true");
  await runLine(page, "chart SBIN", "chart.line");
  await expect(chartOf(cell(page, 2))).toHaveAttribute("data-symbol", "SBIN-EQ");
  await expect(chartOf(cell(page, 0))).toHaveAttribute("data-symbol", first!);
  await expect(chartOf(cell(page, 1))).toHaveAttribute("data-symbol", "TCS-EQ");
  await expect(chartOf(cell(page, 3))).toHaveAttribute("data-symbol", "RELIANCE-EQ");
  for (const n of [0, 1, 2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-interval", "15m");

  // A line naming its interval sets it: with sync on, every cell's.
  await runLine(page, "chart SBIN 5m", "chart.line");
  for (const n of [0, 1, 2, 3]) await expect(chartOf(cell(page, n))).toHaveAttribute("data-interval", "5m");
});

test("the broker gone: the chart's last-price tag and its read-out are marked stale with the light down", async ({ browser }) => {
  test.setTimeout(120_000);
  // Its own broker: it is killed under the open app.
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-chartstale-"));
  let own: BrokerProcess | undefined = await startBrokerProcess({}, { port, dataDir });
  const context = await browser.newContext({ baseURL: own.url });
  try {
    const page = await context.newPage();
    await signIn(page, "DEMO1", "/dashboard", own.url);
    const light = page.getByTestId("feed-light");
    const { chart, canvas } = await openChart(page, "INFY");
    const readout = chart.getByTestId("chart-readout");
    await expect(readout).toBeVisible();
    await expect.poll(() => light.getAttribute("data-feed-state"), { timeout: 20_000 }).toBe("live");
    await expect(canvas).not.toHaveAttribute("data-last-tag-stale", "true");
    await expect(readout).not.toHaveAttribute("data-stale", "true");

    await own.kill();
    own = undefined;
    await expect.poll(() => light.getAttribute("data-feed-state"), { timeout: 5_000 }).toBe("down");
    // The tag (pixels on a canvas: its state is on the element) and every figure of the read-out.
    await expect(canvas).toHaveAttribute("data-last-tag-stale", "true", { timeout: 2_000 });
    await expect(readout).toHaveAttribute("data-stale", "true", { timeout: 2_000 });
    const close = readout.locator("b.up, b.down").first();
    await expect(close).toHaveAttribute("data-stale", "true");
    // Drawn in the muted colour, not the up or down one.
    const muted = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--fg-muted").trim());
    await expect(canvas).toHaveAttribute("data-last-tag-colour", muted);
  } finally {
    await context.close();
    await own?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
