import { expect, signIn, test } from "./fixtures";

test("`/` finds instruments by symbol, name and contract description, with the spec's tabs", async ({ page }) => {
  await signIn(page);
  await page.locator("body").click();
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Search instrument" });
  await expect(dialog).toBeVisible();
  await page.keyboard.type("i");
  await expect(dialog.getByText("Type at least 2 characters")).toBeVisible();
  await page.keyboard.type("nfy");
  await expect(dialog.locator('[role="option"]').first()).toContainText("INFY");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("nifty ce");
  await expect(dialog.locator('[role="option"]').first()).toContainText(/NIFTY.*CE/);
  await page.keyboard.press("Tab"); // F&O tab
  await expect(dialog.locator('[role="tab"][aria-selected="true"]')).toHaveText("F&O");
  await expect(dialog.locator('[role="option"]').first()).toContainText("NSEFO");
  await page.screenshot({ path: "test-results/search.png" });
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const active = await page.evaluate(() => JSON.parse(localStorage.getItem("activeScrip") ?? "null"));
  expect(active.tradingSymbol).toMatch(/^NIFTY.*CE$/);
});

test("Enter typed before the broker answers the last keystroke chooses from what was typed, not the rows of an older query", async ({ page }) => {
  await signIn(page);
  await page.locator("body").click();
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Search instrument" });
  const results = dialog.getByRole("listbox");
  await page.keyboard.type("nifty");
  // "nifty" answered: the index first (the rows an Enter acted on in the watchlist spec's failed run).
  await expect(dialog.locator('[role="option"] td.sym').first()).toHaveText("NIFTY");
  await expect(results).toHaveAttribute("aria-busy", "false");
  // The broker's answers from here on are held until Enter has been pressed.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route("**/core/search", async (route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  await page.keyboard.type(" ce");
  await expect.poll(() => held).toBeGreaterThan(0);
  // The rows shown are still "nifty"'s: marked busy, and Enter does not take the index.
  await expect(results).toHaveAttribute("aria-busy", "true");
  await page.screenshot({ path: "test-results/search-older-rows-dimmed.png" });
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  release();
  await expect(dialog).toBeHidden();
  const active = await page.evaluate(() => JSON.parse(localStorage.getItem("activeScrip") ?? "null"));
  expect(active.tradingSymbol).toMatch(/^NIFTY.*CE$/);
});
