import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, ownBroker, palette, setTheme, shareOf, signIn, test } from "./fixtures";

/**
 * `g` on a long opens a SELL GTT whose SINGLE trigger is a stop 5 % below the price. Its trigger read
 * "26135.7"-like (one decimal) where prices are written with the exchange's two; and switched to OCO,
 * the target leg stayed at the stop's price, below the market beside the stop-loss. Against a broker of
 * its own with a frozen market (TICK_HZ=0): the prices hold still.
 */
const broker = ownBroker({ TICK_HZ: "0" }, { perTest: true });
const SHOTS = "/tmp/h2-shots";
const num = async (l: Locator) => Number(await l.inputValue());

async function cursorOn(page: Page, row: Locator): Promise<void> {
  await expect(row).toBeVisible();
  await page.keyboard.press("Home");
  for (let i = 0; i < 30 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

test("g on a long: the stop is written with two decimals, and as an OCO the target is above the price and the stop below", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await palette(page, "Layout: Single pane");
  await commandLine(page, "buy SBIN 10 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  await palette(page, "Go to Positions");
  const row = page.locator('[data-testid="positions"] tr[data-symbol="SBIN-EQ"][data-product="INTRADAY"]');
  await expect(row.locator('[data-field="netQuantity"]')).toHaveText("10");
  await cursorOn(page, row);
  await page.keyboard.press("g");
  const form = page.getByRole("form", { name: "GTT form" });
  const trigger1 = form.locator("#gtt-leg1-trigger");
  await expect(trigger1).toHaveValue(/^\d+\.\d{2}$/);
  await expect(form.locator("#gtt-leg1-price")).toHaveValue(/^\d+\.\d{2}$/);
  const stop = await num(trigger1);
  const ltp = (await shareOf(page, broker.url, "SBIN")).ltp;
  expect(stop).toBeLessThan(ltp);

  await form.getByRole("button", { name: "OCO", exact: true }).click();
  await expect(form.getByRole("button", { name: "OCO", exact: true })).toHaveAttribute("aria-pressed", "true");
  // The stop-loss leg keeps the stop; the target opens 5 % above the price.
  await expect(form.locator("#gtt-leg2-trigger")).toHaveValue(stop.toFixed(2));
  await expect(trigger1).toHaveValue(/^\d+\.\d{2}$/);
  expect(await num(trigger1)).toBeGreaterThan(ltp);
  expect(await num(trigger1)).toBeCloseTo(ltp * 1.05, 0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/gtt-oco-from-long-${theme}.png` });
  }
  // Back to SINGLE: the stop again.
  await form.getByRole("button", { name: "SINGLE", exact: true }).click();
  await expect(trigger1).toHaveValue(stop.toFixed(2));
});
