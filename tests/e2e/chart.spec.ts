import type { Locator, Page } from "@playwright/test";
import { api, commandLine, expect, openPalette, palette, runLine, searchAndChoose, signIn, test, token } from "./fixtures";

/** The last candle as the chart holds it: "time|open|high|low|close|volume" (LiveChart's data-last-bar). */
const lastBar = (page: Page, scope: Locator = page.locator("body")): Locator => scope.getByTestId("chart-canvas").first();

async function waitForTick(canvas: Locator): Promise<void> {
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  const before = await canvas.getAttribute("data-last-bar");
  // The feed ticks: the last candle changes (its close, high, low or volume, or a new candle starts).
  await expect.poll(() => canvas.getAttribute("data-last-bar"), { timeout: 20_000 }).not.toBe(before);
}

test("c on a watchlist row opens a live chart beside it; keys switch the interval; Alt+P pops it out and it ticks there", async ({ page }) => {
  // DEMO2's own watchlist: DEMO1's stays empty for the watchlist spec.
  await signIn(page, "DEMO2", "/dashboard");
  const wl = page.getByTestId("watchlist");
  await expect(wl).toBeVisible();
  const rows = wl.locator('[role="row"][data-symbol]');
  if ((await rows.count()) === 0 || !(await wl.locator('[data-symbol="INFY-EQ"]').count())) {
    await searchAndChoose(page, "infy", /INFY-EQ/);
    await palette(page, "Add to watchlist");
  }
  const infyRow = wl.locator('[role="row"][data-symbol="INFY-EQ"]');
  await expect(infyRow).toBeVisible();
  // The row cursor onto INFY by keyboard.
  await page.keyboard.press("Home");
  for (let i = 0; i < 60 && (await infyRow.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown");
  await expect(infyRow).toHaveAttribute("aria-selected", "true");

  await page.keyboard.press("c");
  const chart = page.locator('[data-testid="chart"][data-symbol="INFY-EQ"]');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("data-interval", "1m");
  // The chart takes the focus (issue 28) and the watchlist keeps its cursor; the chart's last candle follows the feed.
  await expect(infyRow).toHaveAttribute("aria-selected", "true");
  await waitForTick(lastBar(page, chart));
  await expect(chart.getByTestId("chart-readout")).toContainText(/O [\d,.]+\s*H [\d,.]+\s*L [\d,.]+\s*C [\d,.]+/);

  // Focus the chart (pane 2) and switch to five minutes with 2, then to a day with 5.
  await page.keyboard.press("Alt+2");
  await page.keyboard.press("2");
  await expect(chart).toHaveAttribute("data-interval", "5m");
  await expect(lastBar(page, chart)).toHaveAttribute("data-bars", /^[1-9]\d{3,}$/);
  await page.keyboard.press("5");
  await expect(chart).toHaveAttribute("data-interval", "1d");
  await page.keyboard.press("1");
  await expect(chart).toHaveAttribute("data-interval", "1m");

  // b in the chart: the order window on the chart's instrument; Esc closes it.
  await page.keyboard.press("b");
  const ow = page.getByRole("form", { name: "Order window" });
  await expect(ow).toBeVisible();
  await expect(ow).toContainText("INFY");
  await page.keyboard.press("Escape");
  await expect(ow).toBeHidden();

  // Alt+P: the same chart in its own window, with its own feed connection.
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+p")]);
  await popup.waitForLoadState();
  const popped = popup.locator('[data-testid="chart"][data-symbol="INFY-EQ"]');
  await expect(popped).toBeVisible();
  await waitForTick(lastBar(popup, popped));
  await popup.keyboard.press("3");
  await expect(popped).toHaveAttribute("data-interval", "15m");
  await popup.close();
  // The main window's chart carries on.
  await waitForTick(lastBar(page, chart));
});

test("chart INFY 5m from the palette opens the chart at five minutes", async ({ page }) => {
  await signIn(page, "DEMO2", "/home");
  await openPalette(page);
  await page.keyboard.type("chart INFY 5m");
  await expect(page.locator('[data-command="chart.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  const chart = page.locator('[data-testid="chart"][data-symbol="INFY-EQ"]');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("data-interval", "5m");
  await expect(lastBar(page, chart)).toHaveAttribute("data-last-bar", /^\d+\|/);

  // The spec's full chart page, embedded beside it: the charts host serves it behind its cookie.
  // (Typed as "Full chart page": a line starting "chart " is the chart command line.)
  await palette(page, "Full chart page");
  const frame = page.getByTestId("chart-page-frame");
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("src", /\/charts\/tradingview\?.*symbol=INFY-EQ/);
  await expect(page.frameLocator('[data-testid="chart-page-frame"]').getByTestId("chart-page")).toBeVisible();
});

/**
 * A weekly option typed bare is an NSEFO contract (NSE's weekly names: year, month 1-9/O/N/D, day,
 * strike): `chart NIFTY26D0823650CE` and `buy NIFTY26D0823650CE 75` answered "Unknown symbol … on NSEEQ".
 */
test("a weekly option typed bare opens its chart and its order window", async ({ page }) => {
  await signIn(page, "DEMO1", "/home");
  const hits = await api<{ tradingSymbol: string; token: number }>(page.request, process.env.TAPE_URL!, await token(page), "/core/search", { searchText: "NIFTY CE", exchange: ["NSEFO"], pageSize: 50 });
  const weekly = hits.result.find((h) => /^NIFTY\d\d[1-9OND]\d\d\d+CE$/.test(h.tradingSymbol));
  expect(weekly, "the broker lists a NIFTY weekly call").toBeDefined();
  await runLine(page, `chart ${weekly!.tradingSymbol}`, "chart.line");
  await expect(page.locator(`[data-testid="chart"][data-symbol="${weekly!.tradingSymbol}"]`)).toBeVisible();
  await expect(page.locator('[data-testid="chart"]').first()).toHaveAttribute("data-interval", "1m");
  await commandLine(page, `buy ${weekly!.tradingSymbol} 75`);
  await expect(page.getByRole("form", { name: "Order window" })).toContainText(weekly!.tradingSymbol);
  await expect(page.getByRole("form", { name: "Order window" })).toContainText("NSEFO");
  await page.keyboard.press("Escape");
});

/**
 * Stale is an error: the price axis's tag is the last price wherever the chart is scrolled. The
 * library's own tag is the last *visible* close: panned back a day, it showed that day's close in
 * the live price's colour (a chart grid whose synced range lagged showed NIFTY at 24,650.00, green,
 * with the index at 24,508.32).
 */
test("panned back, the price axis's tag is still the last price, not the last close in view", async ({ page }) => {
  await signIn(page, "DEMO2", "/home");
  await runLine(page, "chart RELIANCE 1m", "chart.line");
  const chart = page.locator('[data-testid="chart"][data-symbol="RELIANCE-EQ"]');
  const canvas = lastBar(page, chart);
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  const bars = Number(await canvas.getAttribute("data-bars"));
  // Panned until the view ends an hour back (a clean-clone run's 12 presses left it 33 bars back:
  // presses before the library's next frame were lost, mended since; the next test holds every press to it).
  await expect
    .poll(async () => {
      await page.keyboard.press("Shift+ArrowLeft");
      return Number(await canvas.getAttribute("data-view-to"));
    })
    .toBeLessThan(bars - 60);
  // The tag follows the feed: a tick later it is the new last close, the view still hours back.
  await waitForTick(canvas);
  const lastClose = async () => Number((await canvas.getAttribute("data-last-bar"))!.split("|")[4]);
  await expect.poll(async () => Number(await canvas.getAttribute("data-last-tag")) === (await lastClose())).toBe(true);
  expect(Number(await canvas.getAttribute("data-view-to"))).toBeLessThan(bars - 60);
  await page.screenshot({ path: "/tmp/look/chart-panned-tag.png" });
});

/**
 * Every press counts. A pan is drawn at the library's next frame, and a press before it read the
 * range still drawn: keys pressed faster than frames (a held key's repeat on a busy machine) were
 * lost, six presses moving the view by as few as two. Each press moves the view by a quarter of
 * its width (core/charts/crosshair.ts: "pan … Math.floor(w * PAN_SHARE)", PAN_SHARE 0.25), so five
 * presses move its edges five quarters of its width back, far from the first bar.
 */
test("five Shift+← pressed at once pan the chart five steps back", async ({ page }) => {
  await signIn(page, "DEMO2", "/home");
  await runLine(page, "chart RELIANCE 1m", "chart.line");
  const chart = page.locator('[data-testid="chart"][data-symbol="RELIANCE-EQ"]');
  const canvas = lastBar(page, chart);
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await expect(canvas).toHaveAttribute("data-view-to", /^\d+$/);
  // One press first, drawn: the view leaves the live edge (and its room for the price's label) for whole bars.
  const opened = await canvas.getAttribute("data-view-to");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(canvas).not.toHaveAttribute("data-view-to", opened!);
  const [from, to] = [Number(await canvas.getAttribute("data-view-from")), Number(await canvas.getAttribute("data-view-to"))];
  const step = Math.max(1, Math.floor((to - from + 1) * 0.25));
  expect(from).toBeGreaterThan(5 * step);
  // Five presses in one task, as a key's repeat delivers them while a frame is late.
  await page.evaluate(() => {
    for (let i = 0; i < 5; i++) document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", code: "ArrowLeft", shiftKey: true, bubbles: true }));
  });
  await expect.poll(async () => Number(await canvas.getAttribute("data-view-to"))).toBe(to - 5 * step);
  expect(Number(await canvas.getAttribute("data-view-from"))).toBe(from - 5 * step);
});

/**
 * A chart split narrow keeps its candles: with indicators on, the read-out wrapped a line per
 * figure above the canvas and, at 1280x800 in a pane of about 190 px, left it no height. In a
 * narrow chart it floats over the canvas as a legend, a few lines at most.
 */
test("a chart with four indicators split three ways at 1280x800: each canvas keeps most of its pane", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO2", "/home");
  await runLine(page, "chart NIFTY 5m", "chart.line");
  const charts = page.locator('.pane[data-view="chart"]');
  await expect(lastBar(page, charts.first())).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await runLine(page, "chart add rsi 14 ema 20 50 bb 20 2", "chart.indicators.line");
  await page.keyboard.press("Alt+Backslash");
  await page.keyboard.press("Alt+Backslash");
  await expect(charts).toHaveCount(3);
  for (const pane of await charts.all()) {
    await expect(pane.getByTestId("chart-readout")).toContainText("RSI 14");
    const body = (await pane.locator(".pane-body").boundingBox())!;
    const canvas = (await pane.getByTestId("chart-canvas").boundingBox())!;
    expect(canvas.height / body.height, `the canvas's share of a ${Math.round(body.width)} px pane`).toBeGreaterThan(0.6);
  }
  await page.screenshot({ path: "/tmp/look/chart-narrow-legend.png" });
});

test("the Monitor preset shows a live chart", async ({ page }) => {
  await signIn(page, "DEMO2", "/home");
  await palette(page, "Layout: Monitor");
  const chart = page.getByTestId("chart");
  await expect(chart).toBeVisible();
  await waitForTick(lastBar(page, chart));
});
