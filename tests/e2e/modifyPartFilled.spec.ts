import { expect, ownBroker, setSharePrice, setTheme, signIn, test } from "./fixtures";
import { partFilledBuy } from "./partFill";

/**
 * A modify of a partly filled order (FINDINGS-27 3, rules/modifyFilled.ts): the window showed
 * "Quantity 4000" with no word of the part filled, and a trader who typed 1000 meaning "1000 more"
 * was left with 523 pending, told nowhere. The window says what has filled, from the book as fills
 * come while it is open, that Quantity is the order's total and what the total typed leaves; the
 * Modified toast says what stays pending. Against a paper broker of this file's own.
 */
// No ticks (TICK_HZ 0): the buy fills only where the spec moves the price (/dev/price); with ticks it went on filling by itself and could fill whole before the spec looked (4,000 in 4 to 10 s here).
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "test-results/screenshots/modifyPartFilled";
const n = (s: string) => Number(s.replace(/,/g, ""));

test("m on a partly filled order: the line beside Quantity says what has filled and follows the fill; the Modified toast says what stays pending", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await setTheme(page, "dark");
  // 4,000 ITC bought 4 ticks under the price, the price then a tick through it: filled in part (partFill.ts).
  const { orderNo, limit, tickSize, filled, row } = await partFilledBuy(page, broker.url);

  const order = page.locator(`[data-view="orders"] tbody tr`).filter({ hasText: "ITC" }).first();
  await expect(order).toBeVisible();
  await order.click();
  await page.keyboard.press("m");
  const window = page.getByRole("dialog", { name: /\(modify\)/ });
  await expect(window).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue("4000");
  const line = window.getByTestId("ow-filled");
  // "f of 4,000 filled; Quantity is the order's total: 4,000 − f left to buy".
  const said = async () => {
    const m = /^(\d[\d,]*) of 4,000 filled; Quantity is the order's total: (\d[\d,]*) left to buy$/.exec((await line.innerText()).trim());
    return m ? { filled: n(m[1]!), left: n(m[2]!) } : undefined;
  };
  await expect.poll(said, { message: "the line names the part filled" }).toBeDefined();
  const first = (await said())!;
  expect(first.filled).toBeGreaterThanOrEqual(filled);
  expect(first.left).toBe(4000 - first.filled);

  // More offers under the limit: the buy fills further while the window is open, and the line follows the book.
  await setSharePrice(page, broker.url, "ITC", Math.round((limit - 2 * tickSize) * 100) / 100);
  await expect.poll(async () => (await said())?.filled ?? 0, { message: "the line's filled figure follows the fill", timeout: 15_000 }).toBeGreaterThan(first.filled);
  // The price back over the limit: no more fills, the book's figure is the one the modify keeps.
  await setSharePrice(page, broker.url, "ITC", Math.round((limit + 4 * tickSize) * 100) / 100);
  await page.waitForTimeout(1500);
  const kept = (await row()).filledQuantity;
  expect(kept).toBeLessThan(4000);
  await expect.poll(async () => (await said())?.filled).toBe(kept);

  // The trader types a total of what has filled and 500 more: the line says 500 are left to buy.
  const total = kept + 500;
  await page.locator("#ow-quantity").fill(String(total));
  await expect(line).toHaveText(`${kept.toLocaleString("en-IN")} of 4,000 filled; Quantity is the order's total: 500 left to buy`);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/window-${theme}.png` });
  }

  await page.keyboard.press("Enter");
  await expect(window).toBeHidden();
  const price = limit.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.locator(".toast").filter({ hasText: "Modified:" })).toContainText(
    `Modified: Qty ${total} BUY ITC-EQ @ ₹${price} (LIMIT Order) INTRADAY, ${kept} filled, 500 pending, order ${orderNo}`,
  );
  await page.waitForTimeout(800); // the toast's entrance
  await page.screenshot({ path: `${SHOTS}/toast-light.png` });
  expect((await row()).quantity).toBe(total);
});
