import type { Page } from "@playwright/test";
import { api, commandLine, expect, setSharePrice, setTheme, signIn, test, token, ownBroker } from "./fixtures";

/**
 * Issue 33, "e2e tests drive the simulated price through a trail (the trigger ratchets, then
 * fills)": `sell INFY 10 sl 980 trail 5 jump 1` from the command line, INFY forced with /dev/price,
 * the trigger read in the order book as it ratchets, a modify that changes the trail, then a fall
 * that triggers and fills it. Keyboard only, against a paper broker of this file's own (prices it
 * may force). Screenshots of the window and the book, dark and light, to test-results/screenshots.
 */
test.describe.configure({ mode: "serial" });

// No ticks (TICK_HZ 0): the trigger is read to the rupee after each forced price, and with ticks the
// price walks on from it (about 0.13 a tick at 1,000, two a second), so a rise of a rupee in the
// seconds a slow machine spends on the screenshots ratchets the trigger one jump past what is
// expected (995 read 996). The trail moves on the forced prices alone.
const broker = ownBroker({ TICK_HZ: "0" });

const SHOTS = "test-results/screenshots/trail";

interface BookRow {
  orderNo: string;
  orderStatus: string;
  tradingSymbol: string;
  triggerPrice: number;
  trailValue?: number;
  averageTradedPrice: number;
}

async function book(page: Page): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result : [];
}

const orderWindow = (page: Page) => page.getByRole("form", { name: "Order window" });

test("a trailing sell stop: placed from the command line, its trigger ratchets in the book, a modify changes the trail, then it fills", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await setSharePrice(page, broker.url, "INFY", 1000);

  await commandLine(page, "sell INFY 10 sl 980 trail 5 jump 1 intraday");
  // The window shows the trail it will send.
  await expect(page.locator("#ow-trail")).toHaveValue("5");
  await expect(page.locator("#ow-trail-jump")).toHaveValue("1");
  await expect(page.locator("select[name='trailUnit']")).toHaveValue("POINTS");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await orderWindow(page).screenshot({ path: `${SHOTS}/window-1680x1000-${theme}.png` });
  }
  await page.locator("#ow-quantity").focus();
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();

  // At 1000 the trail allows 995: 15 whole jumps of 1 above 980.
  await expect.poll(async () => (await book(page)).find((o) => o.tradingSymbol === "INFY-EQ" && o.orderStatus === "trigger pending")?.triggerPrice).toBe(995);
  const order = (await book(page)).find((o) => o.tradingSymbol === "INFY-EQ" && o.orderStatus === "trigger pending")!;
  const row = page.locator(`[data-view="orders"] tr[data-order-no="${order.orderNo}"]`);
  await expect(row.getByTestId("order-trail")).toHaveText("Trail 5 / jump 1");
  await expect(row.locator("[data-field='trigger']")).toHaveText("995.00");

  // A rise to 1,012.40: 1,007.40 allowed, 12 whole jumps above 995.
  await setSharePrice(page, broker.url, "INFY", 1012.4);
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,007.00");
  // The move says it is the trail's, from where to where (issue 33), not a trader's "Modified".
  await expect(page.getByText(`Trail moved: Qty 10 SELL INFY-EQ trigger ₹995.00 → ₹1,007.00 (SLM Order) INTRADAY, order ${order.orderNo}`, { exact: true })).toBeVisible();
  // A fall that does not reach it: never back.
  await setSharePrice(page, broker.url, "INFY", 1009);
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,007.00");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/book-1680x1000-${theme}.png` });
  }

  // m on the row: the window opens with the trail; a trail of 8 is sent as the modify.
  await page.keyboard.press("]");
  for (let i = 0; i < 20 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("m");
  await expect(page.getByRole("dialog", { name: /\(modify\)/ })).toBeVisible();
  await expect(page.locator("#ow-trail")).toHaveValue("5");
  await page.locator("#ow-trail").focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("8");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect(row.getByTestId("order-trail")).toHaveText("Trail 8 / jump 1");
  // 1,015 - 8 = 1,007: no room for a jump above 1,007; 1,020 - 8 = 1,012: 5 jumps.
  await setSharePrice(page, broker.url, "INFY", 1015);
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,007.00");
  await setSharePrice(page, broker.url, "INFY", 1020);
  await expect(row.locator("[data-field='trigger']")).toHaveText("1,012.00");

  // A split layout: the book beside another pane, the trail still whole.
  await page.keyboard.press("Alt+\\");
  await page.screenshot({ path: `${SHOTS}/book-split-1680x1000-light.png` });
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/book-split-1680x1000-dark.png` });

  // The fall through the trigger: it triggers and fills at the market.
  await setSharePrice(page, broker.url, "INFY", 1010);
  await expect.poll(async () => (await book(page)).find((o) => o.orderNo === order.orderNo)?.orderStatus).toBe("complete");
  const filled = (await book(page)).find((o) => o.orderNo === order.orderNo)!;
  expect(filled.averageTradedPrice).toBeGreaterThan(1000);
});
