import { expect, ownBroker, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * A basket's SL leg read as a plain limit (a tester's finding): the list showed "2,700.00" and the
 * fire confirmation "SELL 3 TCS-EQ @ 2,700.00 INTRADAY", a marketable sell to the eye with TCS near
 * 2,744, while a stop waiting at 2,705 was what the Enter placed. What the screen shows is what is sent:
 * the leg's Price says its trigger, and the confirmation the toasts' order line,
 * "Qty {q} {side} {tradingSymbol} trigger ₹{trigger} @ ₹{price} ({type} Order)", then its product.
 * A broker of this file's own: the basket is its alone. Nothing is fired.
 */
const broker = ownBroker();

test("an SL leg says its trigger in the basket and in the fire confirmation, dark and light", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await runLine(page, "basket new Stops", "basket.line");
  await runLine(page, "basket add Stops sell TCS 3 @ 2700 intraday", "basket.line");
  await expect(page.getByText("Added to Stops: Qty 3 SELL TCS-EQ @ ₹2,700.00 (LIMIT Order) INTRADAY")).toBeVisible();
  await runLine(page, "Baskets", "basket.open");
  const view = page.getByTestId("baskets");
  const leg = view.locator('tr[data-leg="TCS-EQ"]');
  await expect(leg.locator('[data-field="price"]')).toHaveText("2,700.00");

  // `e` on the leg: an SL, trigger 2,705.
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowDown");
  await expect(leg).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("e");
  const edit = page.getByRole("dialog", { name: "Edit leg TCS-EQ" });
  await edit.getByLabel("Order type").selectOption("SL");
  await edit.getByLabel("Trigger price").fill("2705");
  await edit.getByLabel("Quantity").focus();
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  await expect(leg.locator('[data-field="price"]')).toHaveText("trigger 2,705.00 @ 2,700.00");

  await page.keyboard.press("Home");
  await page.keyboard.press("f");
  const confirm = page.getByRole("dialog", { name: "Fire basket Stops" });
  await expect(confirm).toContainText("Qty 3 SELL TCS-EQ trigger ₹2,705.00 @ ₹2,700.00 (SL Order) INTRADAY");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/shots/basket-stop-leg-${theme}-1680x1000.png` });
  }
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  // The leg in the list, whole: its Price cell is not cut.
  const cell = leg.locator('[data-field="price"]');
  expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
