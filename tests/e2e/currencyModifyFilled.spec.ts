import fs from "node:fs";
import { api, contractOf, expect, ownBroker, setTheme, signIn, test, token } from "./fixtures";

/**
 * The modify window's filled line beside a Quantity field in lots (rules/modifyFilled.ts, orderFilled.ts):
 * "Commodity and currency quantity is shown in lots", and the line said units ("2,000 of 50,000 filled")
 * beside "Quantity (lots) 50". A currency buy filled in part: the line counts lots as the field does, the
 * book's units after them. A broker of this file's own without ticks: the buy fills only where the spec
 * moves the price (/dev/price).
 */
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "test-results/screenshots/currencyModifyFilled";

test("m on a part-filled currency buy: the line says lots, as Quantity (lots) does, and the book's units", async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await setTheme(page, "dark");
  const fut = await contractOf(page, broker.url, { searchText: "USDINR", exchange: "NSECURR", pick: (h) => h.tradingSymbol.startsWith("USDINR") && h.tradingSymbol.endsWith("FUT") });
  const lotSize = fut.lotSize;
  const lots = 50;
  const bearer = await token(page);
  const tick = fut.tickSize;
  const round = (p: number) => Math.round(p / tick) * tick;
  const limit = round(fut.ltp - 4 * tick);
  const placed = await api<{ orderNo: string }>(page.request, broker.url, bearer, "/core/v2/orders/", {
    exchange: "NSECURR", instrumentId: String(fut.token), transactionType: "BUY", quantity: lots * lotSize, product: "INTRADAY",
    orderComplexity: "REGULAR", orderType: "LIMIT", price: limit, validity: "DAY", marketProtection: 0, slTriggerPrice: 0,
  });
  expect(placed.status, placed.message).toBe("Ok");
  const orderNo = placed.result[0]!.orderNo;
  const row = async () => (await api<{ orderNo: string; filledQuantity: number }>(page.request, broker.url, bearer, "/core/v2/orders/book", {})).result.find((o) => o.orderNo === orderNo)!;
  const res = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSECURR", token: fut.token, price: round(limit - tick) } });
  expect(res.ok()).toBe(true);
  await expect.poll(async () => (await row()).filledQuantity, { message: "some of the buy fills" }).toBeGreaterThan(0);
  const filled = (await row()).filledQuantity;
  expect(filled, "filled in part, not whole").toBeLessThan(lots * lotSize);

  const order = page.locator(`[data-view="orders"] tbody tr`).filter({ hasText: "USDINR" }).first();
  await expect(order).toBeVisible();
  await order.click();
  await page.keyboard.press("m");
  const window = page.getByRole("dialog", { name: /\(modify\)/ });
  await expect(window).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue(String(lots));
  const line = window.getByTestId("ow-filled");
  // No ticks: the fill stands where the moved price left it. f units are f / lot lots; the book's units follow in
  // brackets where a lot is more than one unit: "f/lot of 50 lots (f of 50 x lot) filled; …: 50 − f/lot lots left to buy".
  const f = (await row()).filledQuantity;
  expect(f % lotSize, "whole lots filled").toBe(0);
  const units = (q: number) => q.toLocaleString("en-IN");
  const book = lotSize > 1 ? ` (${units(f)} of ${units(lots * lotSize)})` : "";
  await expect(line).toHaveText(`${f / lotSize} of 50 lots${book} filled; Quantity is the order's total: ${lots - f / lotSize} lots left to buy`);
  // The shots once the margin has answered (a modify's own check).
  await expect(window.getByTestId("ow-margin")).toHaveText(/₹/);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/window-${theme}.png` });
  }
  await page.keyboard.press("Escape");
});
