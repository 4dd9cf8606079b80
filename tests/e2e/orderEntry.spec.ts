import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort, startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { api, commandLine, contractOf, expect, openPalette, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * Issue 11, "Order entry that never loses or surprises" (items 4 and 5), keyboard first, against
 * a paper broker of this file's own on a fixed port and data folder, so that it can be killed
 * (SIGKILL) and brought back on the same port with the same data.
 */

let broker: BrokerProcess;
let port = 0;
let dataDir = "";

test.beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-e2e-order-entry-"));
  broker = await startBrokerProcess({}, { port, dataDir });
});

test.afterAll(async () => {
  await broker.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signInHere = (page: Page, route: string) => signIn(page, "DEMO1", route, broker.url);

const equity = (page: Page, symbol: string) => shareOf(page, broker.url, symbol);

interface BookRow {
  orderNo: string;
  orderType: string;
  orderStatus: string;
  quantity: number;
  price: number;
  tradingSymbol: string;
  clientOrderKey?: string;
  product: string;
}

async function book(page: Page): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result : [];
}

/** On the tick grid, below the price: a limit buy that rests. */
const tickBelow = (price: number, tick: number) => Number((Math.floor((price * 0.97) / tick) * tick).toFixed(2));

const orderWindow = (page: Page) => page.getByRole("form", { name: "Order window" });
const fieldOf = (page: Page, id: string) => orderWindow(page).locator(".ow-field", { has: page.locator(`#${id}`) });

test("an order sent while the broker is down stays in the window with the error, and goes out once after the retry", async ({ page }) => {
  // Every place body the page sends, read in the page (the browser does not report a fetch's streamed body).
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { placeBodies: string[] }).placeBodies = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.method === "POST" && /\/core\/v2\/orders\/?$/.test(new URL(input.url).pathname)) sent.push(await input.clone().text());
      return original(input, init);
    };
  });
  await signInHere(page, "/main/orders");
  const infy = await equity(page, "INFY");
  const price = tickBelow(infy.ltp, infy.tickSize);
  await commandLine(page, `buy INFY 3 @ ${price}`);
  await broker.kill();
  await page.keyboard.press("Enter");

  // The window stays, says so in itself, and keeps what was typed.
  const alert = orderWindow(page).getByRole("alert");
  await expect(alert).toContainText(/broker.*(unreachable|not reach)/i);
  await expect(orderWindow(page)).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue("3");
  await expect(page.locator("#ow-price")).toHaveValue(String(price));
  await page.screenshot({ path: "/tmp/order-window-broker-down.png" });

  broker = await startBrokerProcess({}, { port, dataDir });
  // Once the broker answers again (the status bar LIVE), the window stops saying it is unreachable; Enter's advice stays.
  await expect(alert).toHaveText("The broker answers again. The order may not have reached it. Press Enter to send it again: it will not be placed twice.", { timeout: 20_000 });
  await expect(orderWindow(page)).not.toContainText(/unreachable/i);
  await page.screenshot({ path: "/tmp/order-window-broker-back.png" });
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();

  const bodies = await page.evaluate(() => (window as unknown as { placeBodies: string[] }).placeBodies);
  // Sent while down (at least once) and once after: every attempt with one and the same key.
  expect(bodies.length).toBeGreaterThanOrEqual(2);
  const keys = new Set(bodies.map((b) => (JSON.parse(b) as { clientOrderKey: string }).clientOrderKey));
  expect(keys.size).toBe(1);
  const [key] = [...keys];
  const rows = (await book(page)).filter((o) => o.clientOrderKey === key);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.price).toBe(price);
});

/** A resting INFY buy placed from the command line while the broker is up, picked in the order book. */
async function restingOrder(page: Page): Promise<{ orderNo: string; price: number; tick: number; row: ReturnType<Page["locator"]> }> {
  await signInHere(page, "/main/orders");
  const infy = await equity(page, "INFY");
  const price = tickBelow(infy.ltp, infy.tickSize);
  await commandLine(page, `buy INFY 1 @ ${price}`);
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  const placed = (await book(page))[0]!;
  expect(placed.price).toBe(price);
  const row = page.locator(`[data-view="orders"] tr[data-order-no="${placed.orderNo}"]`);
  await expect(row).toBeVisible();
  await row.click();
  return { orderNo: placed.orderNo, price, tick: infy.tickSize, row };
}

const orderNamed = async (page: Page, orderNo: string) => (await book(page)).find((o) => o.orderNo === orderNo)!;

