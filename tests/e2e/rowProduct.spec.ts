import type { Page } from "@playwright/test";
import { commandLine, expect, ownBroker, palette, signIn, test } from "./fixtures";

/**
 * b / s on a book's row open the window in the row's product (core/rules/rowProduct.ts). An
 * explorer: after one intraday order (the window remembers INTRADAY for equity), `s` on a holding
 * of 66 INFY opened "Sell INFY-EQ" in Intraday; the sale of 30 was a new intraday short of 30 and
 * the holding stood at 66. Selling from a holding sells the shares held, as `x` does; a position's
 * row trades in the position's product. Against a broker of this file's own: the sale is placed.
 */
const broker = ownBroker();

const product = (page: Page) => page.locator('select[name="product"]');

async function cursorOn(page: Page, row: ReturnType<Page["locator"]>): Promise<void> {
  await expect(row).toBeVisible();
  await page.keyboard.press("Home");
  for (let i = 0; i < 30 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

test("s on a holding sells it for delivery and on an NRML position opens NRML, whatever the window last used", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/holdings", broker.url);
  // The window's remembered product for equity becomes Intraday: one intraday buy.
  await commandLine(page, "buy INFY 1 intraday");
  await expect(product(page)).toHaveValue("INTRADAY");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();

  const holding = page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"]');
  await cursorOn(page, holding);
  await page.keyboard.press("s");
  await expect(page.getByTestId("ow-submit")).toHaveText(/Sell/);
  await expect(product(page)).toHaveValue("DELIVERY");
  await page.locator("#ow-quantity").fill("3");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem("accessToken"));
  const book = (await (await page.request.post(`${broker.url}/core/v2/orders/book`, { headers: { authorization: `Bearer ${token}` }, data: {} })).json()) as {
    result: Array<{ tradingSymbol: string; transactionType: string; product: string; quantity: number }>;
  };
  // What was sent is a delivery sale of 3: no intraday short.
  expect(book.result.filter((o) => o.tradingSymbol === "INFY-EQ" && o.transactionType === "SELL")).toEqual([expect.objectContaining({ product: "DELIVERY", quantity: 3 })]);

  // A position of NIFTY's future held NRML (DEMO1's seeded book): s opens NRML, b too.
  await palette(page, "Go to Positions");
  const future = page.locator('[data-testid="positions"] tr[data-symbol="NIFTY26DECFUT"]');
  await cursorOn(page, future);
  for (const key of ["s", "b"]) {
    await page.keyboard.press(key);
    await expect(page.getByTestId("ow-submit")).toHaveText(key === "s" ? /Sell/ : /Buy/);
    await expect(product(page)).toHaveValue("NRML");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("ow-submit")).toBeHidden();
  }
});
