import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, ownBroker, palette, setTheme, shareOf, signIn, test, token, startReplay } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";
import { runLine } from "./chartHelpers";

/**
 * Three chart labels that were cut or covered in a chart grid's cells (lightweight-charts draws
 * them on its canvas; the chart puts where on its elements, as it does data-last-tag):
 * 1. In a replay, a trade mark's label ("Replay B 10 @ 1,138.80") is whole, inside its cell's
 *    candle pane: it was cut at the price axis (the room right of the last bar was a fixed 48 px).
 * 2. A price alert's line near the top of a cell has its label clear of the cell's legend (the
 *    read-out floating over the candles): it was drawn under it.
 * 3. The RSI pane's last-value tag sits over no number of its axis: the axis reads RSI's levels, 30
 *    and 70, labels the library keeps clear of the tag; its own numbers (100, 50, 0) were drawn
 *    under the tag.
 * Each in a grid of 4 at 1680x1000 (under the Trading layout's panes) and in a split, the grid
 * beside the watchlist alone; dark and light. Against a broker of this file's own (a clean layout,
 * and the replay restarts it).
 */
const SHOTS = "/tmp/fix-chartlabels";
fs.mkdirSync(SHOTS, { recursive: true });
const broker = ownBroker();
/** Each cell and theme checked, and pictured, before the test fails on any: the screenshots show what was wrong. */
const check = expect.configure({ soft: true });

const gridPane = (page: Page) => page.locator('.pane[data-view="multichart"]');
const cell = (page: Page, n: number): Locator => gridPane(page).locator(`[data-testid="chart-grid-cell"][data-cell="${n}"]`);
const canvasOf = (scope: Locator): Locator => scope.getByTestId("chart-canvas");
const CELLS = [0, 1, 2, 3] as const;