test("a modify sent while the broker is down stays in the window with the error, changes nothing, and goes once it is back", async ({ page }) => {
  const order = await restingOrder(page);
  const lower = Number((order.price - 10 * order.tick).toFixed(2));
  // The window opens while the broker is up; Enter while it is down keeps it open with what was typed.
  await page.keyboard.press("m");
  await expect(page.getByRole("dialog", { name: /\(modify\)/ })).toBeVisible();
  await page.locator("#ow-price").fill(String(lower));
  await broker.kill();
  await page.keyboard.press("Enter");
  await expect(orderWindow(page).getByRole("alert")).toContainText(/broker.*(unreachable|not reach)/i);
  await expect(page.locator("#ow-price")).toHaveValue(String(lower));
  broker = await startBrokerProcess({}, { port, dataDir });
  expect((await orderNamed(page, order.orderNo)).price).toBe(order.price);
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect.poll(async () => (await orderNamed(page, order.orderNo)).price).toBe(lower);
});

test("a cancel confirmed while the broker is down says it was not cancelled, and Delete cancels it once it is back", async ({ page }) => {
  const order = await restingOrder(page);
  await broker.kill();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("dialog", { name: "Cancel order" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/not cancelled.*broker.*(unreachable|not reach)/i)).toBeVisible();
  broker = await startBrokerProcess({}, { port, dataDir });
  expect((await orderNamed(page, order.orderNo)).orderStatus).toBe("open");
  await order.row.click();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("dialog", { name: "Cancel order" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await orderNamed(page, order.orderNo)).orderStatus).toBe("cancelled");
});

