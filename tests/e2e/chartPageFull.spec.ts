import fs from "node:fs";
import type { Request } from "@playwright/test";
import { bookPrice, openChart, restingBuy, shown } from "./chartHelpers";
import { expect, openPalette, palette, setTheme, test } from "./fixtures";

/**
 * Issue 34, the full chart page (/charts/tradingview) is the full chart, keyboard only: a LIMIT
 * buy rests under the market and a horizontal line is drawn on the share's chart pane; the
 * palette's "Full chart page" opens the charts host's page beside it, which holds the chart cookie
 * and no session, and draws both (GET /charts/page/drawings and /order-lines). In the page, Tab
 * selects the order's line, ↑ moves it one tick and Enter sends ONE modify, through the app's
 * window that frames the page: the book has the new price and the page draws it there.
 * Screenshots at 1680x1000, dark and light.
 */
test.use({ viewport: { width: 1680, height: 1000 } });
const SHOTS = "/tmp/shots-chart-page";
fs.mkdirSync(SHOTS, { recursive: true });

// A share no other spec touches (grep tests/e2e): the worker's broker keeps every earlier spec's orders and drawings.
const SHARE = "TITAN";

test("the full chart page draws the share's order and drawing; Tab, ↑, Enter there moves the order one tick with one modify", async ({ page, baseURL }) => {
  const origin = baseURL!;
  // A LIMIT buy 10 % under the market, on the tick grid: it rests.
  const { orderNo, row, limit, tickSize } = await restingBuy(page, origin, SHARE);

  // A horizontal line on its chart pane, by the keys: h, ↑ ×10, h.
  const { pane } = await openChart(page, SHARE);
  await page.keyboard.press("h");
  await expect(pane.getByTestId("chart-draw-hint")).toContainText("Horizontal line");
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("h");
  await expect(pane.getByTestId("chart-draw-hint")).toBeHidden();

  // Every modify sent (PUT on the order's address), from the app or the framed page.
  const modifies: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/core/v2/orders/${orderNo}`)) modifies.push(r);
  });

  // The full chart page of the share, beside the chart: it takes the keys.
  await palette(page, "Full chart page");
  const frameEl = page.getByTestId("chart-page-frame");
  await expect(frameEl).toHaveAttribute("src", new RegExp(`/charts/tradingview\\?.*symbol=${SHARE}-EQ`));
  // Neither the session token nor the lines travel in the page's address.
  const src = (await frameEl.getAttribute("src"))!;
  expect(src).not.toContain(orderNo);
  expect(src).not.toMatch(/access|bearer|Authorization/i);
  const frame = page.frameLocator('[data-testid="chart-page-frame"]');
  const chartPage = frame.getByTestId("chart-page");
  const canvas = chartPage.getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  // Both lines: the drawing (the user's one on this share) and the order's line.
  await expect(chartPage).toHaveAttribute("data-drawings", "1");
  await expect(canvas).toHaveAttribute("data-order-lines", "1");
  expect(await frame.locator("body").evaluate(() => document.location.href)).not.toContain(orderNo);
  await setTheme(page, "dark");
  await expect(page.frameLocator('[data-testid="chart-page-frame"]').getByTestId("chart-canvas")).toHaveAttribute("data-order-lines", "1", { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/page-dark-1680x1000.png` });

  // In the page: Tab selects the order's line, ↑ one tick, Enter (three times) one modify.
  const framed = page.frameLocator('[data-testid="chart-page-frame"]');
  const pageCanvas = framed.getByTestId("chart-canvas");
  await expect(pageCanvas).toHaveAttribute("data-order-lines", "1");
  await page.keyboard.press("Tab");
  await expect(pageCanvas).toHaveAttribute("data-selected-line", `order:${orderNo}:price`);
  await page.keyboard.press("ArrowUp");
  const moved = Number(((Math.round(limit / tickSize) + 1) * tickSize).toFixed(2));
  await expect(pageCanvas).toHaveAttribute("data-pending-price", String(moved));
  await expect(framed.getByTestId("order-line-bar")).toContainText(`₹${shown(limit)} → ₹${shown(moved)}`);
  await page.screenshot({ path: `${SHOTS}/moved-dark-1680x1000.png` });
  for (let i = 0; i < 3; i++) await page.keyboard.press("Enter");
  await expect.poll(() => bookPrice(page, origin, orderNo)).toBe(moved);
  await expect(pageCanvas).toHaveAttribute("data-pending-price", "");
  await expect(framed.getByTestId("order-line-bar")).toContainText(`at ₹${shown(moved)}`);
  await expect(row).toContainText(shown(moved));
  expect(modifies).toHaveLength(1);

  // A key the page leaves to the app: Ctrl+K from inside the frame opens the palette with the keyboard in its
  // input (openPalette waits for that focus), so what is typed next is a command, not keys for the frame.
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("chart-page-frame");
  await openPalette(page);
  await page.keyboard.press("Escape");
  await expect(page.locator("[cmdk-input]")).toHaveCount(0);

  await setTheme(page, "light");
  await expect(page.frameLocator('[data-testid="chart-page-frame"]').getByTestId("chart-canvas")).toHaveAttribute("data-order-lines", "1", { timeout: 20_000 });
  await expect(page.frameLocator('[data-testid="chart-page-frame"]').getByTestId("chart-page")).toHaveAttribute("data-drawings", "1");
  await page.screenshot({ path: `${SHOTS}/page-light-1680x1000.png` });
});

// A share no other spec touches: the pop-out's own order line.
const POPPED = "ULTRACEMCO";

test("a chart popped out (Alt+P) moves its share's order line: Tab, ↑ three times, Enter three times: one modify, three ticks, in the main window's book", async ({ page, baseURL }) => {
  const origin = baseURL!;
  const { orderNo, row, limit, tickSize } = await restingBuy(page, origin, POPPED);
  await openChart(page, POPPED);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+p")]);
  await popup.setViewportSize({ width: 1280, height: 800 });
  // Every modify sent, from either window.
  const modifies: Request[] = [];
  for (const p of [page, popup])
    p.on("request", (r) => {
      if (r.method() === "PUT" && r.url().includes(`/core/v2/orders/${orderNo}`)) modifies.push(r);
    });
  const canvas = popup.getByTestId("popout-chart").getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await expect(canvas).toHaveAttribute("data-order-lines", "1", { timeout: 20_000 });
  await popup.bringToFront();
  await popup.getByTestId("popout-chart").click({ position: { x: 5, y: 5 } });
  await popup.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", `order:${orderNo}:price`);
  for (let i = 0; i < 3; i++) await popup.keyboard.press("ArrowUp");
  const moved = Number(((Math.round(limit / tickSize) + 3) * tickSize).toFixed(2));
  await expect(canvas).toHaveAttribute("data-pending-price", String(moved));
  await popup.screenshot({ path: `${SHOTS}/popout-moved-dark-1280x800.png` });
  for (let i = 0; i < 3; i++) await popup.keyboard.press("Enter");
  await expect.poll(() => bookPrice(page, origin, orderNo)).toBe(moved);
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  await expect(row).toContainText(shown(moved));
  expect(modifies).toHaveLength(1);
  await popup.close();
});
