import { expect, ownBroker, signIn, test } from "./fixtures";
import { partFilledBuy } from "./partFill";

/**
 * A part fill moves the position on screen at once (core/rules/orderUpdates.ts FillWatch). A trader's
 * hour found the Positions pane still without the 565 ITC of a 4,000 buy filled in part, and without
 * them after the rest was cancelled (neither is a "complete" update, the only one the spec names):
 * Exit on the row then sold the quantity before them. Against a paper broker of this file's own.
 */
const broker = ownBroker();

test("a limit buy filled in part, then cancelled: the positions pane shows the filled quantity without a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const positions = page.locator('[data-testid="positions"]');
  await expect(positions).toBeVisible();
  // A 4,000 ITC buy rests under the price, which then falls through it: filled in part (partFill.ts).
  const { orderNo, bearer, row } = await partFilledBuy(page, broker.url);
  // The rest is cancelled: what filled is the position, and no more will.
  expect((await page.request.delete(`${broker.url}/core/v2/orders/${orderNo}`, { data: {}, headers: { Authorization: `Bearer ${bearer}` } })).ok()).toBe(true);
  await expect.poll(async () => (await row()).orderStatus.toLowerCase()).toMatch(/cancel/);
  const filled = (await row()).filledQuantity;
  expect(filled, "filled in part, not whole").toBeLessThan(4000);
  // The pane's ITC intraday row holds what filled, without a reload.
  await expect(positions.locator('tr[data-symbol="ITC-EQ"][data-product="INTRADAY"] [data-field="netQuantity"]')).toHaveText(String(filled));
});
