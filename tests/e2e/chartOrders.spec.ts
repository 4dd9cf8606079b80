import fs from "node:fs";
import type { Page, Request } from "@playwright/test";
import { bookPrice, openChart, restingBuy, runLine, shown } from "./chartHelpers";
import { api, commandLine, expect, ownBroker, palette, setSharePrice, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * Issue 34, orders on the chart, keyboard only: a LIMIT buy rests under the market; in its chart
 * Tab selects its line, ↑ three times moves it three ticks, and Enter (hit three times) sends
 * exactly ONE modify: the broker's book and the Orders pane show the price three ticks higher.
 * Esc after moving puts the line back and sends nothing. Screenshots at 1680x1000, dark and light,
 * in a split layout (watchlist | chart | orders over positions).
 */
test.use({ viewport: { width: 1680, height: 1000 } });
const SHOTS = "/tmp/shots-chart-orders";
fs.mkdirSync(SHOTS, { recursive: true });

async function historyPrices(page: Page, origin: string, orderNo: string): Promise<number[]> {
  const env = await api<{ price: number }>(page.request, origin, await token(page), `/core/v2/orders/${orderNo}`, {});
  return env.result.map((r) => r.price);
}


// A share no other spec trades: the worker's broker keeps every earlier spec's orders (INFY has many), and
// these tests count their own lines and rows.
const SHARE = "MARUTI";

test("a LIMIT buy's line: Tab, ↑ ×3, Enter ×3 sends one modify three ticks up; Esc puts a moved line back and sends none", async ({ page, baseURL }) => {
  const origin = baseURL!;
  // A LIMIT buy 10 % under the market, on the tick grid: it rests.
  const { orderNo, row, limit, tickSize } = await restingBuy(page, origin, SHARE);
  const ticks = (p: number) => Math.round(p / tickSize);

  // Its chart, from the palette's command line (it takes the focus).
  const { chart, canvas } = await openChart(page, SHARE);
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);

  // Every modify the page sends (PUT on the order's address).
  const modifies: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/core/v2/orders/${orderNo}`)) modifies.push(r);
  });

  // Tab selects the order's line: its id is the order's number and price, not a place in a list.
  await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", `order:${orderNo}:price`);
  const bar = chart.getByTestId("order-line-bar");
  await expect(bar).toContainText("Buy 1 LIMIT");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  // Three ticks up, worked out on the tick grid.
  const moved = Number(((ticks(limit) + 3) * tickSize).toFixed(2));
  await expect(canvas).toHaveAttribute("data-pending-price", String(moved));
  await expect(bar).toContainText(`₹${shown(limit)} → ₹${shown(moved)}`);
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/moved-dark-1680x1000.png` });
  await setTheme(page, "light");
  await page.screenshot({ path: `${SHOTS}/moved-light-1680x1000.png` });

  // Enter, hit three times: one modify.
  for (let i = 0; i < 3; i++) await page.keyboard.press("Enter");
  await expect.poll(() => bookPrice(page, origin, orderNo)).toBe(moved);
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  await expect(row).toContainText(shown(moved));
  // The line stays selected on its order, now at the book's price.
  await expect(canvas).toHaveAttribute("data-selected-line", `order:${orderNo}:price`);
  await expect(bar).toContainText(`at ₹${shown(moved)}`);
  expect(modifies).toHaveLength(1);
  // The order's history: placed at the limit, then one change to the new price.
  const history = await historyPrices(page, origin, orderNo);
  expect(history.filter((p) => p === moved)).toHaveLength(history.length - history.filter((p) => p === limit).length);
  expect(history[0]).toBe(limit);
  expect(history[history.length - 1]).toBe(moved);
  await page.screenshot({ path: `${SHOTS}/modified-light-1680x1000.png` });
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/modified-dark-1680x1000.png` });

  // Esc: ↑ twice, Esc puts it back; Enter then has nothing to send.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(canvas).toHaveAttribute("data-pending-price", String(Number(((ticks(moved) + 2) * tickSize).toFixed(2))));
  await page.keyboard.press("Escape");
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  await expect(canvas).toHaveAttribute("data-selected-line", `order:${orderNo}:price`);
  await page.keyboard.press("Enter");
  // A second Esc deselects.
  await page.keyboard.press("Escape");
  await expect(canvas).toHaveAttribute("data-selected-line", "");
  await expect(bar).toBeHidden();
  // The book answers after every key above was handled: still the one modify, at the moved price.
  expect(await bookPrice(page, origin, orderNo)).toBe(moved);
  expect(modifies).toHaveLength(1);

  // No focus trap: Tab walks the lines top to bottom, and Tab on the last leaves the chart for the
  // next pane in reading order (the Monitor layout's Orders): the chart pane is no longer the focused one.
  const focusedChart = page.locator('.pane-focused[data-view="chart"]');
  await page.keyboard.press("Tab");
  await expect(canvas).not.toHaveAttribute("data-selected-line", "");
  for (let i = 0; i < 10 && (await focusedChart.count()) > 0; i++) await page.keyboard.press("Tab");
  await expect(focusedChart).toHaveCount(0);
  // The chart it left (no longer the focused pane) has no line selected.
  await expect(page.locator(`[data-view="chart"] [data-testid="chart"][data-symbol="${SHARE}-EQ"]`).getByTestId("chart-canvas")).toHaveAttribute("data-selected-line", "");
});

test("b with the crosshair on a bar opens the order window at that bar's close: LIMIT under the market, SL over it", async ({ page, baseURL }) => {
  const origin = baseURL!;
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  const { chart, canvas } = await openChart(page, SHARE);
  // The chart's last close, which moves with the feed's ticks as the quote does: the side of the market a key sees.
  const lastClose = async () => Number((await canvas.getAttribute("data-last-bar"))!.split("|")[4]);
  // End, then ← five times: a finished bar, whose close no tick moves any more.
  await page.keyboard.press("End");
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
  const readout = chart.getByTestId("chart-readout");
  await expect(readout).toHaveAttribute("data-time", /^\d+$/);
  const readClose = async () => Number(/C ([\d,.]+)/.exec((await readout.innerText()).replace(/\s+/g, " "))![1]!.replace(/,/g, ""));
  const close = await readClose();
  const field = async (id: string) => Number((await page.locator(id).inputValue()).replace(/,/g, ""));
  const form = page.getByRole("form", { name: "Order window" });

  // The market 8 % over that close: a buy there is under the market, a LIMIT at the close.
  await setSharePrice(page, origin, SHARE, Math.round(close * 1.08));
  await expect.poll(lastClose).toBeGreaterThan(close);
  await page.keyboard.press("b");
  await expect(form).toBeVisible();
  await expect(form.locator('select[name="priceType"]')).toHaveValue("LIMIT");
  // The close the read-out shows as the key acts (a bar the simulator's clock closes meanwhile can shift the crosshair's bar).
  expect(await field("#ow-price")).toBe(await readClose());
  await page.screenshot({ path: `${SHOTS}/buy-at-crosshair-limit-1680x1000.png` });
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();

  // The market 8 % under it: a buy there waits for the price to rise, an SL with that trigger.
  await setSharePrice(page, origin, SHARE, Math.round(close * 0.92));
  await expect.poll(lastClose).toBeLessThan(close);
  await page.keyboard.press("b");
  await expect(form).toBeVisible();
  await expect(form.locator('select[name="priceType"]')).toHaveValue("SL");
  expect(await field("#ow-trigger")).toBe(await readClose());
  await page.screenshot({ path: `${SHOTS}/buy-at-crosshair-sl-1680x1000.png` });
});

/**
 * What the crosshair shows is what b sends: b orders at the price the mouse points at, and the
 * crosshair's line is drawn there, indicators or not. The library's magnet (its default) drew the
 * line on the nearest series' value instead: with Bollinger on, at the band (1,145.50) while b
 * ordered at the pointer's price (1,149.10). The line is pixels on the chart's top canvas: the row
 * under the mouse must be drawn along most of the pane's width.
 */
test("with EMA, Bollinger and VWAP on, the crosshair's line is drawn where the mouse points, the price b orders at", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  const { chart, canvas } = await openChart(page, SHARE);
  await runLine(page, "chart add ema 20 50 bb 20 2 vwap", "chart.indicators.line");
  await expect(chart.getByTestId("chart-readout")).toContainText("VWAP");
  const box = (await canvas.boundingBox())!;
  // High in the price pane, over a bar mid-chart: above the candles, nearest the upper band.
  for (const [fx, fy] of [[0.5, 0.12], [0.3, 0.2], [0.7, 0.15]] as const) {
    const [x, y] = [box.x + box.width * fx, box.y + box.height * fy];
    await page.mouse.move(x, y);
    // How much of the row under the mouse the crosshair's top canvas (the price pane's second, z-index 2) has drawn.
    const drawn = () =>
      canvas.evaluate((host, at) => {
        const top = Array.from(host.querySelectorAll("canvas")).find((c) => c.style.zIndex === "2")!;
        const r = top.getBoundingClientRect();
        const scale = top.width / r.width;
        const row = Math.round((at.y - r.y) * scale);
        const ctx = top.getContext("2d")!;
        let best = 0;
        for (const dy of [-1, 0, 1]) {
          const data = ctx.getImageData(0, row + dy, top.width, 1).data;
          let n = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
          best = Math.max(best, n / top.width);
        }
        return best;
      }, { y });
    await expect.poll(drawn).toBeGreaterThan(0.3);
  }
  // b there opens the window at the pointer's price, on the tick grid.
  await page.keyboard.press("b");
  const form = page.getByRole("form", { name: "Order window" });
  await expect(form).toBeVisible();
  await page.keyboard.press("Escape");
});

/**
 * A crosshair set by the keys is the price b orders at even when no tick comes: the library tells
 * no listener of a crosshair set by code, and the order lines kept the price of the chart's last
 * tick; on a broker that does not tick, b opened a LIMIT at 12,970 under a crosshair on 12,974.
 */
test.describe("a market that does not tick", () => {
  const quiet = ownBroker({ TICK_HZ: "0" });
  test("End, ← five times, b: the order window at the crosshair's bar's close", async ({ page }) => {
    await signIn(page, "DEMO1", "/dashboard", quiet.url);
    await palette(page, "Layout: Monitor");
    const { chart } = await openChart(page, SHARE);
    const readout = chart.getByTestId("chart-readout");
    const readClose = async () => Number(/C ([\d,.]+)/.exec((await readout.innerText()).replace(/\s+/g, " "))![1]!.replace(/,/g, ""));
    const form = page.getByRole("form", { name: "Order window" });
    for (const back of [5, 9]) {
      await page.keyboard.press("End");
      for (let i = 0; i < back; i++) await page.keyboard.press("ArrowLeft");
      await expect(readout).toHaveAttribute("data-time", /^\d+$/);
      const close = await readClose();
      await page.keyboard.press("b");
      await expect(form).toBeVisible();
      const limit = (await form.locator('select[name="priceType"]').inputValue()) === "LIMIT";
      expect(Number((await page.locator(limit ? "#ow-price" : "#ow-trigger").inputValue()).replace(/,/g, ""))).toBe(close);
      await page.keyboard.press("Escape");
      await expect(form).toBeHidden();
    }
  });
});

test("an SL buy's trigger moved over its price: the broker's refusal (EC908) is toasted in the catalogue's words and the line goes back", async ({ page, baseURL }) => {
  const origin = baseURL!;
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  // A buy SL 5 % over the market: trigger T, price five ticks over it (a buy SL's trigger is under its price).
  const { ltp, tickSize } = await shareOf(page, origin, SHARE);
  const trigger = Number((Math.round((ltp * 1.05) / tickSize) * tickSize).toFixed(2));
  const limit = Number(((Math.round(trigger / tickSize) + 5) * tickSize).toFixed(2));
  await commandLine(page, `buy ${SHARE} 1 @ ${limit} sl ${trigger}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  const env = await api<{ orderNo: string; orderType: string; triggerPrice: number }>(page.request, origin, await token(page), "/core/v2/orders/book", {});
  const orderNo = env.result.find((o) => o.orderType === "SL" && o.triggerPrice === trigger)!.orderNo;

  const { canvas } = await openChart(page, SHARE);
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);
  // Tab to its trigger's line (other orders of this user's book may be on the chart too).
  const id = `order:${orderNo}:trigger`;
  for (let i = 0; i < 6 && (await canvas.getAttribute("data-selected-line")) !== id; i++) await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", id);
  // Shift+↑: ten ticks, over the price five ticks up.
  await page.keyboard.press("Shift+ArrowUp");
  await expect(canvas).toHaveAttribute("data-pending-price", String(Number(((Math.round(trigger / tickSize) + 10) * tickSize).toFixed(2))));
  await page.keyboard.press("Enter");
  await expect(page.getByText("For a buy SL order the trigger price must be below the price")).toBeVisible();
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  const after = await api<{ orderNo: string; triggerPrice: number }>(page.request, origin, await token(page), "/core/v2/orders/book", {});
  expect(after.result.find((o) => o.orderNo === orderNo)!.triggerPrice).toBe(trigger);
  await page.screenshot({ path: `${SHOTS}/refused-dark-1680x1000.png` });
});

