import fs from "node:fs";
import type { Locator, Page, Request } from "@playwright/test";
import { bookPrice, openChart, shown } from "./chartHelpers";
import { expect, ownBroker, palette, setTheme, shareOf, signIn, test } from "./fixtures";

/**
 * The pointer has the one owner the keys have (chartDrawOverOrder.spec, 5bf5187): while a horizontal
 * line is being placed, a press over a working order's line is the drawing's. A press and drag there
 * must neither select the order line nor move it (before, the press picked the line and the drag gave
 * it a pending price that the next Enter sent as a modify of the real order); a click there sets the
 * drawing, as a click anywhere else on the chart does. Screenshot 1680x1000, dark, in the Monitor
 * layout's split (the Orders pane beside the chart).
 */
test.use({ viewport: { width: 1680, height: 1000 } });
const SHOTS = "/tmp/shots-chart-draw-press-over-order";
fs.mkdirSync(SHOTS, { recursive: true });

// A share no other spec trades: the row is found by the share.
const SHARE = "CIPLA";
// A broker of its own: the LIMIT buy rests near the candles' low and may fill later, a CIPLA holding
// that specs counting DEMO1's seeded holdings on a shared broker would read (portfolio.spec).
const broker = ownBroker();

/** The height (page px) of an order line's middle: where the chart shows the line's ns-resize pointer. */
async function lineY(page: Page, canvas: Locator, x: number): Promise<number> {
  const box = (await canvas.boundingBox())!;
  const grabs: number[] = [];
  for (let y = Math.round(box.y + 10); y < box.y + box.height - 30; y += 2) {
    await page.mouse.move(x, y);
    if ((await canvas.evaluate((el) => el.style.cursor)) === "ns-resize") grabs.push(y);
    else if (grabs.length > 0) break;
  }
  expect(grabs.length).toBeGreaterThan(0);
  return grabs[Math.floor(grabs.length / 2)]!;
}

test("a horizontal line being placed: a press and drag on a working order's line leaves the order; a click there sets the drawing", async ({ page }) => {
  const origin = broker.url;
  await signIn(page, "DEMO1", "/dashboard", origin);
  await palette(page, "Layout: Monitor");
  await expect(page.locator('.tiling .pane[data-view="orders"]')).toBeVisible();

  // A LIMIT buy priced under every candle in view, so it rests and its line is drawn on the chart (not
  // off its scale): b with the mouse near the foot of the candle pane (the window opens at its price).
  let { chart, canvas } = await openChart(page, SHARE);
  const box = (await canvas.boundingBox())!;
  const x = box.x + box.width * 0.6;
  await page.mouse.move(x, box.y + box.height * 0.82 - 1);
  await page.mouse.move(x, box.y + box.height * 0.82);
  await page.keyboard.press("b");
  const orderWindow = page.getByRole("form", { name: "Order window" });
  await expect(orderWindow).toBeVisible();
  await page.locator("#ow-quantity").fill("1");
  await page.keyboard.press("Enter");
  await expect(orderWindow).toBeHidden();
  const row = page.locator(`[data-view="orders"] tr[data-order-no]:has-text("${SHARE}")`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("LIMIT");
  const orderNo = (await row.getAttribute("data-order-no"))!;
  const limit = (await bookPrice(page, origin, orderNo))!;

  ({ chart, canvas } = await openChart(page, SHARE));
  const pane = page.locator('.pane-focused[data-view="chart"]');
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);
  const y = await lineY(page, canvas, x);
  const modifies: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/core/v2/orders/${orderNo}`)) modifies.push(r);
  });

  // h, then a press on the order line and a drag up: the line is not selected, has no pending price,
  // and the drawing is still being placed (a drag sets no point, anywhere on the chart).
  await page.keyboard.press("h");
  const hint = pane.getByTestId("chart-draw-hint");
  await expect(hint).toContainText("Horizontal line");
  await page.mouse.move(x, y);
  await expect.poll(() => canvas.evaluate((el) => el.style.cursor)).not.toBe("ns-resize");
  await page.mouse.down();
  await page.mouse.move(x, y - 20, { steps: 4 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute("data-selected-line", "");
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  await expect(chart.getByTestId("order-line-bar")).toBeHidden();
  await expect(hint).toBeVisible();
  // The mouse parked on the order line: the line being placed stays at the mouse's price as the chart
  // ticks (before, a tick's redraw put it back on the bar's close), and a click there, without moving, sets it.
  await page.mouse.move(x, y);
  const { tickSize } = await shareOf(page, origin, SHARE);
  const labels = chart.locator("[data-drawing-label-texts]");
  const previewPrice = async () => Number(((await labels.getAttribute("data-drawing-label-texts")) ?? "").split("|").at(-1)!.replace(/,/g, ""));
  await page.waitForTimeout(2500);
  expect(Math.abs((await previewPrice()) - limit)).toBeLessThanOrEqual(3 * tickSize + 1e-6);
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/placing-over-order-dark-1680x1000.png` });

  // A click on the order line sets the drawing there; Enter after it has nothing of the order's to send.
  await page.mouse.down();
  await page.mouse.up();
  await expect(hint).toBeHidden();
  const toast = page.getByText(new RegExp(`^Horizontal line drawn on ${SHARE}-EQ: [\\d,.]+$`));
  await expect(toast).toBeVisible();
  // At the order line's price: the press was the drawing's, at the mouse's price.
  const drawn = Number((await toast.innerText()).split(": ")[1]!.replace(/,/g, ""));
  expect(Math.abs(drawn - limit)).toBeLessThanOrEqual(3 * tickSize + 1e-6);
  await expect(canvas).toHaveAttribute("data-selected-line", "");
  await page.keyboard.press("Enter");
  await page.screenshot({ path: `${SHOTS}/drawn-over-order-dark-1680x1000.png` });

  // The order: no modify sent, the book's price and the Orders row still the limit it was placed at.
  expect(await bookPrice(page, origin, orderNo)).toBe(limit);
  await expect(row).toContainText(shown(limit));
  expect(modifies).toHaveLength(0);
  await expect(page.getByText(/^Modified:/)).toHaveCount(0);
});
