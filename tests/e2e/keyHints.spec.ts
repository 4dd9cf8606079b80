import type { Locator, Page } from "@playwright/test";
import { clipped } from "./clipped";
import { expect, palette, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-30 s2: after "Exit selected" was rebound to q in Settings, Positions still said "Exit X"
 * and Holdings "Sell X" while x did nothing. DESIGN.md section 3: "The keymap is data: shown by
 * `?`, rebindable in settings"; a button's hint is the key that does its job now (KeyHint), written
 * as `?` writes it. Here: Exit selected on q and Cancel all open orders on Shift+C, then the
 * Trading layout with Holdings in place of the depth, each toolbar read and measured for clipping.
 * Screenshots go to /tmp/shots-keyhints/ (looked at by hand).
 */
const SHOTS = "/tmp/shots-keyhints";

async function rebindIn(page: Page, filter: string, commandId: string, key: string, shown: string): Promise<void> {
  await page.getByLabel("Filter commands and keys").fill(filter);
  const row = page.locator(`.key-editor tr[data-command="${commandId}"]`);
  await row.getByRole("button", { name: "Rebind" }).focus();
  await page.keyboard.press("Enter");
  await expect(row.getByRole("button")).toHaveText("press a key…");
  await page.keyboard.press(key);
  await expect(row.locator("kbd")).toHaveText(shown);
}

/** The toolbar's button with a key hint whose words start with `label` ("Exit", not "Exit all", which has no key). */
const toolbarButton = (pane: Locator, label: string) =>
  pane.locator(".toolbar .btn, .orders-toolbar .btn").filter({ has: pane.page().locator("kbd"), hasText: new RegExp(`^${label} `) });

test("a key rebound in Settings is the key the pane toolbars show: Exit q, Sell q, Cancel all orders Shift+C", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/position");
  const positions = page.locator('.pane[data-view="position"]');
  // The default keys, as `?` writes them: a bare x is "x" (Shift+X is exit all).
  await expect(toolbarButton(positions, "Exit")).toHaveText("Exit x");
  await expect(toolbarButton(positions, "Info")).toHaveText("Info i");

  await palette(page, "Go to Settings");
  await rebindIn(page, "Exit selected", "portfolio.exit", "q", "q");
  await rebindIn(page, "Cancel all open orders", "order.cancelAll", "Shift+C", "Shift+C");

  // Watchlist | Orders over Positions | Holdings (in the depth's place).
  await palette(page, "Layout: Trading");
  await page.locator('.pane[data-view="depth"] .pane-title').click();
  await palette(page, "Go to Holdings");
  const holdings = page.locator('.pane[data-view="holdings"]');
  const orders = page.locator('.pane[data-view="orders"]');
  await expect(holdings.locator("tr[data-symbol]").first()).toBeVisible();

  await expect(toolbarButton(positions, "Exit")).toHaveText("Exit q");
  await expect(toolbarButton(positions, "Info")).toHaveText("Info i");
  await expect(toolbarButton(holdings, "Sell")).toHaveText("Sell q");
  await expect(toolbarButton(holdings, "Export CSV")).toHaveText("Export CSV e");
  await expect(toolbarButton(orders, "Cancel all orders")).toHaveText("Cancel all orders Shift+C");

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    for (const pane of [positions, holdings, orders]) expect(await clipped(pane, ".toolbar .btn, .orders-toolbar .btn")).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/trading-rebound-${theme}.png` });
  }

  // The Reset puts the declared keys back, and the hints with them.
  await palette(page, "Go to Settings");
  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await palette(page, "Go to Positions");
  await expect(toolbarButton(page.locator('.pane[data-view="position"]').first(), "Exit")).toHaveText("Exit x");
});