type Rect = { left: number; top: number; right: number; bottom: number };
const inside = (a: Rect, b: Rect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
const meet = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const words = (r: Rect) => `[${Math.round(r.left)}..${Math.round(r.right)}] x [${Math.round(r.top)}..${Math.round(r.bottom)}]`;

/** The grid of 4 on INFY, from the watchlist's cursor: under the Trading layout's panes, or (`split`) beside the watchlist alone. */
async function gridOnInfy(page: Page, split: boolean): Promise<void> {
  const wl = await watchlistWith(page);
  if (split) {
    await page.keyboard.press("Alt+1");
    await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
    await palette(page, "Layout: Single pane");
    await expect(page.locator(".tiling .pane")).toHaveCount(1);
  }
  await cursorOn(page, wl, "INFY-EQ");
  await runLine(page, "chart grid 4", "chart.grid.line");
  await expect(gridPane(page)).toHaveClass(/pane-focused/);
  for (const n of CELLS) await expect(canvasOf(cell(page, n))).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  if (split) await expect(page.locator('.tiling .pane[data-view="watchlist"]')).toBeVisible();
}

/** Each drawing label of cell `n` that is not inside the cell or lies under its legend (the read-out over the candles). */
async function coveredDrawingLabels(page: Page, n: number): Promise<string[]> {
  const at = await cell(page, n).evaluate((c) => {
    const chart = c.querySelector<HTMLElement>("[data-drawing-labels]");
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    if (!chart) return undefined;
    const origin = chart.getBoundingClientRect();
    const labels = (chart.dataset.drawingLabels ?? "")
      .split("|")
      .filter(Boolean)
      .map((t) => t.split(",").map(Number))
      .map(([l, t, r, b]) => ({ left: origin.left + l!, top: origin.top + t!, right: origin.left + r!, bottom: origin.top + b! }));
    const legend = c.querySelector('[data-testid="chart-readout"]');
    return { labels, cell: box(c), legend: legend ? box(legend) : undefined };
  });
  if (!at) return ["no drawing labels drawn"];
  if (at.labels.length === 0) return ["no drawing labels drawn"];
  const out: string[] = [];
  for (const l of at.labels) {
    if (!inside(l, at.cell)) out.push(`label ${words(l)} past its cell ${words(at.cell)}`);
    if (at.legend && meet(l, at.legend)) out.push(`label ${words(l)} under the legend ${words(at.legend)}`);
  }
  return out;
}

/** Each trade-mark label of cell `n` that runs out of its candle pane (the canvas the library clips it to) or its cell. */
async function cutMarkLabels(page: Page, n: number): Promise<string[]> {
  const at = await cell(page, n).evaluate((c) => {
    const host = c.querySelector<HTMLElement>('[data-testid="chart-canvas"]');
    // The library's table: a row per pane (its left axis, the pane, its right axis), the time axis last.
    const paneCell = host?.querySelector("table tr")?.querySelectorAll("td")[1];
    if (!host || !paneCell) return undefined;
    const p = paneCell.getBoundingClientRect();
    const r = c.getBoundingClientRect();
    return { marks: host.dataset.markLabels ?? "", pane: { left: p.left, right: p.right }, cell: { left: r.left, right: r.right } };
  });
  if (!at || !at.marks) return ["no mark labels drawn"];
  const out: string[] = [];
  for (const m of at.marks.split("|")) {
    const [l, r] = m.split(",").map(Number);
    const left = at.pane.left + l!;
    const right = at.pane.left + r!;
    if (left < at.pane.left - 0.5 || right > at.pane.right + 0.5) out.push(`label [${Math.round(left)}..${Math.round(right)}] cut by its pane [${Math.round(at.pane.left)}..${Math.round(at.pane.right)}]`);
    if (left < at.cell.left - 0.5 || right > at.cell.right + 0.5) out.push(`label [${Math.round(left)}..${Math.round(right)}] past its cell [${Math.round(at.cell.left)}..${Math.round(at.cell.right)}]`);
  }
  return out;
}

/**
 * The RSI pane's price axis, read from its canvas: the rows holding text that no label's box holds
 * (the library's own numbers, which its labels are drawn over), and the rows the labels' boxes fill.
 * A label's box starts at the axis's left edge; a number's text starts a few pixels in, on the axis's background.
 */
async function rsiAxis(scope: Locator): Promise<{ numberRows: number; labelRows: number }> {
  return scope.evaluate((host) => {
    const rows = Array.from(host.querySelectorAll("table tr")).filter((r) => r.querySelectorAll("td").length >= 3);
    // Pane rows: the candles' first, the RSI's second (the time axis's row is last, of three cells too).
    const axis = rows[1]?.querySelectorAll("td")[2]?.querySelector("canvas");
    const ctx = axis?.getContext("2d");
    if (!axis || !ctx) return { numberRows: -1, labelRows: -1 };
    const { width, height } = axis;
    const px = ctx.getImageData(0, 0, width, height).data;
    const ratio = width / axis.getBoundingClientRect().width;
    const at = (x: number, y: number) => px.slice((y * width + x) * 4, (y * width + x) * 4 + 3).join(",");
    const bg = at(width - 1, height - 1);
    const edge = Math.round(2 * ratio);
    let numberRows = 0;
    let labelRows = 0;
    for (let y = 0; y < height; y++) {
      if (at(edge, y) !== bg) {
        labelRows++;
        continue;
      }
      for (let x = edge + 1; x < width; x++) {
        if (at(x, y) !== bg) {
          numberRows++;
          break;
        }
      }
    }
    return { numberRows, labelRows };
  });
}

/** The highest price of INFY's last `count` bars (GET /charts/bars, as the chart reads them): more than any cell shows. */
async function highestOfLast(page: Page, tokenOf: number, count: number): Promise<number> {
  const res = await page.request.get(`${broker.url}/charts/bars?exchange=NSEEQ&token=${tokenOf}&interval=1m`, { headers: { Authorization: `Bearer ${await token(page)}`, Connection: "close" } });
  const bars = ((await res.json()) as { result: Array<{ high: number }> }).result;
  return Math.max(...bars.slice(-count).map((b) => b.high));
}

/** The grid closed (Alt+W on it), back to the layout it was opened in. */
async function closeGrid(page: Page): Promise<void> {
  await gridPane(page).locator(".pane-title").click();
  await expect(gridPane(page)).toHaveClass(/pane-focused/);
  await page.keyboard.press("Alt+w");
  await expect(gridPane(page)).toHaveCount(0);
}

test("a price alert's line over the candles has its label clear of each grid cell's legend; the RSI pane's tag covers no number of its axis", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const infy = await shareOf(page, broker.url, "INFY");
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");

  // The alert's line is set on INFY's chart pane (drawings are the instrument's: every INFY chart
  // draws them), over every price a cell shows, so each cell draws its label at the pane's top,
  // where the legend floats: h, ↑ by ticks to 10 ticks over the highest bar in view, h, then Shift+A.
  await page.keyboard.press("c");
  const chartPane = page.locator('.pane-focused[data-view="chart"]');
  await expect(canvasOf(chartPane)).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  const high = await highestOfLast(page, infy.token, 300);
  const close = Number((await canvasOf(chartPane).getAttribute("data-last-bar"))!.split("|")[4]);
  await page.keyboard.press("h");
  await expect(chartPane.getByTestId("chart-draw-hint")).toContainText("Horizontal line");
  const steps = Math.ceil((high - close) / infy.tickSize) + 10;
  for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("h");
  await expect(chartPane.getByTestId("chart-draw-hint")).toBeHidden();
  await page.keyboard.press("l");
  const rows = chartPane.getByTestId("chart-drawings").getByRole("option");
  await expect(rows).toHaveCount(1);
  await page.keyboard.press("Shift+A");
  await expect(rows.first().getByTestId("drawing-alert")).toHaveText(/^Alert above \u00b7 (active|fired)$/);
  await page.keyboard.press("Escape");
  await expect(chartPane.getByTestId("chart-drawings")).toBeHidden();

  for (const split of [false, true]) {
    await gridOnInfy(page, split);
    // RSI on the second cell (the grid's focused cell takes `chart add`).
    await page.keyboard.press("ArrowRight");
    await expect(cell(page, 1)).toHaveAttribute("data-focused", "true");
    await runLine(page, "chart add rsi 14", "chart.indicators.line");
    await expect(canvasOf(cell(page, 1)).locator('[data-indicators="rsi 14"]')).toBeAttached();
    const where = split ? "split" : "full";
    // The mouse off the charts: no crosshair label on an axis.
    await page.mouse.move(1, 1);
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      for (const n of CELLS) await check.poll(() => coveredDrawingLabels(page, n), { message: `${where} ${theme}: cell ${n}'s alert label` }).toEqual([]);
      await check.poll(async () => (await rsiAxis(canvasOf(cell(page, 1)))).numberRows, { message: `${where} ${theme}: rows of the RSI axis with a number outside its labels` }).toBe(0);
      check((await rsiAxis(canvasOf(cell(page, 1)))).labelRows, "the RSI axis has its tag and levels").toBeGreaterThan(20);
      await page.screenshot({ path: `${SHOTS}/alert-rsi-${where}-${theme}-1680x1000.png` });
      for (const n of [0, 1]) await cell(page, n).screenshot({ path: `${SHOTS}/alert-rsi-${where}-${theme}-cell${n + 1}.png` });
    }
    if (!split) await closeGrid(page);
  }
});

