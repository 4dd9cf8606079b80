import type { Locator, Page } from "@playwright/test";
import { expect, setTheme, signIn, test, token } from "./fixtures";

/**
 * Issue 29's chart point, built as issue 34's "Crosshair and view by keyboard": in a chart the
 * arrows move the crosshair bar by bar and the read-out names that bar, + zooms, Shift+← pans, and
 * the watchlist's + does not fire. At 1280x800 and 1680x1000, dark and light (as screen-keys).
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1680, height: 1000 },
] as const;
const THEMES = ["dark", "light"] as const;
const SHOTS = "/tmp/shots-chart-keys";

async function eachScreen(page: Page, body: (tag: string) => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    for (const theme of THEMES) {
      await page.setViewportSize(size);
      await setTheme(page, theme);
      await body(`${size.width}x${size.height}-${theme}`);
    }
  }
}

interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A price as the trader reads it: Indian grouping, two decimals (written here with Intl, not the app's formatter). */
const price = (v: number) => new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
/** A bar's start on the India clock (UTC+05:30), DD/MM/YYYY HH:MM. */
function istLabel(ms: number): string {
  const d = new Date(ms + 330 * 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const view = async (canvas: Locator) => ({ from: Number(await canvas.getAttribute("data-view-from")), to: Number(await canvas.getAttribute("data-view-to")) });
const lastBarTime = async (canvas: Locator) => Number((await canvas.getAttribute("data-last-bar"))?.split("|")[0]);
const watchlistRows = (page: Page) => page.getByTestId("watchlist").locator('[role="row"][data-symbol]').evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol")));

test("in a chart End and ← ×3 read out the bar three before the last; + zooms in, Shift+← pans, 0 resets; the watchlist's + stays out", async ({ page }) => {
  await signIn(page, "DEMO2", "/dashboard");
  await eachScreen(page, async (tag) => {
    await page.keyboard.press("Control+k");
    await expect(page.locator("[cmdk-input]")).toBeFocused();
    await page.keyboard.type("Layout: Trading");
    await page.keyboard.press("Enter");
    await expect(page.locator('.tiling .pane[data-view="watchlist"]')).toBeVisible();
    const listBefore = await watchlistRows(page);

    // The chart by keyboard, from the palette's command line; its bars' address is the app's own request.
    await page.keyboard.press("Control+k");
    await expect(page.locator("[cmdk-input]")).toBeFocused();
    await page.keyboard.type("chart HCLTECH");
    await expect(page.locator('[data-command="chart.line"]')).toBeVisible();
    const barsRequest = page.waitForRequest(/\/charts\/bars\?/);
    await page.keyboard.press("Enter");
    const barsUrl = (await barsRequest).url();
    const chart = page.locator('.pane-focused[data-view="chart"] [data-testid="chart"][data-symbol="HCLTECH-EQ"]');
    await expect(chart).toBeVisible();
    const canvas = chart.getByTestId("chart-canvas");
    await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
    await expect(canvas).toHaveAttribute("data-view-to", /^\d+$/);
    const readout = chart.getByTestId("chart-readout");

    // End, then ← three times; again if a new minute's bar came in meanwhile (the count moved).
    let bars = 0;
    let last = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      bars = Number(await canvas.getAttribute("data-bars"));
      last = await lastBarTime(canvas);
      await page.keyboard.press("End");
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
      if (Number(await canvas.getAttribute("data-bars")) === bars && (await lastBarTime(canvas)) === last) break;
    }
    expect(bars).toBeGreaterThan(20);

    // The bars as the charts host serves them to this user, read with the user's own token.
    const res = await page.request.get(barsUrl, { headers: { Authorization: `Bearer ${await token(page)}` } });
    const served = ((await res.json()) as { result: Bar[] }).result;
    const lastAt = served.findIndex((b) => b.time === last);
    expect(lastAt).toBeGreaterThanOrEqual(3);
    const want = served[lastAt - 3]!;
    await expect(readout).toHaveAttribute("data-time", String(want.time));
    await expect(readout.getByTestId("chart-readout-time")).toHaveText(istLabel(want.time));
    const text = (await readout.innerText()).replace(/\s+/g, " ");
    expect(text).toContain(`O ${price(want.open)}`);
    expect(text).toContain(`H ${price(want.high)}`);
    expect(text).toContain(`L ${price(want.low)}`);
    expect(text).toContain(`C ${price(want.close)}`);
    // The change is close to close with the bar before it.
    const change = want.close - served[lastAt - 4]!.close;
    expect(text).toContain(`${change > 0 ? "+" : ""}${price(change)}`);

    // The read-out sits above the candles, inside the pane, unclipped.
    const pane = (await page.locator('.pane-focused[data-view="chart"]').boundingBox())!;
    const out = (await readout.boundingBox())!;
    const plot = (await canvas.boundingBox())!;
    expect(out.x + out.width, tag).toBeLessThanOrEqual(pane.x + pane.width);
    expect(out.y + out.height, tag).toBeLessThanOrEqual(plot.y + 1);
    await page.screenshot({ path: `${SHOTS}/crosshair-${tag}.png` });

    // +, as Shift+= types it: fewer bars in view, and it is not the watchlist's +.
    const before = await view(canvas);
    await page.keyboard.press("Shift+Equal");
    await expect.poll(async () => { const v = await view(canvas); return v.to - v.from; }).toBeLessThan(before.to - before.from);
    // The crosshair's bar is still the one read out.
    await expect(readout).toHaveAttribute("data-time", String(want.time));
    // Shift+←: the view moves to earlier bars.
    const zoomed = await view(canvas);
    await page.keyboard.press("Shift+ArrowLeft");
    await expect.poll(async () => (await view(canvas)).from).toBeLessThan(zoomed.from);
    await page.screenshot({ path: `${SHOTS}/panned-${tag}.png` });
    // 0: the crosshair off, the read-out back on the last bar, the newest bars in view again.
    await page.keyboard.press("0");
    await expect.poll(async () => (await view(canvas)).to).toBe(Number(await canvas.getAttribute("data-bars")) - 1);
    await expect(readout).toHaveAttribute("data-time", String(await lastBarTime(canvas)));

    // One crosshair, two ways: the mouse puts it on a bar, and ← goes on from that bar.
    const plotNow = (await canvas.boundingBox())!;
    await page.mouse.move(plotNow.x + plotNow.width / 2, plotNow.y + plotNow.height / 3);
    await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBeLessThan(await lastBarTime(canvas));
    const hovered = Number(await readout.getAttribute("data-time"));
    const hoveredAt = served.findIndex((b) => b.time === hovered);
    expect(hoveredAt).toBeGreaterThan(0);
    await page.keyboard.press("ArrowLeft");
    await expect(readout).toHaveAttribute("data-time", String(served[hoveredAt - 1]!.time));
    // The pointer leaves the chart: the crosshair is off, the read-out on the last bar.
    await page.mouse.move(1, 1);
    await expect(readout).toHaveAttribute("data-time", String(await lastBarTime(canvas)));

    await expect(page.locator(".status-bar")).not.toContainText("watchlist");
    expect(await watchlistRows(page)).toEqual(listBefore);
  });
});

test("the full chart page takes the same keys in its own frame: End, ←, + and Shift+←", async ({ page }) => {
  await signIn(page, "DEMO2", "/home");
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("chart HCLTECH");
  await expect(page.locator('[data-command="chart.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-testid="chart"][data-symbol="HCLTECH-EQ"]')).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("Full chart page");
  await page.keyboard.press("Enter");
  const frame = page.frameLocator('[data-testid="chart-page-frame"]');
  const canvas = frame.getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await expect(canvas).toHaveAttribute("data-view-to", /^\d+$/);
  // Into the frame by its header (the pointer off the candles, so only the keys move the crosshair).
  await frame.locator(".chart-bar .sym").click();
  const readout = frame.getByTestId("chart-readout");
  await page.keyboard.press("End");
  const last = await lastBarTime(canvas);
  await expect(readout).toHaveAttribute("data-time", String(last));
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBeLessThan(last);
  const before = await view(canvas);
  await page.keyboard.press("Shift+Equal");
  await expect.poll(async () => { const v = await view(canvas); return v.to - v.from; }).toBeLessThan(before.to - before.from);
  const zoomed = await view(canvas);
  await page.keyboard.press("Shift+ArrowLeft");
  await expect.poll(async () => (await view(canvas)).from).toBeLessThan(zoomed.from);
  await page.screenshot({ path: `${SHOTS}/chart-page.png` });
});
