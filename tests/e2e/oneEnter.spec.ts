import type { Page } from "@playwright/test";
import { api, expect, ownBroker, shareOf, signIn, test, token } from "./fixtures";

/**
 * One submit, one action (src/core/rules/enterEcho.ts): the second of two quick Enters on a
 * confirmation (Cancel order, the armed cancel all) fell through to the Orders list and opened the
 * Info dialog of the row under the cursor, every time. A broker of this file's own: its cancel
 * all must not touch the shared broker's orders.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();

interface BookRow {
  orderNo: string;
  orderStatus: string;
}

async function book(page: Page): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result : [];
}

const isOpen = (o: BookRow) => o.orderStatus === "open";

/** Resting INFY buys 10% under the market, through the API (the subject is cancelling them). */
async function placeResting(page: Page, count: number): Promise<void> {
  const bearer = await token(page);
  const infy = await shareOf(page, broker.url, "INFY");
  const price = Number((Math.floor((infy.ltp * 0.9) / infy.tickSize) * infy.tickSize).toFixed(2));
  for (let i = 0; i < count; i++) {
    const r = await api(page.request, broker.url, bearer, "/core/v2/orders", {
      exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: i + 1, product: "DELIVERY", orderComplexity: "REGULAR",
      orderType: "LIMIT", price, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
    });
    expect(r.status).toBe("Ok");
  }
}

const rows = (page: Page) => page.locator('.pane[data-view="orders"] tr[data-order-no]').filter({ hasText: "OPEN" });

test("Delete, then Enter twice fast: one order cancelled, and no Info dialog of the row under the cursor", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await placeResting(page, 2);
  await expect(rows(page)).toHaveCount(2);
  await rows(page).first().click();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("dialog", { name: "Cancel order" })).toBeVisible();
  await page.keyboard.press("Enter", { delay: 0 });
  await page.keyboard.press("Enter", { delay: 0 });
  await expect.poll(async () => (await book(page)).filter((o) => o.orderStatus === "cancelled").length).toBe(1);
  await expect(rows(page)).toHaveCount(1);
  // The second Enter was the confirmation's: no dialog is up (the Info dialog is titled "Order <no> · ...").
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.screenshot({ path: "/tmp/shots/entry/cancel-double-enter.png" });
  // A later Enter is the list's own again: past SAME_PRESS_MS (500 ms), it opens the row's info.
  await page.waitForTimeout(600);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: /^Order / })).toBeVisible();
  await page.keyboard.press("Escape");
});

test("Shift+Delete, then Enter twice fast: every open order cancelled, and no Info dialog", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await placeResting(page, 2);
  await expect.poll(async () => (await book(page)).filter(isOpen).length).toBeGreaterThanOrEqual(2);
  await expect(rows(page)).toHaveCount((await book(page)).filter(isOpen).length);
  await rows(page).first().click();
  await page.keyboard.press("Shift+Delete");
  await expect(page.getByTestId("bulk-countdown")).toBeVisible();
  await page.keyboard.press("Enter", { delay: 0 });
  await page.keyboard.press("Enter", { delay: 0 });
  await expect(page.getByTestId("bulk-preview")).toBeHidden();
  await expect.poll(async () => (await book(page)).filter(isOpen).length, { timeout: 20_000 }).toBe(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