test("in a replay, a trade mark's label is whole in each grid cell's candle pane", async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await startReplay(page, "2026-11-23");
  const badge = page.getByTestId("replay-badge");
  await expect(badge).toHaveText("REPLAY 1×", { timeout: 180_000 });
  await page.keyboard.press("Alt+Shift+Space");
  await expect(badge).toHaveText("REPLAY paused · 1×");
  // A buy in the replay account: a circle at the last bar labelled "Replay B 10 @ …", the widest of a mark's labels.
  await commandLine(page, "buy INFY 10");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });

  for (const split of [false, true]) {
    await gridOnInfy(page, split);
    const where = split ? "split" : "full";
    for (const n of CELLS) await expect(canvasOf(cell(page, n))).toHaveAttribute("data-marks", /^Replay B 10 @ [\d,]+\.\d\d$/, { timeout: 30_000 });
    await page.mouse.move(1, 1);
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      for (const n of CELLS) await check.poll(() => cutMarkLabels(page, n), { message: `${where} ${theme}: cell ${n}'s mark label` }).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/marks-${where}-${theme}-1680x1000.png` });
      await cell(page, 0).screenshot({ path: `${SHOTS}/marks-${where}-${theme}-cell1.png` });
    }
    if (!split) await closeGrid(page);
  }
  await palette(page, "Leave replay");
  await expect(badge).toBeHidden({ timeout: 180_000 });
});
