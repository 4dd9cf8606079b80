import type { Locator, Page } from "@playwright/test";
import { expect, openPalette, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-27 6 and its leftovers, on screen. Delete on a basket's leg removed it unasked and said so
 * only on the status line: it asks first, as Delete on an order does (Enter removes, Esc keeps), and a
 * toast names what was removed. A confirmation whose every leg the margin check refuses read "the 0
 * legs that can be placed: ₹0.00": it says no leg can be placed and what Enter then does. The fire
 * toast names a refused leg whole, and a GTT's toast names its product and id. A broker of this
 * file's own (no ticks: INFY stays far under the 3,000 limit). Screenshots go to /tmp/shots/h2/.
 */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots/h2";
const broker = ownBroker({ TICK_HZ: "0" });

/** Dark and light; `seen`, a toast still sliding in, waited for in the viewport first. */
const shoot = async (page: Page, name: string, seen?: Locator) => {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    if (seen) await expect(seen).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/${name}-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
};

test("Delete on a basket leg asks first, Esc keeps it, Enter removes it with a toast; with no leg that can be placed the confirmation says so", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await runLine(page, "basket new Hedge", "basket.line");
  await runLine(page, "basket add Hedge buy INFY 1 @ 3000 delivery", "basket.line"); // far above its upper circuit
  await runLine(page, "basket add Hedge sell TCS 3 @ 2400 intraday", "basket.line");
  await expect(page.getByText("Added to Hedge: Qty 3 SELL TCS-EQ @ ₹2,400.00 (LIMIT Order) INTRADAY")).toBeVisible();
  await runLine(page, "Baskets", "basket.open");
  const view = page.getByTestId("baskets");
  const tcs = view.locator('tr[data-basket="Hedge"] ~ tr[data-leg="TCS-EQ"]');
  await tcs.click();
  await expect(tcs).toHaveAttribute("aria-selected", "true");

  // Delete asks, naming the leg whole and what stays.
  await page.keyboard.press("Delete");
  const question = page.getByRole("dialog", { name: "Remove leg" });
  await expect(question).toContainText("Remove Qty 3 SELL TCS-EQ @ ₹2,400.00 (LIMIT Order) INTRADAY from basket Hedge?");
  await expect(question).toContainText("The other leg stays and fires without it");
  await shoot(page, "basket-leg-remove-question");
  // Esc keeps it.
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(tcs).toBeVisible();

  // Enter removes it, and a toast says what went.
  await tcs.click();
  await page.keyboard.press("Delete");
  await expect(question).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(question).toBeHidden();
  const removed = page.locator(".toasts").getByText("Removed from Hedge: Qty 3 SELL TCS-EQ @ ₹2,400.00 (LIMIT Order) INTRADAY");
  await expect(removed).toBeVisible();
  await expect(tcs).toHaveCount(0);
  await shoot(page, "basket-leg-removed-toast", removed);

  // The leg left cannot be placed: the confirmation says so, and what Enter does, not "the 0 legs that can be placed: ₹0.00".
  await view.locator('tr[data-basket="Hedge"]').click();
  await page.keyboard.press("f");
  const confirm = page.getByRole("dialog", { name: "Fire basket Hedge" });
  await expect(confirm).toContainText(/The broker will refuse Qty 1 BUY INFY-EQ @ ₹3,000\.00 \(LIMIT Order\) DELIVERY: Price is outside the circuit limits/);
  await expect(confirm).toContainText("No leg can be placed: the broker's margin check refuses the leg");
  await expect(confirm).toContainText("Enter sends it all the same: the broker is expected to refuse it, and the Last run column keeps why");
  await expect(confirm).not.toContainText("0 legs that can be placed");
  await expect(confirm).not.toContainText("₹0.00");
  await expect(confirm.getByRole("button", { name: "Send 1 order anyway" })).toBeVisible();
  await shoot(page, "basket-fire-none-placeable");

  // Enter sends it; the broker refuses it; the toast names it whole, and the Last run reads the broker's sentence.
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  const fired = page.locator(".toasts").getByText(/^Basket Hedge fired: 0 of 1 leg placed\.\sNot placed: Qty 1 BUY INFY-EQ @ ₹3,000\.00 \(LIMIT Order\) DELIVERY \(Price is outside the circuit limits/);
  await expect(fired).toBeVisible();
  const lastRun = view.locator('tr[data-basket="Hedge"] ~ tr[data-leg="INFY-EQ"] [data-report="refused"]');
  await expect(lastRun).toContainText(/^Price is outside the circuit limits/);
  await shoot(page, "basket-fire-refused-toast", fired);
});

test("a GTT's toast names the product its order goes with and the GTT's id", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await palette(page, "Go to GTT orders");
  const form = page.getByRole("form", { name: "GTT form" });
  await openPalette(page);
  await page.keyboard.type("gtt buy INFY 10 trigger 1000 @ 1001");
  await expect(page.getByRole("dialog", { name: "Command palette" }).locator("[cmdk-item]").first()).toHaveAttribute("data-command", "gtt.line");
  await page.keyboard.press("Enter");
  await expect(form.locator("#gtt-leg1-trigger")).toHaveValue("1000.00");
  await page.keyboard.press("Enter");
  const placed = page.locator(".toasts").getByText(/^GTT Placed Successfully: Qty 10 BUY INFY-EQ trigger ₹1,000\.00 @ ₹1,001\.00 \(SINGLE GTT\) DELIVERY, GTT \d+$/);
  await expect(placed).toBeVisible();
  await shoot(page, "gtt-placed-toast", placed);
});
