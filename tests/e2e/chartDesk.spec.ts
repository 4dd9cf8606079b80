import fs from "node:fs";
import type { Request } from "@playwright/test";
import { bookPrice, openChart, restingBuy, runLine, shown } from "./chartHelpers";
import { expect, test, token } from "./fixtures";

/**
 * Issue 34's "Done when", in one sitting and keyboard only: with a LIMIT buy resting under the
 * market, its chart gets RSI 14 (a pane of its own) and EMA 20 (a line on the candles); a
 * horizontal line drawn three ticks over the last close becomes a price alert with Shift+A (the
 * broker lists it, above that price); then Tab selects the order's line, ↑ three times moves it
 * three ticks and Enter sends exactly one modify: the broker's book and the Orders pane show the
 * price three ticks higher.
 */
test.use({ viewport: { width: 1680, height: 1000 } });
fs.mkdirSync("/tmp/shots-chart-desk", { recursive: true });

// A share no other spec trades: the worker's broker keeps every earlier spec's orders, alerts and drawings
// (INFY has all three), and this test counts its own.
const SHARE = "AXISBANK";
/** How far over the last close the horizontal line is set, in ticks: far enough that the price does not reach it before it is made an alert. */
const LINE_TICKS = 30;

test("one chart: RSI and EMA added, a line drawn and made an alert, an order's line moved three ticks with one modify", async ({ page, baseURL }) => {
  const origin = baseURL!;
  // A LIMIT buy 10 % under the market, on the tick grid: it rests.
  const { orderNo, row, limit, tickSize } = await restingBuy(page, origin, SHARE);
  const onTick = (ticks: number) => Number((ticks * tickSize).toFixed(2));

  const { pane, chart, canvas } = await openChart(page, SHARE);
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);

  // Indicators: RSI in a pane of its own (the chart then has two panes' rows), EMA over the candles.
  await runLine(page, "chart add rsi 14", "chart.indicators.line");
  await runLine(page, "chart add ema 20", "chart.indicators.line");
  await expect(canvas.locator('[data-indicators="rsi 14|ema 20"]')).toBeAttached();
  const readout = chart.getByTestId("chart-readout");
  await expect(readout.locator('[data-indicator="RSI 14"]')).toBeVisible();
  await expect(readout.locator('[data-indicator="EMA 20"]')).toBeVisible();
  await expect.poll(() => canvas.locator("table tr").count()).toBeGreaterThanOrEqual(4);

  // A horizontal line: h starts it at the last bar's close, ↑ ×30 steps it thirty ticks up, h sets it. (Three
  // were too few: under load the price reached the line before Shift+A, which then rightly refused a line at the LTP.)
  const close = Number((await canvas.getAttribute("data-last-bar"))!.split("|")[4]);
  await page.keyboard.press("h");
  await expect(pane.getByTestId("chart-draw-hint")).toContainText("Horizontal line");
  for (let i = 0; i < LINE_TICKS; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("h");
  await expect(pane.getByTestId("chart-draw-hint")).toBeHidden();

  // The side list (l) shows it once the broker has kept it; Shift+A makes it an alert, ABOVE
  // (it is over the last price) at the line's price, and its row says so; Esc closes the list.
  await page.keyboard.press("l");
  const rows = pane.getByTestId("chart-drawings").getByRole("option");
  await expect(rows).toHaveCount(1);
  const linePrice = Number((await rows.first().locator(".what").innerText()).trim().replace(/,/g, ""));
  await page.keyboard.press("Shift+A");
  // (Active, or fired already: the simulated price may reach it within seconds.)
  await expect(rows.first().getByTestId("drawing-alert")).toHaveText(/^Alert above \u00b7 (active|fired)$/);
  await page.keyboard.press("Escape");
  await expect(pane.getByTestId("chart-drawings")).toBeHidden();
  const bearer = await token(page);
  const alertsOf = async () => {
    const res = await page.request.get(`${origin}/core/v2/alerts`, { headers: { authorization: `Bearer ${bearer}` } });
    return ((await res.json()) as { result: Array<{ tradingSymbol: string; condition: string; value: number }> }).result.filter((a) => a.tradingSymbol.startsWith(SHARE));
  };
  await expect.poll(async () => (await alertsOf()).length).toBe(1);
  const [alert] = await alertsOf();
  expect(alert!.condition).toBe("ABOVE");
  // At the line's price, which is on the tick grid; ticks may move the close between reading it and h, so the
  // line is LINE_TICKS ticks over a close near the one read (the share moves a few ticks a second at most).
  expect(alert!.value).toBe(linePrice);
  expect(Math.abs(linePrice / tickSize - Math.round(linePrice / tickSize))).toBeLessThan(1e-6);
  expect(Math.abs(linePrice - onTick(Math.round(close / tickSize) + LINE_TICKS))).toBeLessThanOrEqual(20 * tickSize);

  // Every modify the page sends (PUT on the order's address).
  const modifies: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/core/v2/orders/${orderNo}`)) modifies.push(r);
  });
  // Tab to the order's line, ↑ ×3, Enter.
  const id = `order:${orderNo}:price`;
  for (let i = 0; i < 20 && (await canvas.getAttribute("data-selected-line")) !== id; i++) await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", id);
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  const moved = onTick(Math.round(limit / tickSize) + 3);
  await expect(canvas).toHaveAttribute("data-pending-price", String(moved));
  await page.keyboard.press("Enter");
  await expect.poll(() => bookPrice(page, origin, orderNo)).toBe(moved);
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  await expect(row).toContainText(shown(moved));
  expect(modifies).toHaveLength(1);
  // The drawing and the indicators are still there after the modify.
  await expect(canvas.locator('[data-indicators="rsi 14|ema 20"]')).toBeAttached();
  expect(await alertsOf()).toHaveLength(1);
  await page.screenshot({ path: "/tmp/shots-chart-desk/done-1680x1000.png" });
});
