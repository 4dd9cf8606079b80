import type { Locator } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/**
 * The keys' crosshair outlives the library's own redraws (the clean-clone CI of 10fcaf1e,
 * screen-chart-keys: End, ← ×3 read out the last bar, no crosshair drawn). lightweight-charts keeps
 * a crosshair at its pixel and, on each data update, reports it again at that pixel with no mouse
 * event; where that pixel names no bar (the chart narrowed under it, the empty room right of the last
 * bar), the report has no time, and the chart took it for the pointer leaving. A report with no event
 * but a point is the library's redraw; only the pointer leaving (no point) turns the crosshair off.
 */
const lastBarTime = async (canvas: Locator) => Number((await canvas.getAttribute("data-last-bar"))?.split("|")[0]);

test("the keys' crosshair stays on its bar when the chart narrows under it and ticks redraw it; the pointer leaving still turns it off", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO2", "/dashboard");
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("chart HCLTECH");
  await expect(page.locator('[data-command="chart.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  const chart = page.locator('.pane-focused[data-view="chart"] [data-testid="chart"][data-symbol="HCLTECH-EQ"]');
  await expect(chart).toBeVisible();
  const canvas = chart.getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  const readout = chart.getByTestId("chart-readout");

  // The keys on the bar before the last: its pixel is near the right edge of a wide chart.
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBeLessThan(await lastBarTime(canvas));
  const held = await readout.getAttribute("data-time");

  // The window narrows (the layout still tiled): the pixel the library kept now lies past the chart's last bar.
  const wide = (await canvas.boundingBox())!.width;
  await page.setViewportSize({ width: 1280, height: 1000 });
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThan(wide * 0.85);
  // Ticks redraw the crosshair at that pixel (the last bar moves with each trade).
  for (let i = 0; i < 3; i++) {
    const before = await canvas.getAttribute("data-last-bar");
    await expect(canvas).not.toHaveAttribute("data-last-bar", before ?? "", { timeout: 20_000 });
  }
  // The keys' bar is still the one read out, and ← goes on from it.
  await expect(readout).toHaveAttribute("data-time", held!);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBeLessThan(Number(held));

  // The pointer over the chart, then off it: the crosshair is off, the read-out on the last bar.
  const plot = (await canvas.boundingBox())!;
  await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 3);
  await page.mouse.move(1, 1);
  await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBe(await lastBarTime(canvas));
});
