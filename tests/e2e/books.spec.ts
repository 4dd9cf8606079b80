import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, palette, signIn, test, ownBroker } from "./fixtures";

/**
 * Issue 28, the user's sequence by keyboard: DEMO1 holds INFY 60 @ 979.30; buy 10 INFY for
 * delivery at market, convert those 10 to INTRADAY from the Positions pane (`v`), and the
 * Holdings pane shows 60 @ 979.30 again, with the same invested value and net P&L (before the
 * fix: 60 @ 1,002.60 and about ₹1,400 less net P&L). A broker of this file's own, with a frozen
 * market (TICK_HZ=0), so that DEMO1's books are the seeded ones and the last price does not move
 * between the figures compared.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });

const SHOTS = "/tmp/shots-i28-books";
const rupees = (t: string | null): number => Number((t ?? "").replace(/[₹,\s]/g, ""));

/** The INFY row of the Holdings pane, as a user reads it. */
async function infyHolding(page: Page) {
  const row = page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"]');
  await expect(row).toBeVisible();
  // Each figure read here is on screen, not only in the page.
  for (const field of ["totalQuantity", "t1Quantity", "averageTradedPrice", "buyValue", "netPnl"]) await expect(row.locator(`[data-field="${field}"]`)).toBeVisible();
  const cell = (field: string) => row.locator(`[data-field="${field}"]`).textContent();
  return {
    quantity: Number(await cell("totalQuantity")),
    t1: Number(await cell("t1Quantity")),
    average: await cell("averageTradedPrice"),
    invested: await cell("buyValue"),
    netPnl: await cell("netPnl"),
  };
}

/** Moves the positions cursor with j until the row of `symbol` in `product` is selected. */
async function cursorTo(page: Page, row: Locator): Promise<void> {
  await expect(row).toBeVisible();
  for (let i = 0; i < 20 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

test("buy 10 INFY for delivery, convert them to INTRADAY: the holding shows the same quantity, average and net P&L as before", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/holdings", broker.url);
  // One pane the full width, so every column of Holdings and Positions shows (a narrow pane hides the lower-priority ones).
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".workspace .pane")).toHaveCount(1);
  await palette(page, "Go to Holdings");
  const before = await infyHolding(page);
  // The seeded holding (server/portfolio/seed.ts): 60 settled shares, none bought today.
  expect(before).toMatchObject({ quantity: 60, t1: 0, average: "979.30" });

  await commandLine(page, "buy INFY 10 delivery");
  await expect(page.getByTestId("ow-submit")).toHaveText(/Buy/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();

  await palette(page, "Go to Positions");
  const delivery = page.locator('[data-testid="positions"] tr[data-symbol="INFY-EQ"][data-product="DELIVERY"]');
  await expect(delivery.locator('[data-field="netQuantity"]')).toHaveText("10");
  const fill = rupees(await delivery.locator('[data-field="buyPrice"]').textContent());

  // Today's 10 are in the holding as T1; the average is the cost of all 70 over 70 (section 3: totalQuantity includes t1Quantity).
  await palette(page, "Go to Holdings");
  await expect(page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"] [data-field="totalQuantity"]')).toHaveText("70");
  const bought = await infyHolding(page);
  await page.screenshot({ path: `${SHOTS}/holdings-after-buy.png` });
  expect([bought.quantity, bought.t1]).toEqual([70, 10]);
  expect(Math.abs(rupees(bought.average) - (60 * 979.3 + 10 * fill) / 70)).toBeLessThan(0.006);

  // v on the DELIVERY row opens the convert dialog for INFY with INTRADAY and all 10; Enter converts.
  await palette(page, "Go to Positions");
  await cursorTo(page, delivery);
  await page.keyboard.press("v");
  const dialog = page.getByRole("dialog", { name: /Convert position · INFY-EQ/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("To product")).toHaveValue("INTRADAY");
  await expect(dialog.getByLabel("Quantity")).toHaveValue("10");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const intraday = page.locator('[data-testid="positions"] tr[data-symbol="INFY-EQ"][data-product="INTRADAY"]');
  await expect(intraday.locator('[data-field="netQuantity"]')).toHaveText("10");
  // The 10 move at their buy price: the INTRADAY position is 10 @ the delivery buy's fill.
  expect(rupees(await intraday.locator('[data-field="buyPrice"]').textContent())).toBe(fill);
  // Every unit moved out of DELIVERY, nothing else traded in it: no DELIVERY row is left (portfolio.ts positions).
  await expect(delivery).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/positions-after-convert.png` });

  // The holding is as it was: the same quantity, average, invested value and (at the same last price) net P&L.
  await palette(page, "Go to Holdings");
  await expect(page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"] [data-field="totalQuantity"]')).toHaveText("60");
  const after = await infyHolding(page);
  expect(after).toEqual(before);
  await page.screenshot({ path: `${SHOTS}/holdings-after-convert.png` });
});
