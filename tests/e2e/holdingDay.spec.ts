import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, ownBroker, palette, setTheme, signIn, test } from "./fixtures";

/**
 * Two screens on the same shares: DEMO1 holds INFY 60 (settled) and buys 1,000 more for delivery.
 * Positions showed the 1,000 at their P&L from their price (-933.80 for the explorer), while
 * Holdings' Day's P&L, its total and Home's Investment Day's P&L gave them (LTP - previous close)
 * each, as if held since yesterday (-452 went to +1,239). A share bought today has no previous day:
 * its day runs from what it cost (src/core/rules/holdings.ts deriveHolding). So each of those three
 * figures moves by exactly the position's P&L when the 1,000 are bought. A broker of this file's
 * own with a frozen market (TICK_HZ=0): no price moves between the figures compared.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });

const SHOTS = "/tmp/shots/holdingday";
/** The first amount in a cell's text: "-452.00 (-0.04%)" is -452. */
const rupees = (t: string | null): number => Number(/-?[\d,]+(\.\d+)?/.exec((t ?? "").replace(/[₹\s]/g, ""))![0].replace(/,/g, ""));

async function amount(cell: Locator): Promise<number> {
  await expect(cell).toBeVisible();
  return rupees(await cell.textContent());
}

const holdingDay = (page: Page) => amount(page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"] [data-field="daysPnl"]'));
const holdingsTotalDay = (page: Page) => amount(page.locator('[data-testid="holdings-totals"] [data-field="total-daysPnl"]'));
const homeDay = (page: Page) => amount(page.getByRole("table", { name: "Investment summary" }).locator('tr[data-field="daysPnl"] td.num'));

test("buy 1,000 INFY for delivery: Holdings' and Home's Day's P&L move by the position's P&L, not by (LTP - previous close) x 1,000", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/holdings", broker.url);
  // One pane the full width, so every column of Holdings and Positions shows.
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".workspace .pane")).toHaveCount(1);

  await palette(page, "Go to Holdings");
  await expect(page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"] [data-field="totalQuantity"]')).toHaveText("60");
  const before = { row: await holdingDay(page), total: await holdingsTotalDay(page) };
  await palette(page, "Go to Home");
  const homeBefore = await homeDay(page);

  await commandLine(page, "buy INFY 1000 delivery");
  await expect(page.getByTestId("ow-submit")).toHaveText(/Buy/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();

  await palette(page, "Go to Positions");
  const position = page.locator('[data-testid="positions"] tr[data-symbol="INFY-EQ"][data-product="DELIVERY"]');
  await expect(position.locator('[data-field="netQuantity"]')).toHaveText("1000");
  const pnl = await amount(position.locator('[data-field="pnl"]'));
  const fill = rupees(await position.locator('[data-field="buyPrice"]').textContent());

  await palette(page, "Go to Holdings");
  await expect(page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"] [data-field="totalQuantity"]')).toHaveText("1060");
  await expect(page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"] [data-field="t1Quantity"]')).toHaveText("1000");
  const ltp = rupees(await page.locator('[data-testid="holdings"] tr[data-symbol="INFY-EQ"] [data-field="ltp"]').textContent());
  // The position's P&L is 1,000 x (LTP - its buy price), to the 4th decimal of the average it shows to 2.
  expect(Math.abs(pnl - 1000 * (ltp - fill))).toBeLessThanOrEqual(5.01);
  // The 60 carried shares' day is as before (the price has not moved); today's 1,000 add the position's P&L.
  const after = { row: await holdingDay(page), total: await holdingsTotalDay(page) };
  expect(after.row - before.row).toBeCloseTo(pnl, 2);
  expect(after.total - before.total).toBeCloseTo(pnl, 2);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/holdings-${theme}.png` });
  }

  await palette(page, "Go to Home");
  await expect(page.getByRole("table", { name: "Investment summary" })).toBeVisible();
  expect((await homeDay(page)) - homeBefore).toBeCloseTo(pnl, 2);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/home-${theme}.png` });
  }
  await palette(page, "Go to Positions");
  await expect(position.locator('[data-field="netQuantity"]')).toHaveText("1000");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/positions-${theme}.png` });
  }
});
