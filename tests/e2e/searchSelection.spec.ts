import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, searchAndChoose, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";

/**
 * What is selected is what is acted on, after a `/` search in a list pane. README's keys: "b / s
 * buy / sell the selected instrument, position or holding"; issue 32: "choosing an instrument in
 * any pane of a group (cursor move, / search, a command line) retargets every pane of that group".
 * The rule built (commands/listCursor.ts): a `/` choice the list has a row of puts the cursor on
 * that row; one it has none of drops the list's highlight until the cursor moves, so no row is
 * highlighted that b, s or x will not act on. Each test has a paper broker of its own.
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1680, height: 1000 } });

const broker = ownBroker({}, { perTest: true });

const statusLine = (page: Page) => page.getByTestId("status-line");
const highlighted = (list: Locator) => list.locator('tbody tr[aria-selected="true"], [role="row"][aria-selected="true"]');
const orderWindow = (page: Page, name: string) => page.getByRole("dialog", { name });

/** Presses `key` and waits for the order window it opens, then closes it unsent. */
async function opens(page: Page, key: string, name: string): Promise<void> {
  await page.keyboard.press(key);
  await expect(orderWindow(page, name)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(orderWindow(page, name)).toBeHidden();
}

test("Watchlist: / on an instrument the list lacks drops the highlight and b buys it; one it has, or one + adds, takes the cursor", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page, [["infy", /INFY-EQ/, "INFY-EQ"], ["tcs", /TCS-EQ/, "TCS-EQ"]]);
  const row = (symbol: string) => wl.locator(`[role="row"][data-symbol="${symbol}"]`);
  await cursorOn(page, wl, "TCS-EQ");

  // HDFCBANK is not in the list: b buys it, and TCS is no longer highlighted as if b were about it.
  await searchAndChoose(page, "hdfcbank", /HDFCBANK-EQ/);
  await expect(row("TCS-EQ")).toHaveAttribute("aria-selected", "false");
  await expect(highlighted(wl)).toHaveCount(0);
  await opens(page, "b", "Buy HDFCBANK-EQ");
  // The cursor moves (End: the last row, TCS): the highlight is back and b is about its row again.
  await page.keyboard.press("End");
  await expect(row("TCS-EQ")).toHaveAttribute("aria-selected", "true");
  await opens(page, "b", "Buy TCS-EQ");

  // INFY is in the list: the cursor goes onto its row, and b buys it.
  await searchAndChoose(page, "infy", /INFY-EQ/);
  await expect(row("INFY-EQ")).toHaveAttribute("aria-selected", "true");
  await expect(highlighted(wl)).toHaveCount(1);
  await opens(page, "b", "Buy INFY-EQ");

  // / ITC then +: the row added is the one highlighted, and b buys ITC.
  await searchAndChoose(page, "itc", /ITC-EQ/);
  await expect(highlighted(wl)).toHaveCount(0);
  await page.keyboard.press("Shift+Equal");
  await expect(row("ITC-EQ")).toHaveAttribute("aria-selected", "true");
  await expect(row("INFY-EQ")).toHaveAttribute("aria-selected", "false");
  await opens(page, "b", "Buy ITC-EQ");
});

test("Positions: / on an instrument with no position drops the highlight, s sells it and x says no row is under the cursor; one with a position takes the cursor", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/position", broker.url);
  const positions = page.getByTestId("positions");
  // DEMO1's book opens with a NIFTY call (and no RELIANCE): the cursor goes onto the call's row.
  const option = positions.locator('tbody tr[data-symbol^="NIFTY"][data-symbol$="CE"]');
  await expect(option).toHaveCount(1);
  const symbol = (await option.getAttribute("data-symbol"))!;
  await expect(positions.locator('tbody tr[data-symbol="RELIANCE-EQ"]')).toHaveCount(0);
  await page.keyboard.press("Home");
  for (let i = 0; i < 10 && (await option.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(option).toHaveAttribute("aria-selected", "true");

  // RELIANCE has no position: s sells RELIANCE, and the option row no longer claims the cursor.
  await searchAndChoose(page, "reliance", /RELIANCE-EQ/);
  await expect(option).toHaveAttribute("aria-selected", "false");
  await expect(highlighted(positions)).toHaveCount(0);
  await opens(page, "s", "Sell RELIANCE-EQ");
  // x: no position is under the cursor, and none is highlighted; the line says what the keys act on.
  await page.keyboard.press("x");
  await expect(statusLine(page)).toContainText("Exit needs a position or holding under the cursor: none is under it in Positions");
  await expect(statusLine(page)).toContainText("RELIANCE-EQ");
  await expect(highlighted(positions)).toHaveCount(0);
  // A cursor key brings the highlight back onto a row (k from the call: the row above it), and x exits that row.
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await opens(page, "x", `Sell ${symbol} (exit)`);

  // A RELIANCE position now: / RELIANCE puts the cursor on its row, and x exits it.
  await commandLine(page, "buy RELIANCE 1 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  const reliance = positions.locator('tbody tr[data-symbol="RELIANCE-EQ"]');
  await expect(reliance.locator('[data-field="netQuantity"]')).toHaveText("1");
  await expect(highlighted(positions)).toHaveCount(1);
  await searchAndChoose(page, "reliance", /RELIANCE-EQ/);
  await expect(reliance).toHaveAttribute("aria-selected", "true");
  await expect(highlighted(positions)).toHaveCount(1);
  await opens(page, "x", "Sell RELIANCE-EQ (exit)");
});
