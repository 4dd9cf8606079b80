import type { Page } from "@playwright/test";
import { commandLine, expect, ownBroker, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-29 s3. trading-core 4: "On opening, defaults come from the saved orderPreference". After an
 * INTRADAY order, `sell TCS 5 mkt` against a DELIVERY long of 5 opened as INTRADAY (the default, kept)
 * and placed an INTRADAY short beside the long, while the window said nothing. The window now says,
 * under the Product select, before Enter, what the order opens and what it leaves open, and names the
 * product that closes it (rules/otherProduct.ts, the GTT form's rule); the line goes when that product
 * is chosen. DEMO1 holds 15 TCS and 60 INFY in the demat (the broker's seed). A broker of this file's own.
 */
const broker = ownBroker();
const SHOTS = "/tmp/h5-shots";

const product = (page: Page) => page.locator('select[name="product"]');

async function place(page: Page, line: string): Promise<void> {
  await commandLine(page, line);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
}

test("a sell line without a product, against a DELIVERY long or demat shares, says it opens an INTRADAY short", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await place(page, "buy TCS 5 mkt delivery");
  await expect(page.locator('[data-testid="positions"] tr[data-symbol="TCS-EQ"][data-product="DELIVERY"]')).toBeVisible();
  // The saved preference becomes INTRADAY for equity.
  await place(page, "buy RELIANCE 1 mkt intraday");

  await commandLine(page, "sell TCS 5 mkt");
  await expect(product(page)).toHaveValue("INTRADAY");
  const line = page.getByTestId("ow-other-product");
  // 0 - 5 = −5 INTRADAY; the DELIVERY +5 bought today, and the 15 seeded shares beside it (20 in the demat less those 5).
  await expect(line).toHaveText("This order places INTRADAY: it will open INTRADAY \u22125, not close your DELIVERY +5 or sell from your other 15 shares in the demat holdings. Choose DELIVERY to close it");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/sell-tcs-${theme}-1680x1000.png` });
  }
  // Chosen DELIVERY, the sale closes the long: nothing to say. Back to INTRADAY, said again.
  await product(page).selectOption("DELIVERY");
  await expect(line).toBeHidden();
  await product(page).selectOption("INTRADAY");
  await expect(line).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("ow-submit")).toBeHidden();

  // No position, 60 shares in the demat: an INTRADAY sale is a short sale, not a sale from them.
  await commandLine(page, "sell INFY 5 mkt");
  await expect(product(page)).toHaveValue("INTRADAY");
  await expect(line).toHaveText("This order places INTRADAY: it will open INTRADAY \u22125, not sell from your 60 shares in the demat holdings. Choose DELIVERY to sell from them");
  await page.screenshot({ path: `${SHOTS}/sell-infy-light-1680x1000.png` });
});
