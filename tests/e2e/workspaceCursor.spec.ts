import type { Locator, Page } from "@playwright/test";
import { expect, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";
import { linkFocused } from "./linkHelpers";

/**
 * FINDINGS-25 s9: `workspace save W1` with the red group on USDINR26DECFUT (the red Positions'
 * cursor on it), the cursor moved since, then `workspace W1`: the red depth showed USDINR26DECFUT
 * and the Positions' cursor sat on NIFTY26DECFUT, so a key in one pane acted on another instrument
 * than the other showed. Now the cursor lands on the group's instrument (rowCursor.ts landingRow).
 * The trading preset at 1680×1000 (watchlist | orders over positions | depth); a broker of this
 * file's own with no ticks.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots";

/** Home, then ↓ until the row of `symbol` is under the cursor. */
async function cursorTo(page: Page, grid: Locator, symbol: string): Promise<void> {
  const row = grid.locator(`tr[data-symbol="${symbol}"]`).first();
  await page.keyboard.press("Home");
  for (let i = 0; i < 20 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

test("opening a workspace puts the red Positions' cursor on the red group's instrument, the one its depth shows", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await palette(page, "Layout: Trading");
  const positions = page.locator('.pane[data-view="position"]');
  const depth = page.locator('.pane[data-view="depth"]');
  await positions.locator(".pane-title").click();
  await linkFocused(page, "red");
  await expect(positions.locator('tr[data-symbol="USDINR26DECFUT"]')).toBeVisible();
  await cursorTo(page, positions, "USDINR26DECFUT");
  await expect(depth.getByTestId("depth")).toContainText("USDINR26DECFUT");
  await runLine(page, "workspace save W1", "workspace.line");
  await expect(page.locator(".toasts").getByText("Workspace W1 saved")).toBeVisible();

  // The trader goes on: the cursor to the first row, NIFTY26DECFUT, which red now follows.
  await positions.locator(".pane-title").click();
  await page.keyboard.press("Home");
  await expect(positions.locator('tr[aria-selected="true"]')).toHaveAttribute("data-symbol", "NIFTY26DECFUT");
  await expect(depth.getByTestId("depth")).toContainText("NIFTY26DECFUT");

  await runLine(page, "workspace W1", "workspace.line");
  await expect(page.getByTestId("status-line")).toHaveText("Workspace W1");
  await expect(depth.getByTestId("depth")).toContainText("USDINR26DECFUT");
  await expect(positions.locator('tr[aria-selected="true"]'), "the cursor is on the row of what the depth shows").toHaveAttribute("data-symbol", "USDINR26DECFUT");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/workspace-cursor-1680-${theme}.png` });
  }
  // x acts on the instrument the depth shows: its exit window names USDINR26DECFUT.
  await positions.locator(".pane-title").click();
  await page.keyboard.press("x");
  await expect(page.getByRole("dialog").first()).toContainText("USDINR26DECFUT");
  await page.keyboard.press("Escape");
});
