import { api, expect, ownBroker, setSharePrice, shareOf, signIn, test, token } from "./fixtures";

/**
 * A part fill moves the position on screen at once (core/rules/orderUpdates.ts FillWatch). A trader's
 * hour found the Positions pane still without the 565 ITC of a 4,000 buy filled in part, and without
 * them after the rest was cancelled (neither is a "complete" update, the only one the spec names):
 * Exit on the row then sold the quantity before them. Against a paper broker of this file's own.
 */
const broker = ownBroker();

interface BookRow {
  orderNo: string;
  orderStatus: string;
  filledQuantity: number;
  quantity: number;
}

test("a limit buy filled in part, then cancelled: the positions pane shows the filled quantity without a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const positions = page.locator('[data-testid="positions"]');
  await expect(positions).toBeVisible();
  const itc = await shareOf(page, broker.url, "ITC");
  const bearer = await token(page);
  // A buy 4 ticks under the price rests; more shares than the book's levels hold near it.
  const limit = Math.round((itc.ltp - 4 * itc.tickSize) * 100) / 100;
  const placed = await api<{ orderNo: string }>(page.request, broker.url, bearer, "/core/v2/orders/", {
    exchange: "NSEEQ", instrumentId: String(itc.token), transactionType: "BUY", quantity: 4000, product: "INTRADAY",
    orderComplexity: "REGULAR", orderType: "LIMIT", price: limit, validity: "DAY", marketProtection: 0, slTriggerPrice: 0,
  });
  expect(placed.status, placed.message).toBe("Ok");
  const orderNo = placed.result[0]!.orderNo;
  const row = async () => (await api<BookRow>(page.request, broker.url, bearer, "/core/v2/orders/book", {})).result.find((o) => o.orderNo === orderNo)!;
  // The price falls through the limit: the buy fills as far as the book's offers there go.
  await setSharePrice(page, broker.url, "ITC", Math.round((limit - itc.tickSize) * 100) / 100);
  await expect.poll(async () => (await row()).filledQuantity, { message: "some of the buy fills" }).toBeGreaterThan(0);
  // The rest is cancelled: what filled is the position, and no more will.
  expect((await page.request.delete(`${broker.url}/core/v2/orders/${orderNo}`, { data: {}, headers: { Authorization: `Bearer ${bearer}` } })).ok()).toBe(true);
  await expect.poll(async () => (await row()).orderStatus.toLowerCase()).toMatch(/cancel/);
  const filled = (await row()).filledQuantity;
  expect(filled, "filled in part, not whole").toBeLessThan(4000);
  // The pane's ITC intraday row holds what filled, without a reload.
  await expect(positions.locator('tr[data-symbol="ITC-EQ"][data-product="INTRADAY"] [data-field="netQuantity"]')).toHaveText(String(filled));
});
