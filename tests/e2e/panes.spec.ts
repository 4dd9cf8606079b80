import type { Locator } from "@playwright/test";
import { expect, palette, searchAndChoose, signIn, test } from "./fixtures";

/**
 * Panes are instances (issue 10): each owns its feed topics, reference-counted, so splitting,
 * closing or focusing a pane never starves another; what is on screen is the panes shown, not the route.
 */

/** A live cell changes within a few seconds (the broker ticks every instrument twice a second). */
async function ticks(cell: Locator): Promise<void> {
  await expect(cell).not.toHaveText("");
  const before = await cell.innerText();
  await expect.poll(() => cell.innerText(), { timeout: 20_000 }).not.toBe(before);
}

test("two watchlist panes and two depth panes of different instruments tick side by side; closing one of each starves neither", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".pane")).toHaveCount(1);
  await page.goto("/dashboard");
  const panes = page.locator(".pane");
  await expect(panes.first()).toHaveAttribute("data-view", "watchlist");

  // The predefined NIFTY 50 list: rows without adding any.
  await page.keyboard.press("BracketRight");
  const firstLtp = (pane: Locator) => pane.locator('[role="row"][data-symbol]').first().locator('[data-field="ltp"]');
  await expect(panes.first().locator('[role="row"][data-symbol]').first()).toBeVisible();

  // Split: the new pane shows the same watchlist; both copies tick.
  await page.keyboard.press("Alt+Backslash");
  await expect(panes).toHaveCount(2);
  const [wl1, wl2] = [panes.nth(0), panes.nth(1)];
  await expect(wl2).toHaveAttribute("data-view", "watchlist");
  await ticks(firstLtp(wl1));
  await ticks(firstLtp(wl2));

  // Each copy has its own row cursor: End moves the focused copy's only. The other copy's stays on the row it
  // landed on: the first, or its colour group's instrument's row when the group had one (rowCursor.ts landingRow,
  // ca69ae2), which depends on what the worker's earlier specs left the group on.
  const rowsOf = (pane: Locator) => pane.locator('[role="row"][data-symbol]');
  const cursorRow = (pane: Locator) => rowsOf(pane).evaluateAll((rows) => rows.filter((r) => r.getAttribute("aria-selected") === "true").map((r) => r.getAttribute("data-symbol")));
  await expect.poll(async () => (await cursorRow(wl1)).length).toBe(1);
  const wl1Row = await cursorRow(wl1);
  await page.keyboard.press("End");
  await expect(rowsOf(wl2).last()).toHaveAttribute("aria-selected", "true");
  await expect.poll(() => cursorRow(wl1)).toEqual(wl1Row);
  await page.keyboard.press("Home");
  await expect(rowsOf(wl2).first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("j");
  await expect(rowsOf(wl2).nth(1)).toHaveAttribute("aria-selected", "true");
  await expect.poll(() => cursorRow(wl1)).toEqual(wl1Row);

  // Depth of the row (INFY or whichever the list starts with) opens beside the focused pane.
  await page.keyboard.press("d");
  await expect(panes).toHaveCount(3);
  const depthPanes = page.locator('.pane[data-view="depth"]');
  await expect(depthPanes).toHaveCount(1);
  const firstSymbol = await depthPanes.first().locator(".depth-head .sym").innerText();

  // Focus that depth pane, split it (the copy shows the same instrument), and point the copy at TCS.
  const index = await depthPanes.first().locator(".pane-index").innerText();
  await page.keyboard.press(`Alt+${index}`);
  await expect(depthPanes.first()).toHaveAttribute("data-focused", "true");
  await page.keyboard.press("Alt+Backslash");
  await expect(depthPanes).toHaveCount(2);
  await searchAndChoose(page, "tcs", /TCS-EQ/);
  await expect(page.locator('.pane-focused[data-view="depth"]')).toContainText("TCS-EQ");
  const other = page.locator('.pane[data-view="depth"]:not(.pane-focused)');
  await expect(other.locator(".depth-head .sym")).toHaveText(firstSymbol);

  const depthLtp = (pane: Locator) => pane.locator('[data-testid="depth"] [data-field="ltp"]');
  // Four panes, four live views.
  await ticks(depthLtp(page.locator('.pane-focused[data-view="depth"]')));
  await ticks(depthLtp(other));
  await ticks(firstLtp(wl1));
  await ticks(firstLtp(wl2));
  await page.screenshot({ path: "test-results/panes-two-by-two.png" });

  // Close the focused depth pane (TCS): the other depth pane still ticks.
  await page.keyboard.press("Alt+w");
  await expect(depthPanes).toHaveCount(1);
  await ticks(depthLtp(depthPanes.first()));

  // Close one watchlist copy: the other still ticks.
  await page.keyboard.press("Alt+1");
  await expect(panes.first()).toHaveAttribute("data-focused", "true");
  await page.keyboard.press("Alt+w");
  await expect(page.locator('.pane[data-view="watchlist"]')).toHaveCount(1);
  await ticks(firstLtp(page.locator('.pane[data-view="watchlist"]')));
  await ticks(depthLtp(depthPanes.first()));
});

test("Investing preset: with Funds focused, Holdings beside it keeps its live prices", async ({ page }) => {
  await signIn(page, "DEMO1", "/home");
  await palette(page, "Layout: Investing");
  const holdings = page.locator('.pane[data-view="holdings"]');
  await expect(holdings).toBeVisible();
  const ltp = holdings.locator('tbody tr[data-symbol] [data-field="ltp"]').first();
  await ticks(ltp);

  // Focus Funds (the route follows it to /main/funds): Holdings is still on screen, so still live.
  const funds = page.locator('.pane[data-view="funds"]');
  await page.keyboard.press(`Alt+${await funds.locator(".pane-index").innerText()}`);
  await expect(funds).toHaveAttribute("data-focused", "true");
  await expect(page).toHaveURL(/\/main\/funds/);
  await ticks(ltp);
  await ticks(ltp);
});

test("two Orders panes keep their own tabs; the route's query follows the focused one", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders");
  await palette(page, "Layout: Single pane");
  await page.goto("/main/orders?tab=0&subTab=0");
  const panes = page.locator('.pane[data-view="orders"]');
  await expect(panes).toHaveCount(1);
  await page.keyboard.press("Alt+Backslash");
  await expect(panes).toHaveCount(2);
  // The new pane (focused) steps to Pending; the first stays on All.
  await page.keyboard.press("BracketRight");
  const selectedTab = (pane: Locator) => pane.locator('[role="tab"][aria-selected="true"]').first();
  await expect(selectedTab(panes.nth(1))).toHaveText(/Pending/);
  await expect(selectedTab(panes.nth(0))).toHaveText(/All/);
  await expect(page).toHaveURL(/\/main\/orders\?tab=1&subTab=0$/);
  // Focus the first pane: the query shows its tab again.
  await page.keyboard.press("Alt+1");
  await expect(page).toHaveURL(/\/main\/orders\?tab=0&subTab=0$/);
  await expect(selectedTab(panes.nth(1))).toHaveText(/Pending/);
});
