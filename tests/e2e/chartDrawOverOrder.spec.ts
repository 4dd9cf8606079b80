import fs from "node:fs";
import type { Request } from "@playwright/test";
import { bookPrice, openChart, restingBuy, shown } from "./chartHelpers";
import { expect, setTheme, test } from "./fixtures";

/**
 * FINDINGS-25 s1, keyboard only: an order line selected (Tab) and moved a tick (↑), then `h` starts a
 * horizontal line whose hint says "↑ ↓ ticks · h or Enter sets it · Esc abandons". The keys must do
 * what the hint says: ↑ ↑ move the drawing, Enter sets it, and no modify leaves for the order (before,
 * ↑ ↑ moved the ORDER line and Enter modified the real order). Screenshots 1680x1000, dark and light,
 * in the Monitor layout's split (the Orders pane beside the chart).
 */
test.use({ viewport: { width: 1680, height: 1000 } });
const SHOTS = "/tmp/shots-chart-draw-over-order";
fs.mkdirSync(SHOTS, { recursive: true });

// A share no other spec trades: the row is found by the share.
const SHARE = "BAJAJFINSV";

test("order line selected and moved, h, ↑ ↑, Enter: the line is drawn two ticks up and the order's price is unchanged", async ({ page, baseURL }) => {
  const origin = baseURL!;
  const { orderNo, row, limit, tickSize } = await restingBuy(page, origin, SHARE);
  const { pane, chart, canvas } = await openChart(page, SHARE);
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);
  const modifies: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/core/v2/orders/${orderNo}`)) modifies.push(r);
  });

  // The mouse left parked on the chart's upper part, away from the close (a trader who moved it there,
  // then took to the keys): a drawing started by h begins at the keys' crosshair all the same (the
  // clean-clone CI of 228f438 drew the line from where an earlier click had left the mouse).
  const box = (await canvas.boundingBox())!;
  const parked = [box.x + box.width / 2, box.y + box.height * 0.12] as const;
  await page.mouse.move(...parked);
  // Tab selects the order's line; ↑ moves it a tick (its bar: "Enter modifies, Esc puts back").
  await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", `order:${orderNo}:price`);
  await page.keyboard.press("ArrowUp");
  await expect(canvas).toHaveAttribute("data-pending-price", /\d/);

  // h: the drawing takes the keys; the order line is deselected and back at its price.
  // The close of the crosshair's bar (the mouse's, where it was left), as the read-out says it.
  const readoutClose = chart.locator('[data-testid="chart-readout"] .readout-close b');
  const crosshairClose = async () => Number((await readoutClose.innerText()).replace(/,/g, ""));
  const before = await crosshairClose();
  await page.keyboard.press("h");
  const hint = pane.getByTestId("chart-draw-hint");
  await expect(hint).toContainText("Horizontal line");
  // The browser repeats a mousemove under the still mouse when the page beneath it changes (the hint
  // shown): a move to where it already is. Not the trader's move: the keys keep the drawing.
  await page.mouse.move(...parked);
  const after = await crosshairClose();
  await expect(canvas).toHaveAttribute("data-selected-line", "");
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  await expect(chart.getByTestId("order-line-bar")).toBeHidden();

  for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowUp");
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/placing-dark-1680x1000.png` });
  await setTheme(page, "light");
  await page.screenshot({ path: `${SHOTS}/placing-light-1680x1000.png` });
  await page.keyboard.press("Enter");
  await expect(hint).toBeHidden();

  // The line is drawn two ticks over the close h took, its crosshair bar's, not the parked mouse's price (the
  // price ticks meanwhile if that bar is the live one: between the closes read around it).
  const toast = page.getByText(new RegExp(`^Horizontal line drawn on ${SHARE}-EQ: [\\d,.]+$`));
  await expect(toast).toBeVisible();
  const drawn = Number((await toast.innerText()).split(": ")[1]!.replace(/,/g, ""));
  const [low, high] = [Math.min(before, after), Math.max(before, after)];
  expect(drawn).toBeGreaterThanOrEqual(Number((low + 2 * tickSize - 0.0001).toFixed(4)));
  expect(drawn).toBeLessThanOrEqual(Number((high + 2 * tickSize + 0.0001).toFixed(4)));
  await page.screenshot({ path: `${SHOTS}/drawn-light-1680x1000.png` });
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/drawn-dark-1680x1000.png` });

  // The order: no modify sent, the book's price and the Orders row still the limit it was placed at.
  expect(await bookPrice(page, origin, orderNo)).toBe(limit);
  await expect(row).toContainText(shown(limit));
  expect(modifies).toHaveLength(0);
  await expect(page.getByText(/^Modified:/)).toHaveCount(0);
});
