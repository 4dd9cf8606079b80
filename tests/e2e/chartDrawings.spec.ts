import type { Page } from "@playwright/test";
import { expect, palette, setTheme, signIn, test } from "./fixtures";

/**
 * Issue 34, "Drawings by keyboard", keyboard only: a horizontal line drawn at the crosshair and
 * stepped up by ticks becomes a price alert with Shift+A (the alerts view lists it, the drawings
 * list shows it linked); a trend line and a Fibonacci retracement are drawn from two crosshair
 * points; Delete in the side list removes the trend line; after a reload the line and the fib are
 * still there (kept by the broker). Screenshots: 1680x1000 dark and light, split and single.
 */
const SHOTS = "/tmp/shots-chart-drawings";

async function openChart(page: Page) {
  await palette(page, "Layout: Trading");
  await expect(page.locator('.tiling .pane[data-view="watchlist"]')).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("chart HCLTECH");
  await expect(page.locator('[data-command="chart.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  const pane = page.locator('.pane-focused[data-view="chart"]');
  const canvas = pane.locator('[data-testid="chart"][data-symbol="HCLTECH-EQ"]').getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  return { pane, canvas };
}

test("draw a line and make it an alert, a trend line and a fib; Delete one from the list; a reload keeps the rest", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard");
  const { pane, canvas } = await openChart(page);
  const rows = pane.getByTestId("chart-drawings").getByRole("option");

  // The crosshair is off: h puts it on the last bar and starts the line at its close; ↑ ×10 steps it ten ticks up.
  // The price ticks meanwhile: the close h took lies between the closes read just before and just after it.
  const lastClose = async () => Number((await canvas.getAttribute("data-last-bar"))!.split("|")[4]);
  const before = await lastClose();
  await page.keyboard.press("h");
  await expect(pane.getByTestId("chart-draw-hint")).toContainText("Horizontal line");
  const after = await lastClose();
  const [low, high] = [Math.min(before, after), Math.max(before, after)];
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("h");
  await expect(pane.getByTestId("chart-draw-hint")).toBeHidden();
  await page.keyboard.press("l");
  await expect(rows).toHaveCount(1);
  const lineText = (await rows.first().locator(".what").innerText()).trim();
  const linePrice = Number(lineText.replace(/,/g, ""));
  // HCLTECH's tick is 0.05 or 0.10: ten ticks up is between 0.50 and 1.00 above the close h took.
  expect(linePrice - low).toBeGreaterThanOrEqual(0.4999);
  expect(linePrice - high).toBeLessThanOrEqual(1.0001);
  // The toast says what was drawn where: the tool, the chart's instrument and the line's price.
  await expect(page.getByText(`Horizontal line drawn on HCLTECH-EQ: ${lineText}`)).toBeVisible();

  // Shift+A: the line becomes an alert ABOVE (it is above the last price), and its row says so.
  await page.keyboard.press("Shift+A");
  // (Active, or fired already: the simulated price may reach it within seconds.)
  await expect(rows.first().getByTestId("drawing-alert")).toHaveText(/^Alert above \u00b7 (active|fired)$/);

  // A trend line: t anchors at the crosshair's bar, ← ×5, t sets the second point.
  await page.keyboard.press("End");
  await page.keyboard.press("t");
  for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("t");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveAttribute("data-tool", "trend");
  // A fib: ← ×20, f, ← ×30, ↓ ×20 (the second point below), Enter.
  for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("f");
  for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowLeft");
  for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowDown");
  await expect(pane.getByTestId("chart-draw-hint")).toContainText("Fibonacci retracement: second point");
  await page.screenshot({ path: `${SHOTS}/placing-fib-1680x1000-dark.png` });
  await page.keyboard.press("Enter");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toHaveAttribute("data-tool", "fib");
  // A rectangle and a measure too, for the screenshots; Esc abandons one half-placed.
  for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Shift+R");
  for (let i = 0; i < 25; i++) await page.keyboard.press("ArrowLeft");
  for (let i = 0; i < 25; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+M");
  for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowRight");
  for (let i = 0; i < 15; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await page.keyboard.press("t");
  await expect(pane.getByTestId("chart-draw-hint")).toContainText("Trend line");
  await page.keyboard.press("Escape");
  await expect(pane.getByTestId("chart-draw-hint")).toBeHidden();
  await expect(rows).toHaveCount(5);

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/split-1680x1000-${theme}.png` });
  }
  await page.keyboard.press("Alt+m");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/single-1680x1000-${theme}.png` });
  }
  await page.keyboard.press("Alt+m");

  // The list: ↓ to the trend line (the second), Delete removes it.
  await page.keyboard.press("ArrowDown");
  await expect(rows.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Delete");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toHaveAttribute("data-tool", "fib");
  // Esc closes the list.
  await page.keyboard.press("Escape");
  await expect(pane.getByTestId("chart-drawings")).toBeHidden();

  // A reload: the broker kept them.
  await page.reload();
  const again = page.locator('[data-view="chart"]').filter({ has: page.locator('[data-symbol="HCLTECH-EQ"]') });
  await expect(again.getByTestId("chart-canvas")).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await again.getByTestId("chart-canvas").click({ position: { x: 5, y: 5 } });
  await expect(page.locator('.pane-focused[data-view="chart"]')).toBeVisible();
  await page.keyboard.press("l");
  const kept = page.locator('.pane-focused[data-view="chart"]').getByTestId("chart-drawings").getByRole("option");
  await expect(kept).toHaveCount(4);
  await expect(kept.evaluateAll((els) => els.map((e) => e.getAttribute("data-tool")))).resolves.toEqual(["hline", "fib", "rect", "measure"]);
  await expect(kept.first().getByTestId("drawing-alert")).toHaveText(/^Alert above \u00b7 (active|fired)$/);

  // The alerts view lists the line's alert: HCLTECH above its price.
  await palette(page, "Alerts");
  const alertRow = page.getByRole("table", { name: "Price alerts" }).locator("tbody tr").filter({ hasText: "HCLTECH" });
  await expect(alertRow).toHaveCount(1);
  // The alerts view writes the condition's price as ₹ and the number, grouped the Indian way with the exchange's decimals ("above ₹1,145.70").
  await expect(alertRow.locator("td").nth(1)).toHaveText(`above \u20b9${Number(linePrice).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await page.screenshot({ path: `${SHOTS}/alerts-1680x1000-light.png` });
});
