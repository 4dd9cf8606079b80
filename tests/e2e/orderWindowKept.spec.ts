import type { Page } from "@playwright/test";
import { commandLine, expect, openPalette, palette, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-24 s13: an order window the trader had edited (Quantity 25 to 40, Price 1300 to 1301)
 * was gone with its edits after Ctrl+K "Go to Orders": the palette took the window's place and
 * the window closed under it. The window floats over any page, so an edited one stays open over
 * the page the palette opens; an unedited one closes as before. Nothing is sent in these tests.
 */
const SHOTS = "/tmp/h2-shots";
const win = (page: Page) => page.getByRole("form", { name: "Order window" });

async function stagedAndEdited(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions");
  await commandLine(page, "buy RELIANCE 25 @ 1300 sl 1295 intraday");
  await expect(page.locator("#ow-quantity")).toHaveValue("25");
  await page.locator("#ow-quantity").fill("40");
  await page.locator("#ow-price").fill("1301");
}

test("an edited order window stays open, with its edits, over the page the palette goes to", async ({ page }) => {
  await stagedAndEdited(page);
  await palette(page, "Go to Orders");
  await expect(page).toHaveURL(/\/main\/orders/);
  await expect(win(page)).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue("40");
  await expect(page.locator("#ow-price")).toHaveValue("1301");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/ow-kept-over-orders-${theme}.png` });
  }
  // Still the trader's window: Esc closes it as ever.
  await page.locator("#ow-quantity").focus();
  await page.keyboard.press("Escape");
  await expect(win(page)).toBeHidden();
});

test("Esc in the palette opened over an edited window goes back to it", async ({ page }) => {
  await stagedAndEdited(page);
  await openPalette(page);
  await page.keyboard.press("Escape");
  await expect(win(page)).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue("40");
  await expect(page.locator("#ow-price")).toHaveValue("1301");
});

test("an unedited order window closes when the palette goes to a page, as before", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions");
  await commandLine(page, "buy RELIANCE 25 @ 1300 sl 1295 intraday");
  await palette(page, "Go to Orders");
  await expect(page).toHaveURL(/\/main\/orders/);
  await expect(win(page)).toBeHidden();
});
