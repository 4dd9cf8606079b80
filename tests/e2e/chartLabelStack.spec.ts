import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, ownBroker, setTheme, shareOf, signIn, test, token } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";
import { runLine } from "./chartHelpers";

/**
 * Drawing labels never sit on one another (core/charts/drawings/labelLayout.ts). An explorer's
 * grid of 4 at 1280x800 showed one label, "1,144.40 · alert above fired", on the 1,140.20 line:
 * the 1,144.40 line was above each cell's scale, its label pushed to the top edge onto the
 * 1,140.20 line's own label. Now a line off the scale has its label say so ("▲ 1,144.40 · alert
 * above") and stack under the others; a line on the scale keeps its label, without an arrow.
 * Here: two lines over every price a cell shows (one an alert, active) and one at the last close.
 */
const SHOTS = "/tmp/shots/chartlabels2";
fs.mkdirSync(SHOTS, { recursive: true });
const broker = ownBroker();
const check = expect.configure({ soft: true });

const gridPane = (page: Page) => page.locator('.pane[data-view="multichart"]');
const cell = (page: Page, n: number): Locator => gridPane(page).locator(`[data-testid="chart-grid-cell"][data-cell="${n}"]`);
const canvasOf = (scope: Locator): Locator => scope.getByTestId("chart-canvas");

type Rect = { left: number; top: number; right: number; bottom: number };
const meet = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Cell `n`'s labels (text and box, in the pane's pixels) and its legend's box, from data-drawing-labels and -label-texts. */
async function labelsOf(page: Page, n: number): Promise<{ labels: Array<{ text: string; box: Rect }>; legend?: Rect }> {
  return cell(page, n).evaluate((c) => {
    const chart = c.querySelector<HTMLElement>("[data-drawing-labels]");
    if (!chart) return { labels: [] };
    const boxes = (chart.dataset.drawingLabels ?? "").split("|").filter(Boolean).map((t) => t.split(",").map(Number));
    const texts = (chart.dataset.drawingLabelTexts ?? "").split("|");
    const o = chart.getBoundingClientRect();
    const lg = c.querySelector('[data-testid="chart-readout"]')?.getBoundingClientRect();
    return {
      labels: boxes.map(([l, t, r, b], i) => ({ text: texts[i] ?? "", box: { left: l!, top: t!, right: r!, bottom: b! } })),
      ...(lg ? { legend: { left: lg.left - o.left, top: lg.top - o.top, right: lg.right - o.left, bottom: lg.bottom - o.top } } : {}),
    };
  });
}

/** What is wrong with cell `n`'s labels: two meeting, one under the legend. */
async function clashes(page: Page, n: number): Promise<string[]> {
  const { labels, legend } = await labelsOf(page, n);
  const out: string[] = [];
  labels.forEach((a, i) => {
    labels.slice(i + 1).forEach((b) => {
      if (meet(a.box, b.box)) out.push(`"${a.text}" meets "${b.text}"`);
    });
    if (legend && meet(a.box, legend)) out.push(`"${a.text}" under the legend`);
  });
  return out;
}

test("a line above a grid cell's scale has its label say so, stacked clear of the others' labels", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const infy = await shareOf(page, broker.url, "INFY");
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  await page.keyboard.press("c");
  const chartPane = page.locator('.pane-focused[data-view="chart"]');
  await expect(canvasOf(chartPane)).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  const res = await page.request.get(`${broker.url}/charts/bars?exchange=NSEEQ&token=${infy.token}&interval=1m`, { headers: { Authorization: `Bearer ${await token(page)}`, Connection: "close" } });
  const high = Math.max(...((await res.json()) as { result: Array<{ high: number }> }).result.map((b) => b.high));
  const close = Number((await canvasOf(chartPane).getAttribute("data-last-bar"))!.split("|")[4]);
  const hint = chartPane.getByTestId("chart-draw-hint");

  /** A horizontal line `up` ticks over the last close: h, ↑ × up, h. */
  const line = async (up: number) => {
    await page.keyboard.press("h");
    await expect(hint).toContainText("Horizontal line");
    for (let i = 0; i < up; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("h");
    await expect(hint).toBeHidden();
  };
  const over = Math.ceil((high - close) / infy.tickSize);
  await line(0);
  await line(over + 10);
  await line(over + 20);
  await page.keyboard.press("Shift+A"); // the newest line without an alert: the one just drawn, above the price
  await page.keyboard.press("l");
  const rows = chartPane.getByTestId("chart-drawings").getByRole("option");
  await expect(rows).toHaveCount(3);
  await expect(rows.getByTestId("drawing-alert")).toHaveText(["Alert above \u00b7 active"]);
  await page.keyboard.press("Escape");

  await runLine(page, "chart grid 4", "chart.grid.line");
  for (const n of [0, 1, 2, 3]) await expect(canvasOf(cell(page, n))).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await page.mouse.move(1, 1);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    for (const n of [0, 1, 2, 3]) {
      await check.poll(async () => (await labelsOf(page, n)).labels.length, { message: `${theme}: cell ${n} draws the three labels` }).toBe(3);
      const texts = (await labelsOf(page, n)).labels.map((l) => l.text).sort();
      check(texts.filter((t) => t.startsWith("\u25b2 ")).length, `${theme}: cell ${n}'s two lines over its scale say so: ${texts.join(" | ")}`).toBe(2);
      check(texts.some((t) => /^\u25b2 [\d,]+\.\d\d \u00b7 alert above$/.test(t)), `${theme}: cell ${n}'s alert line, active, says so`).toBe(true);
      check(texts.some((t) => /^[\d,]+\.\d\d$/.test(t)), `${theme}: cell ${n}'s line at the close has its plain label`).toBe(true);
      await check.poll(() => clashes(page, n), { message: `${theme}: cell ${n}'s labels` }).toEqual([]);
      // The read-out over the candles is one line (chart.css), the close first: it wrapped onto two or three.
      const readout = cell(page, n).getByTestId("chart-readout");
      const one = await readout.evaluate((r) => {
        const lines = new Set(Array.from(r.children).filter((c) => c.getBoundingClientRect().bottom <= r.getBoundingClientRect().bottom + 0.5).map((c) => Math.round(c.getBoundingClientRect().top)));
        const first = Array.from(r.children).sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)[0];
        return { height: r.getBoundingClientRect().height, lines: lines.size, first: first?.textContent ?? "" };
      });
      check(one.height, `${theme}: cell ${n}'s read-out is one line high`).toBeLessThan(20);
      check(one.lines, `${theme}: cell ${n}'s read-out shows one line of figures`).toBe(1);
      check(one.first, `${theme}: cell ${n}'s read-out starts with the close`).toMatch(/^C /);
    }
    await page.screenshot({ path: `${SHOTS}/stack-grid-${theme}-1280x800.png` });
    await cell(page, 0).screenshot({ path: `${SHOTS}/stack-${theme}-cell1.png` });
  }
  // At 1680x1000 too, the cells wider: the labels still clear of one another.
  await page.setViewportSize({ width: 1680, height: 1000 });
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    for (const n of [0, 1, 2, 3]) await check.poll(() => clashes(page, n), { message: `1680 ${theme}: cell ${n}'s labels` }).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/stack-grid-${theme}-1680x1000.png` });
  }
});