test("the mouse: a line dragged up is left pending; the bar's Modify sends one modify at the dropped price", async ({ page, baseURL }) => {
  const origin = baseURL!;
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  const { ltp, tickSize } = await shareOf(page, origin, SHARE);
  const limit = Number((Math.floor((ltp * 0.97) / tickSize) * tickSize).toFixed(2));
  await commandLine(page, `buy ${SHARE} 1 @ ${limit}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  const { chart, canvas } = await openChart(page, SHARE);
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);
  // This test's order (the worker's broker keeps the earlier tests' orders too).
  const env = await api<{ orderNo: string; orderType: string; price: number; orderStatus: string }>(page.request, origin, await token(page), "/core/v2/orders/book", {});
  const orderNo = env.result.find((o) => o.orderType === "LIMIT" && o.price === limit && o.orderStatus === "open")!.orderNo;
  // Selected once by Tab so that the scale shows it; then taken by the mouse from where it is drawn.
  const id = `order:${orderNo}:price`;
  for (let i = 0; i < 6 && (await canvas.getAttribute("data-selected-line")) !== id; i++) await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", id);
  await expect(canvas).toHaveAttribute("data-selected-y", /^\d+$/);
  const box = (await canvas.boundingBox())!;
  const y = box.y + Number(await canvas.getAttribute("data-selected-y"));
  const x = box.x + box.width / 2;
  const modifies: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes("/core/v2/orders/")) modifies.push(r);
  });
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - 20, { steps: 4 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute("data-pending-price", /^\d/);
  const dropped = Number(await canvas.getAttribute("data-pending-price"));
  expect(dropped).toBeGreaterThan(limit);
  // On the tick grid.
  expect(Math.abs(dropped / tickSize - Math.round(dropped / tickSize))).toBeLessThan(1e-6);
  await page.screenshot({ path: `${SHOTS}/dragged-dark-1680x1000.png` });
  await chart.getByRole("button", { name: /^Modify/ }).click();
  await expect.poll(() => bookPrice(page, origin, orderNo)).toBe(dropped);
  expect(modifies).toHaveLength(1);
});

test("a GTT's trigger line: Tab to it, ↑ twice, Enter: one GTT modify, its trigger and limit both two ticks up", async ({ page, baseURL }) => {
  const origin = baseURL!;
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  const { ltp, tickSize } = await shareOf(page, origin, SHARE);
  const onTick = (p: number) => Number((Math.round(p / tickSize) * tickSize).toFixed(2));
  const trigger = onTick(ltp * 0.95);
  const limit = onTick(trigger + 10 * tickSize);
  await palette(page, `gtt buy ${SHARE} 1 trigger ${trigger} @ ${limit}`);
  const form = page.getByRole("form", { name: "GTT form" });
  await expect(form).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();

  const { chart, canvas } = await openChart(page, SHARE);
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);
  for (let i = 0; i < 8 && !((await canvas.getAttribute("data-selected-line")) ?? "").startsWith("gtt:"); i++) await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", /^gtt:.+:1$/);
  await expect(chart.getByTestId("order-line-bar")).toContainText("GTT Buy 1 trigger");
  const gttModifies: Request[] = [];
  page.on("request", (r) => {
    if (r.url().includes("order/modifyordergtt")) gttModifies.push(r);
  });
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  const up2 = (p: number) => onTick(p + 2 * tickSize);
  // FINDINGS-29 s2: before Enter the bar names every figure that changes, the limit with the trigger.
  const bar = chart.getByTestId("order-line-bar");
  await expect(bar.locator("b")).toHaveText("GTT Buy 1 trigger");
  await expect(bar).toContainText(`₹${shown(trigger)} → ₹${shown(up2(trigger))}, price ₹${shown(limit)} → ₹${shown(up2(limit))}`);
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/gtt-moved-dark-1680x1000.png` });
  await setTheme(page, "light");
  await page.screenshot({ path: `${SHOTS}/gtt-moved-light-1680x1000.png` });
  await setTheme(page, "dark");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  // The GTT's own toast names the new terms: the trigger two ticks up, the limit by as many.
  await expect(page.getByText(`GTT Modified Successfully: Qty 1 BUY ${SHARE}-EQ trigger ₹${shown(up2(trigger))} @ ₹${shown(up2(limit))} (SINGLE GTT) DELIVERY, GTT`)).toHaveCount(1);
  await expect(chart.getByTestId("order-line-bar")).toContainText(`at ₹${shown(up2(trigger))}`);
  expect(gttModifies).toHaveLength(1);
  await page.screenshot({ path: `${SHOTS}/gtt-modified-dark-1680x1000.png` });
});