test("a price off the tick size is refused next to the field with the nearest valid prices", async ({ page }) => {
  await signInHere(page, "/main/orders");
  const sbin = await equity(page, "SBIN");
  // Tick 0.05: a price ending in .03 lies between two ticks, .00 and .05.
  expect(sbin.tickSize).toBe(0.05);
  const below = Math.floor(sbin.ltp * 0.97);
  const before = (await book(page)).length;
  await commandLine(page, `buy SBIN 1 @ ${below}.03`);
  await page.keyboard.press("Enter");

  const price = fieldOf(page, "ow-price");
  await expect(price.getByRole("alert")).toContainText(`${below}.03 is not a multiple of the tick size 0.05`);
  await expect(page.locator("#ow-price")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#ow-price")).toBeFocused();
  await expect(price.getByRole("button", { name: `${below}.00` })).toBeVisible();
  await expect(price.getByRole("button", { name: `${below}.05` })).toBeVisible();
  await page.screenshot({ path: "/tmp/order-window-tick.png" });
  expect((await book(page)).length).toBe(before);

  // By keyboard: Tab from the price reaches the offers; Enter on one takes it and returns to the price.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(price.getByRole("button", { name: `${below}.05` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#ow-price")).toHaveValue(`${below}.05`);
  await expect(page.locator("#ow-price")).toBeFocused();
  await expect(price.getByRole("alert")).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect.poll(async () => (await book(page))[0]?.price).toBe(Number(`${below}.05`));
});

test("after an intraday F&O order, buy SBIN 1 @ 900 opens as delivery", async ({ page }) => {
  await signInHere(page, "/main/orders");
  const fut = await contractOf(page, broker.url, { exchange: "NSEFO", searchText: "SBIN", pick: (h) => h.symbol === "SBIN" && h.tradingSymbol.endsWith("FUT") });
  await commandLine(page, `buy NSEFO:${fut.tradingSymbol} ${fut.lotSize} @ ${tickBelow(fut.ltp, fut.tickSize)} intraday`);
  await expect(page.locator('select[name="product"]')).toHaveValue("INTRADAY");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect.poll(async () => (await book(page))[0]?.tradingSymbol).toBe(fut.tradingSymbol);

  await commandLine(page, "buy SBIN 1 @ 900");
  await expect(page.locator('select[name="product"]')).toHaveValue("DELIVERY");
});

test("sell for an unknown symbol says the symbol is unknown and opens no window", async ({ page }) => {
  await signInHere(page, "/main/orders");
  await openPalette(page);
  await page.keyboard.type("sell ZZQX 1");
  await expect(page.locator('[data-command="order.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/ZZQX.*unknown|unknown.*ZZQX/i).first()).toBeVisible();
  await expect(page.getByRole("dialog", { name: /^Buy/ })).toHaveCount(0);
  await expect(orderWindow(page)).toHaveCount(0);
});

test("a validation error is shown next to its field", async ({ page }) => {
  await signInHere(page, "/main/orders");
  const infy = await equity(page, "INFY");
  await commandLine(page, `buy INFY 1 @ ${tickBelow(infy.ltp, infy.tickSize)}`);
  await page.locator("#ow-quantity").fill("");
  await page.keyboard.press("Enter");
  await expect(fieldOf(page, "ow-quantity").getByRole("alert")).toHaveText("Enter a quantity");
  await expect(page.locator("#ow-quantity")).toHaveAttribute("aria-invalid", "true");
  // Typing in the field clears its error.
  await page.locator("#ow-quantity").fill("2");
  await expect(fieldOf(page, "ow-quantity").getByRole("alert")).toHaveCount(0);
});

test("x after an SL order opens a MARKET exit that Enter sends, not an SL exit with no trigger", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signInHere(page, "/main/positions");
  // A position of INFY bought at the market, then an SL buy resting above it: the equity segment's saved orderPreference is now SL.
  const infy = await equity(page, "INFY");
  await commandLine(page, "buy INFY 1 intraday market");
  await expect(page.locator('select[name="priceType"]')).toHaveValue("MARKET");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  const above = (f: number) => Number((Math.ceil((infy.ltp * f) / infy.tickSize) * infy.tickSize).toFixed(2));
  await commandLine(page, `buy INFY 1 @ ${above(1.05)} sl ${above(1.04)} intraday`);
  await expect(page.locator('select[name="priceType"]')).toHaveValue("SL");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();

  const row = page.locator('[data-testid="positions"] tr[data-symbol="INFY-EQ"][data-product="INTRADAY"]');
  await expect(row).toBeVisible();
  await row.click();
  await page.keyboard.press("x");
  await expect(page.getByTestId("ow-submit")).toBeVisible();
  await expect(page.locator('select[name="priceType"]')).toHaveValue("MARKET");
  await expect(page.locator('select[name="validity"]')).toHaveValue("DAY");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/h4-exit-after-sl-${theme}.png` });
  }
  await setTheme(page, "dark");
  const before = (await book(page)).length;
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect.poll(async () => (await book(page)).length).toBe(before + 1);
  expect((await book(page))[0]).toMatchObject({ tradingSymbol: "INFY-EQ", orderType: "MARKET" });
});

test("a modify window whose order is modified elsewhere shows the new price and says so; Enter never puts the old price back", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  const order = await restingOrder(page);
  const elsewhere = Number((order.price - 5 * order.tick).toFixed(2));
  await page.keyboard.press("m");
  await expect(page.getByRole("dialog", { name: /\(modify\)/ })).toBeVisible();
  await expect(page.locator("#ow-price")).toHaveValue(String(order.price));
  await page.locator("#ow-quantity").fill("2");
  // Another device lowers the price while the window is open.
  const put = await page.request.put(`${broker.url}/core/v2/orders/${order.orderNo}`, { data: { price: elsewhere }, headers: { Authorization: `Bearer ${await token(page)}`, Connection: "close" } });
  expect(put.ok()).toBe(true);
  const said = orderWindow(page).getByRole("alert").filter({ hasText: "This order changed since the window opened" });
  await expect(said).toContainText(`price ${order.price.toLocaleString("en-IN", { minimumFractionDigits: 2 })} → ${elsewhere.toLocaleString("en-IN", { minimumFractionDigits: 2 })}`);
  await expect(page.locator("#ow-price")).toHaveValue(String(elsewhere));
  await expect(page.locator("#ow-quantity")).toHaveValue("2");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/h4-stale-modify-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect.poll(async () => (await orderNamed(page, order.orderNo)).quantity).toBe(2);
  expect((await orderNamed(page, order.orderNo)).price).toBe(elsewhere);
});

test("a margin check refused (price beyond the circuit) still shows the funds available", async ({ page }) => {
  await signInHere(page, "/main/orders");
  const infy = await equity(page, "INFY");
  const beyond = Number((Math.round((infy.ltp * 1.5) / infy.tickSize) * infy.tickSize).toFixed(2));
  await commandLine(page, `buy INFY 10 @ ${beyond}`);
  await expect(page.getByTestId("ow-margin")).toHaveText("unavailable");
  await expect(page.getByTestId("ow-available")).toHaveText(/^₹[\d,]+\.\d\d$/);
  await page.screenshot({ path: "/tmp/h4-margin-refused.png" });
});
