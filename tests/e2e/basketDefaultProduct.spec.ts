import { commandLine, expect, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-25 s5: a basket leg added without a product word was INTRADAY (the broker's fallback), squared off at
 * the close, while the same words as an order (`buy NIFTY ATM CE 75`) open the order window on NRML; the toast
 * said only "NIFTY26D0824500CE added to close1". One rule now gives both their product (rules/defaultProduct.ts),
 * and the toast says the leg in the order toasts' words: "Added to close1: Qty 75 BUY {contract} (MARKET Order) NRML".
 * A broker of this file's own: nothing else sees the basket. Nothing is fired.
 */
const broker = ownBroker();

test("the same words give the same product: a basket leg typed without a product is the order window's NRML, and its toast says so", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // The order window for the words first: its product, with nothing saved, is the carry-forward NRML.
  await commandLine(page, "buy NIFTY ATM CE 75");
  await expect(page.locator('select[name="product"]')).toHaveValue("NRML");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();

  await runLine(page, "basket new close1", "basket.line");
  await expect(page.getByText("Basket close1 created")).toBeVisible();
  await runLine(page, "basket add close1 buy NIFTY ATM CE 75", "basket.line");
  const toast = page.getByText(/^Added to close1: Qty 75 BUY NIFTY\w+CE \(MARKET Order\) NRML/);
  await expect(toast).toBeVisible();
  const contract = (await toast.innerText()).match(/NIFTY\w+CE/)![0];

  await page.keyboard.press("Escape");
  await palette(page, "Layout: Trading");
  await runLine(page, "Baskets", "basket.open");
  const leg = page.getByTestId("baskets").locator(`tr[data-leg="${contract}"]`);
  await expect(leg.locator('[data-field="product"]')).toHaveText("NRML", { useInnerText: false });
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/h9-shots/basket-default-product-${theme}-1680x1000.png` });
  }
});
