import fs from "node:fs";
import type { Locator, Page, Request } from "@playwright/test";
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

/** A buy SL of 1 `SHARE` placed from the command line, `limit` five ticks over `trigger`; answers its number. */
async function restingBuySl(page: Page, origin: string, trigger: number, limit: number): Promise<string> {
  await commandLine(page, `buy ${SHARE} 1 @ ${limit} sl ${trigger}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  const env = await api<{ orderNo: string; orderType: string; triggerPrice: number; orderStatus: string }>(page.request, origin, await token(page), "/core/v2/orders/book", {});
  return env.result.find((o) => o.orderType === "SL" && o.triggerPrice === trigger && o.orderStatus === "trigger pending")!.orderNo;
}

async function slTerms(page: Page, origin: string, orderNo: string): Promise<[number, number]> {
  const env = await api<{ orderNo: string; triggerPrice: number; price: number }>(page.request, origin, await token(page), "/core/v2/orders/book", {});
  const o = env.result.find((r) => r.orderNo === orderNo)!;
  return [o.triggerPrice, o.price];
}

async function tabTo(page: Page, canvas: Locator, id: string): Promise<void> {
  // Other orders of this user's book may be on the chart too.
  for (let i = 0; i < 8 && (await canvas.getAttribute("data-selected-line")) !== id; i++) await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", id);
}

// FINDINGS-29 7: an SL's line moved only its trigger; a stop moved past its limit was refused after Enter
// ("For a buy SL order the trigger price must be below the price") and the old stop stayed.
test("an SL buy's trigger line moved ten ticks up: the bar names the trigger and the limit, and one modify moves both by ten ticks", async ({ page, baseURL }) => {
  const origin = baseURL!;
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  // A buy SL 5 % over the market: trigger T, price five ticks over it (a buy SL's trigger is under its price).
  const { ltp, tickSize } = await shareOf(page, origin, SHARE);
  const onTick = (ticks: number) => Number((ticks * tickSize).toFixed(2));
  const trigger = onTick(Math.round((ltp * 1.05) / tickSize));
  const limit = onTick(Math.round(trigger / tickSize) + 5);
  const orderNo = await restingBuySl(page, origin, trigger, limit);

  const { chart, canvas } = await openChart(page, SHARE);
  await expect(canvas).toHaveAttribute("data-order-lines", /^[1-9]/);
  await tabTo(page, canvas, `order:${orderNo}:trigger`);
  // Shift+↑: ten ticks, over the limit it had (five ticks up): the limit goes ten ticks up with it.
  await page.keyboard.press("Shift+ArrowUp");
  const trigger10 = onTick(Math.round(trigger / tickSize) + 10);
  const limit10 = onTick(Math.round(limit / tickSize) + 10);
  await expect(canvas).toHaveAttribute("data-pending-price", String(trigger10));
  const bar = chart.getByTestId("order-line-bar");
  await expect(bar.locator("b")).toHaveText("Buy 1 SL trigger");
  await expect(bar).toContainText(`₹${shown(trigger)} → ₹${shown(trigger10)}, price ₹${shown(limit)} → ₹${shown(limit10)}`);
  await expect(bar.getByRole("button", { name: /Modify/ })).toBeEnabled();
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/sl-moved-dark-1680x1000.png` });
  await setTheme(page, "light");
  await page.screenshot({ path: `${SHOTS}/sl-moved-light-1680x1000.png` });
  await setTheme(page, "dark");
  await page.keyboard.press("Enter");
  await expect.poll(() => slTerms(page, origin, orderNo)).toEqual([trigger10, limit10]);
  await expect(canvas).toHaveAttribute("data-pending-price", "");
  // The toast names both figures, the product and the order number.
  await expect(page.locator(".toasts").getByText(`Modified: Qty 1 BUY ${SHARE}-EQ trigger ₹${shown(trigger10)} @ ₹${shown(limit10)} (SL Order)`)).toContainText(`, order ${orderNo}`);
  await expect(page.getByText("For a buy SL order the trigger price must be below the price")).toHaveCount(0);
});

test("an SL line moved past the circuit: the bar says why before Enter, and Enter sends nothing", async ({ page, baseURL }) => {
  const origin = baseURL!;
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  const info = (await shareOf(page, origin, SHARE)) as Awaited<ReturnType<typeof shareOf>> & { upperCircuit: number; lowerCircuit: number };
  const { tickSize, upperCircuit, lowerCircuit } = info;
  const onTick = (ticks: number) => Number((ticks * tickSize).toFixed(2));
  // A buy SL whose limit is the upper circuit: one tick up takes the limit over it.
  const limit = onTick(Math.round(upperCircuit / tickSize));
  const trigger = onTick(Math.round(limit / tickSize) - 5);
  const orderNo = await restingBuySl(page, origin, trigger, limit);

  const { chart, canvas } = await openChart(page, SHARE);
  const modifies: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/core/v2/orders/${orderNo}`)) modifies.push(r);
  });
  await tabTo(page, canvas, `order:${orderNo}:trigger`);
  await page.keyboard.press("ArrowUp");
  const bar = chart.getByTestId("order-line-bar");
  await expect(bar).toContainText(`price ₹${shown(limit)} → ₹${shown(onTick(Math.round(limit / tickSize) + 1))}`);
  await expect(bar).toContainText(`Enter sends nothing: Price is outside the circuit limits: ₹${shown(lowerCircuit)} to ₹${shown(upperCircuit)}`);
  await expect(bar.getByRole("button", { name: /Modify/ })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/sl-past-circuit-dark-1680x1000.png` });
  await page.keyboard.press("Enter");
  // Still pending, nothing sent, the book as it was; Esc puts it back.
  await expect(canvas).toHaveAttribute("data-pending-price", String(onTick(Math.round(trigger / tickSize) + 1)));
  await page.waitForTimeout(500);
  expect(modifies).toHaveLength(0);
  expect(await slTerms(page, origin, orderNo)).toEqual([trigger, limit]);
  await page.keyboard.press("Escape");
  await expect(canvas).toHaveAttribute("data-pending-price", "");
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
