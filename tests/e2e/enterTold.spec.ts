import type { Page, Route } from "@playwright/test";
import { api, commandLine, expect, openPalette, ownBroker, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * "An Enter is either acted on or told." (1) An Enter in the order window while its order is on its
 * way sent nothing and said nothing; it is that order's (one submit, one order), and the window says
 * so. (2) One gesture, one action (src/core/rules/enterEcho.ts): a palette line (`buy ITC 7 @ 291 delivery`,
 * Enter) opens its order window only after its instrument is looked up. A second Enter in that gap
 * went to the pane under the closed palette: on Orders it opened the info of the row under the
 * cursor (on Ideas, another order window). The search answer is held back here so the gap is wide.
 * A broker of this file's own: its order book is counted.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();

interface BookRow {
  orderNo: string;
  tradingSymbol: string;
}

async function book(page: Page): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result : [];
}

test("Enter, Enter on a palette line while its instrument is looked up: the second is the line's (told), no order info, one window", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  // A resting INFY buy 10% under the market: a row under the cursor, whose info the pane's Enter opens.
  const infy = await shareOf(page, broker.url, "INFY");
  const price = Number((Math.floor((infy.ltp * 0.9) / infy.tickSize) * infy.tickSize).toFixed(2));
  const placed = await api(page.request, broker.url, await token(page), "/core/v2/orders", {
    exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderComplexity: "REGULAR",
    orderType: "LIMIT", price, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
  });
  expect(placed.status).toBe("Ok");
  const rows = page.locator('.pane[data-view="orders"] tr[data-order-no]').filter({ hasText: "OPEN" });
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  const before = (await book(page)).length;

  // The broker's search is held until the gap has been looked at (from before the line is typed: the
  // palette's own search as it is typed would else answer the line's lookup from its cache).
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/core/search", async (route) => {
    await held;
    await route.continue();
  });
  await openPalette(page);
  await page.keyboard.type("buy ITC 7 @ 291 delivery");
  await expect(page.locator('[data-command="order.line"]')).toBeVisible();
  await page.keyboard.press("Enter", { delay: 0 });
  await page.waitForTimeout(700);
  await page.keyboard.press("Enter", { delay: 0 });

  // Told at once, while nothing is on screen yet but the panes; the pane's Enter (the row's info) has not run.
  await expect(page.getByTestId("status-line")).toHaveText("Opening the order window for ITC: this Enter sent nothing");
  await page.waitForTimeout(400);
  await expect(page.getByRole("dialog", { name: /^Order / })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/h4-shots/line-gap-told-dark.png" });
  release();

  // One window, for the line; it says the Enter sent nothing, and nothing was sent.
  const window = page.getByRole("form", { name: "Order window" });
  await expect(window).toHaveCount(1);
  await expect(page.getByRole("dialog", { name: "Buy ITC-EQ" })).toBeVisible();
  await expect(page.locator(".ow-problem")).toContainText("Enter was pressed before this order showed: nothing was sent. Check it and press Enter to send it.");
  await expect(page.locator("#ow-quantity")).toHaveValue("7");
  await expect(page.getByRole("dialog", { name: /^Order / })).toHaveCount(0);
  expect((await book(page)).length).toBe(before);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/h4-shots/line-gap-window-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Escape");
  // The gap is over: the pane's Enter is its own again.
  await page.unroute("**/core/search");
  await page.waitForTimeout(600);
  await rows.first().click();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: /^Order / })).toBeVisible();
});

test("Enter again while the order is on its way: the window says it is the same order, and one order is placed", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/watchlist", broker.url);
  const before = (await book(page)).filter((o) => o.tradingSymbol === "TCS-EQ").length;
  await commandLine(page, "buy TCS 1 delivery");
  const submit = page.getByTestId("ow-submit");
  // The order is held on its way.
  const held = new Promise<Route>((resolve) => {
    void page.route("**/v2/orders/", (route) => (route.request().method() === "POST" ? resolve(route) : route.continue()));
  });
  await page.keyboard.press("Enter");
  const route = await held;
  await expect(submit).toHaveText("Sending…");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-enter-line")).toHaveText("Sending… (this Enter is the same order, not sent twice)");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/h4-shots/sending-told-${theme}.png` });
  }
  await setTheme(page, "dark");
  await route.continue();
  await expect(submit).toBeHidden();
  await expect.poll(async () => (await book(page)).filter((o) => o.tradingSymbol === "TCS-EQ").length).toBe(before + 1);
  // And no second one comes after.
  await page.waitForTimeout(1000);
  expect((await book(page)).filter((o) => o.tradingSymbol === "TCS-EQ").length).toBe(before + 1);
});
