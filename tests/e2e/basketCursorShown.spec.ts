import type { Locator } from "@playwright/test";
import { expect, ownBroker, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-27 2: the Baskets pane's row cursor was marked by aria-selected alone, which no stylesheet
 * draws: j, Home and End moved it unseen, and Delete then removed a leg (at once, no question) that the
 * trader could not see was under it. DESIGN 1: "a key that acts on it names what it acts on". The
 * cursor's row is drawn as every list draws it: the hover background and the accent bar on its first
 * cell (styles.css `.grid tr.row-cursor`). A broker of this file's own: the basket is its alone.
 */
const broker = ownBroker();

/** What the eye sees of a row: its first cell's background and left bar. */
const looks = (row: Locator) =>
  row.locator("td").first().evaluate((td) => {
    const s = getComputedStyle(td);
    return `${s.backgroundColor} | ${s.boxShadow}`;
  });

test("the Baskets cursor's row is drawn, basket and leg, dark and light", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await runLine(page, "basket new Pair", "basket.line");
  await runLine(page, "basket add Pair buy INFY 5 @ 1100 delivery", "basket.line");
  await runLine(page, "basket add Pair sell TCS 3 @ 2400 delivery", "basket.line");
  await expect(page.getByText("Added to Pair: Qty 3 SELL TCS-EQ @ ₹2,400.00 (LIMIT Order) DELIVERY")).toBeVisible();
  await runLine(page, "Baskets", "basket.open");
  const view = page.getByTestId("baskets");
  const basket = view.locator('tr[data-basket="Pair"]');
  const infy = view.locator('tr[data-leg="INFY-EQ"]');
  const tcs = view.locator('tr[data-leg="TCS-EQ"]');
  await expect(tcs).toBeVisible();

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.keyboard.press("Home");
    await expect(basket).toHaveAttribute("aria-selected", "true");
    await expect(basket).toHaveClass(/row-cursor/);
    // The row under the cursor looks unlike the rows that are not.
    expect(await looks(basket)).not.toBe(await looks(infy));
    await page.keyboard.press("End");
    await expect(tcs).toHaveAttribute("aria-selected", "true");
    await expect(tcs).toHaveClass(/row-cursor/);
    await expect(basket).not.toHaveClass(/row-cursor/);
    expect(await looks(tcs)).not.toBe(await looks(infy));
    expect(await looks(tcs)).toContain("inset");
    await page.screenshot({ path: `/tmp/shots/basket-cursor-${theme}-1680x1000.png` });
  }
});
