import type { Locator } from "@playwright/test";
import { runLine } from "./chartHelpers";
import { expect, openPalette, setTheme, signIn, test, token } from "./fixtures";

/**
 * Issue 34, indicators, keyboard only: `chart add rsi 14` and `chart add ema 20` in the palette put
 * an RSI pane and an EMA line on the focused chart; the crosshair's read-out shows both at its bar
 * (checked against the bars the charts host serves, worked here by the indicators' own rules:
 * Wilder's RSI, the EMA seeded by its SMA); a reload keeps them (they are the pane's); `chart
 * remove rsi` takes the RSI away. Screenshots at 1680x1000, dark and light, in the tiled Trading
 * layout and with the chart maximised.
 */
const SHOTS = "/tmp/shots-chart-indicators";

interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** EMA of the closes up to and including `at`: the first `period` closes' mean, then k = 2 / (period + 1) of each step. */
function ema(bars: readonly Bar[], at: number, period: number): number {
  let e = bars.slice(0, period).reduce((s, b) => s + b.close, 0) / period;
  for (let i = period; i <= at; i++) e += (2 / (period + 1)) * (bars[i]!.close - e);
  return e;
}

/** Wilder's RSI at `at`: the first `period` changes' mean gain and loss, then each smoothed by (avg x (period - 1) + change) / period. */
function rsi(bars: readonly Bar[], at: number, period: number): number {
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= at; i++) {
    const d = bars[i]!.close - bars[i - 1]!.close;
    const up = Math.max(d, 0);
    const down = Math.max(-d, 0);
    if (i < period) {
      gain += up;
      loss += down;
    } else if (i === period) {
      gain = (gain + up) / period;
      loss = (loss + down) / period;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
  }
  return loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
}

/** A figure as the read-out writes it, back to a number (Indian grouping's commas dropped). */
const figure = async (l: Locator) => Number((await l.locator("b").first().innerText()).replace(/,/g, ""));

test("chart add rsi 14 and chart add ema 20: an RSI pane and an EMA line, their values in the read-out, kept over a reload", async ({ page }) => {
  await signIn(page, "DEMO2", "/dashboard");
  await page.setViewportSize({ width: 1680, height: 1000 });
  await setTheme(page, "dark");
  await openPalette(page);
  await page.keyboard.type("Layout: Trading");
  await page.keyboard.press("Enter");
  await expect(page.locator('.tiling .pane[data-view="watchlist"]')).toBeVisible();

  await openPalette(page);
  await page.keyboard.type("chart HCLTECH");
  await expect(page.locator('[data-command="chart.line"]')).toBeVisible();
  const barsRequest = page.waitForRequest(/\/charts\/bars\?/);
  await page.keyboard.press("Enter");
  const barsUrl = (await barsRequest).url();
  const chart = page.locator('.pane-focused[data-view="chart"] [data-testid="chart"][data-symbol="HCLTECH-EQ"]');
  const canvas = chart.getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });

  await runLine(page, "chart add rsi 14", "chart.indicators.line");
  await runLine(page, "chart add ema 20", "chart.indicators.line");
  await expect(canvas.locator('[data-indicators="rsi 14|ema 20"]')).toBeAttached();
  const readout = chart.getByTestId("chart-readout");
  const rsiOut = readout.locator('[data-indicator="RSI 14"]');
  const emaOut = readout.locator('[data-indicator="EMA 20"]');
  await expect(rsiOut).toBeVisible();
  await expect(emaOut).toBeVisible();
  // The RSI has a pane of its own: the chart draws two panes' plots (lightweight-charts' rows).
  await expect.poll(() => canvas.locator("table tr").count()).toBeGreaterThanOrEqual(4);

  // The crosshair three bars before the last (a closed bar), by End and ← ×3.
  await page.keyboard.press("End");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
  const at = Number(await readout.getAttribute("data-time"));
  const res = await page.request.get(barsUrl, { headers: { Authorization: `Bearer ${await token(page)}` } });
  const served = ((await res.json()) as { result: Bar[] }).result;
  const i = served.findIndex((b) => b.time === at);
  expect(i).toBeGreaterThan(30);
  expect(Math.abs((await figure(rsiOut)) - rsi(served, i, 14))).toBeLessThanOrEqual(0.011);
  expect(Math.abs((await figure(emaOut)) - ema(served, i, 20))).toBeLessThanOrEqual(0.011);

  // The read-out stays inside the pane, above the candles.
  const pane = (await page.locator('.pane-focused[data-view="chart"]').boundingBox())!;
  const out = (await readout.boundingBox())!;
  expect(out.x + out.width).toBeLessThanOrEqual(pane.x + pane.width);
  expect(out.y + out.height).toBeLessThanOrEqual((await canvas.boundingBox())!.y + 1);
  await page.screenshot({ path: `${SHOTS}/tiled-1680x1000-dark.png` });
  await setTheme(page, "light");
  await expect(rsiOut).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tiled-1680x1000-light.png` });

  // A reload keeps them: they are the chart pane's, saved with the layout.
  await page.reload();
  const again = page.locator('[data-view="chart"] [data-testid="chart"][data-symbol="HCLTECH-EQ"]');
  await expect(again.getByTestId("chart-canvas").locator('[data-indicators="rsi 14|ema 20"]')).toBeAttached({ timeout: 20_000 });
  await expect(again.getByTestId("chart-readout").locator('[data-indicator="RSI 14"]')).toBeVisible();
  await expect(again.getByTestId("chart-readout").locator('[data-indicator="EMA 20"]')).toBeVisible();

  // The chart given the screen (Alt+M), dark.
  await setTheme(page, "dark");
  await page.locator('[data-view="chart"]').first().focus().catch(() => {});
  await openPalette(page);
  await page.keyboard.type("chart add macd");
  await expect(page.locator('[data-command="chart.indicators.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(again.getByTestId("chart-readout").locator('[data-indicator="MACD 12 26 9"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/three-1680x1000-dark.png` });

  // chart remove rsi: the RSI goes, the rest stay.
  await runLine(page, "chart remove rsi", "chart.indicators.line");
  await expect(again.getByTestId("chart-canvas").locator('[data-indicators="ema 20|macd 12 26 9"]')).toBeAttached();
  await expect(again.getByTestId("chart-readout").locator('[data-indicator="RSI 14"]')).toHaveCount(0);

  // Saved as the user's default (kept by the broker), the set is what the full chart page draws: the same chart at its window's size.
  await openPalette(page);
  await page.keyboard.type("Indicators: save this chart");
  await expect(page.locator('[data-command="chart.indicators.template.save"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("New charts start with EMA 20, MACD 12 26 9")).toBeVisible();
  await openPalette(page);
  await page.keyboard.type("Full chart page");
  await page.keyboard.press("Enter");
  const frame = page.frameLocator('[data-testid="chart-page-frame"]');
  await expect(frame.getByTestId("chart-canvas").locator('[data-indicators="ema 20|macd 12 26 9"]')).toBeAttached({ timeout: 20_000 });
  await expect(frame.getByTestId("chart-readout").locator('[data-indicator="MACD 12 26 9"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chart-page-1680x1000-dark.png` });
});
