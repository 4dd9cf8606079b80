import type { Locator, Page } from "@playwright/test";
import { api, commandLine, expect, palette, runLine, shareOf, signIn, token } from "./fixtures";

/**
 * Steps the issue 34 chart specs share (chartOrders, chartIndicators, chartDesk, chartPageFull): a resting order, a chart opened
 * from the palette's command line, a line run there, a share's quote and an order's price in the
 * broker's book, and a price as the Orders pane writes it.
 */

/** The palette's line runner: one for every spec (fixtures.ts). */
export { runLine };

/** `chart SYMBOL` in the palette: the focused chart pane on the share, once it has drawn its candles. */
export async function openChart(page: Page, symbol: string): Promise<{ pane: Locator; chart: Locator; canvas: Locator }> {
  await runLine(page, `chart ${symbol}`, "chart.line");
  const pane = page.locator('.pane-focused[data-view="chart"]');
  const chart = pane.locator(`[data-testid="chart"][data-symbol="${symbol}-EQ"]`);
  const canvas = chart.getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  return { pane, chart, canvas };
}

/** An order's price in the broker's book. */
export async function bookPrice(page: Page, origin: string, orderNo: string): Promise<number | undefined> {
  const env = await api<{ orderNo: string; price: number }>(page.request, origin, await token(page), "/core/v2/orders/book", {});
  return env.result.find((o) => o.orderNo === orderNo)?.price;
}

/** A price as the Orders pane writes it: Indian grouping, two decimals (Intl here, not the app's formatter). */
export const shown = (v: number) => new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

/**
 * DEMO1 on the Monitor layout (the Orders pane beside the chart) with a LIMIT buy of 1 `share` 10 % under the
 * market, on the tick grid, so it rests; answers its number, its Orders row, its price and the share's tick. `share` must be one no
 * other spec trades: the worker's broker keeps every earlier spec's orders, and the row is found by the share.
 */
export async function restingBuy(page: Page, origin: string, share: string): Promise<{ orderNo: string; row: Locator; limit: number; tickSize: number }> {
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  await expect(page.locator('.tiling .pane[data-view="orders"]')).toBeVisible();
  const { ltp, tickSize } = await shareOf(page, origin, share);
  const limit = Number((Math.floor((ltp * 0.9) / tickSize) * tickSize).toFixed(2));
  await commandLine(page, `buy ${share} 1 @ ${limit}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  const row = page.locator(`[data-view="orders"] tr[data-order-no]:has-text("${share}")`);
  await expect(row).toHaveCount(1);
  return { orderNo: (await row.getAttribute("data-order-no"))!, row, limit, tickSize };
}
