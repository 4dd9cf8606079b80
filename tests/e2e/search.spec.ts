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
