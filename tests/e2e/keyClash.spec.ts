import { expect, palette, setTheme, signIn, test } from "./fixtures";

/**
 * Settings' key editor: a key is refused when another command has it wherever the rebound one's
 * key is live. Position info and Convert position are live in positions, where `s` and `b` are
 * Sell and Buy (global keys, live wherever no dialog is open): so `s` and `b` are refused, each
 * with a toast naming the command that has it, and positions' `s` still sells.
 */
const SHOTS = "/tmp/shots-keymap";

test("Position info on s and Convert position on b are refused, naming Sell and Buy", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/settings");
  await page.getByLabel("Filter commands and keys").fill("position");

  const info = page.locator('.key-editor tr[data-command="position.info"]');
  await info.getByRole("button", { name: "Rebind" }).focus();
  await page.keyboard.press("Enter");
  await expect(info.getByRole("button")).toHaveText("press a key…");
  await page.keyboard.press("s");
  await expect(page.getByText('s is already bound to "Sell the selected instrument"')).toBeVisible();
  await expect(info.locator("kbd")).toHaveText("i");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/position-info-s-${theme}.png` });
  }

  const convert = page.locator('.key-editor tr[data-command="position.convert"]');
  await convert.getByRole("button", { name: "Rebind" }).focus();
  await page.keyboard.press("Enter");
  await expect(convert.getByRole("button")).toHaveText("press a key…");
  await page.keyboard.press("b");
  await expect(page.getByText('b is already bound to "Buy the selected instrument"')).toBeVisible();
  await expect(convert.locator("kbd")).toHaveText("v");

  // On positions `s` is still Sell: the order window opens on a SELL.
  await palette(page, "Go to Positions");
  const row = page.getByTestId("positions").getByRole("table", { name: "Positions" }).locator("tbody tr").first();
  await expect(row).toBeVisible();
  await row.click();
  await page.keyboard.press("s");
  await expect(page.getByRole("form", { name: "Order window" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: /Position info/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
});
