import type { Page } from "@playwright/test";
import { api, expect, palette, runLine, setTheme, signIn, test, token, ownBroker } from "./fixtures";

/**
 * Issue 33, by keyboard: a day-high alert linked to one order line fires once and places that order
 * once; a GTT with a trail shows its trigger moving in the GTT book. A broker of this file's own
 * (TICK_HZ=0: INFY moves only by /dev/price). Screenshots dark and light, 1680x1000 and split.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });

const SHOTS = "test-results/screenshots/risk-alerts";

async function infyPrice(page: Page) {
  const bearer = await token(page);
  const infy = (await api<{ token: string; tradingSymbol: string }>(page.request, broker.url, bearer, "/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
  return async (price: number): Promise<number> => {
    const res = (await (await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: Number(infy.token), price } })).json()) as { status: string; result: Array<{ ltp: number }> };
    expect(res.status).toBe("Ok");
    return res.result[0]!.ltp;
  };
}

/** A line the palette runs as a command of its own (alert.line, gtt.line). */

test("alert INFY day high then buy INFY 3: the alert fires on a new day high and places the order once", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const bearer = await token(page);
  const call = async <T,>(p: string, data: unknown = {}) => api<T>(page.request, broker.url, bearer, p, data);
  const setInfy = await infyPrice(page);
  await setInfy(1100);
  const ordersBefore = (await call("/core/v2/orders/book")).result.length;

  // The dialog offers the conditions and what to place: seen, then closed by Esc.
  await palette(page, "Alert: create a price alert");
  const dialog = page.getByTestId("alert-dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.type("INFY");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Condition")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByLabel("Condition")).toHaveValue("DAY_HIGH");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("When it fires, place")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByLabel("When it fires, place")).toHaveValue("ORDER");
  await page.keyboard.press("Tab");
  await page.keyboard.type("buy INFY 3");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/alert-dialog-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  // Enter in the dialog creates the alert, the same as the command line below would.
  await page.keyboard.press("Enter");
  // It says the order it will place when it fires (alertSetText): a line naming no product takes the order window's (rules/defaultProduct.ts), DELIVERY on a share with nothing saved.
  await expect(page.getByText(/^Alert set: INFY-EQ crosses the day's high ₹[\d,.]+; when it fires it places Qty 3 BUY INFY-EQ \(MARKET Order\) DELIVERY$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Before it fires, the Alerts view's Orders column names the order as it will be placed, as the set toast did (FINDINGS-30 #7: it read the line as typed, "places buy INFY 3").
  await palette(page, "Alerts");
  await page.keyboard.press("Alt+m");
  const active = page.locator('[aria-label="Price alerts"] tr[data-alert]').first();
  await expect(active.locator('[data-field="orders"]')).toHaveText("places Qty 3 BUY INFY-EQ (MARKET Order) DELIVERY");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/alerts-active-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Alt+m");

  // The broker took the day's high; a trade at it does nothing, one above it fires the alert.
  const listed = (await (await page.request.get(`${broker.url}/core/v2/alerts`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { result: Array<{ alertId: number; condition: string; value: number }> };
  const alert = listed.result.find((a) => a.condition === "DAY_HIGH")!;
  await setInfy(alert.value);
  expect((await call("/core/v2/orders/book")).result.length).toBe(ordersBefore);
  const fired = await setInfy(alert.value + 1);
  expect(fired).toBeGreaterThan(alert.value);
  // What it placed, as the alert's set toast named it (the order toasts' words), with the order's number.
  await expect(page.getByText(/^Alert INFY-EQ day high ₹[\d,.]+: placed Qty 3 BUY INFY-EQ \(MARKET Order\) DELIVERY, order \d+$/)).toBeVisible();
  // Down and to a higher high again: fired once, so the order went once.
  await setInfy(alert.value - 5);
  await setInfy(alert.value + 3);
  await expect.poll(async () => (await call("/core/v2/orders/book")).result.length - ordersBefore).toBe(1);
  const placed = (await call<{ transactionType: string; quantity: number; tradingSymbol: string }>("/core/v2/orders/book")).result[0]!;
  expect(placed).toMatchObject({ transactionType: "BUY", quantity: 3, tradingSymbol: "INFY-EQ" });

  // The Alerts view notes it.
  await palette(page, "Alerts");
  const row = page.locator(`[aria-label="Price alerts"] tr[data-alert="${alert.alertId}"]`);
  await expect(row).toBeVisible();
  await page.keyboard.press("Alt+m");
  // What its firing toast said, the order number too.
  await expect(row.locator('[data-field="orders"]')).toHaveText(/^placed Qty 3 BUY INFY-EQ \(MARKET Order\) DELIVERY, order \d+$/);
  // When and at what price it fired (the status says so), the price written as prices are: grouped, two decimals (Intl here, not the app's formatter).
  await expect(row.locator('[data-field="status"]')).toHaveText(new RegExp(`^Fired \\d\\d:\\d\\d:\\d\\d at ₹${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fired).replace(/[.]/g, "\\.")}$`));
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/alerts-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Alt+m");
  expect((await call("/core/v2/orders/book")).result.length - ordersBefore).toBe(1);
});

test("a GTT sell stop with a trail: its trigger moves up in the GTT book as INFY rises, and never back", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  const setInfy = await infyPrice(page);
  await setInfy(1100);
  await palette(page, "Go to GTT orders");
  await expect(page).toHaveURL(/\/main\/orders\?tab=3/);

  await runLine(page, "gtt sell INFY 10 trigger 1050 @ 1049 trail 20", "gtt.line");
  const form = page.getByRole("form", { name: "GTT form" });
  await expect(form).toBeVisible();
  await expect(form.locator("#gtt-trail")).toHaveValue("20");
  // INFY at 1,100 is 50 over the stop, more than the trail: the stop moves to 1,100 − 20 = 1,080.00 on the
  // broker's next tick (this broker does not tick), and the form says so before Enter.
  await expect(form.getByTestId("gtt-trail-at-once")).toHaveText("The trail moves the stop from 1,050.00 to 1,080.00 at once: the price, 1,100.00, is further than the trail from it");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await form.screenshot({ path: `${SHOTS}/gtt-form-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();

  const row = page.locator("table[aria-label='GTT orders'] tbody tr[data-status='ACTIVE']").first();
  await expect(row.locator("[data-field='trail']")).toHaveText("Trail 20 / jump 1 tick");
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,050.00");
  // 1,130 - 20 = 1,110: the trigger moves up 60, and the book reloads on the broker's word.
  await setInfy(1130);
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,110.00");
  // A fall that does not reach it leaves it.
  await setInfy(1120);
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,110.00");
  await setInfy(1145.5);
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,125.50");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/gtt-book-1680-${theme}.png` });
  }
  // A split layout: the GTT book beside another pane.
  await page.keyboard.press("Alt+\\");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/gtt-book-split-1680-${theme}.png` });
  }
});
