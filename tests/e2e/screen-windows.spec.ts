import fs from "node:fs";
import type { Locator } from "@playwright/test";
import { expect, palette, searchAndChoose, setTheme, signIn, test, ownBroker } from "./fixtures";
import { linkFocused } from "./linkHelpers";

/**
 * Issue 32 on screen: a watchlist, chart, depth and time and sales linked green, at 1680x1000 in
 * both themes, and the chart popped into a window of its own. The link marks fit their titles and
 * the time and sales grid shows whole. Screenshots go to /tmp/shots-i32 to be looked at.
 */
test.describe.configure({ mode: "serial" });
const SHOTS = "/tmp/shots-i32";

const broker = ownBroker();
fs.mkdirSync(SHOTS, { recursive: true });

async function fits(scope: Locator): Promise<void> {
  for (const mark of await scope.locator(".pane-title").all()) {
    const title = (await mark.boundingBox())!;
    for (const part of await mark.locator("> span").all()) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(title.x + title.width + 0.5);
    }
  }
}

for (const theme of ["dark", "light"] as const) {
  test(`linked panes and a pane window, ${theme}, 1680x1000`, async ({ page }) => {
    await page.setViewportSize({ width: 1680, height: 1000 });
    await signIn(page, "DEMO1", "/dashboard", broker.url);
    await setTheme(page, theme);
    const wl = page.getByTestId("watchlist");
    for (const [text, symbol] of [["infy", /INFY-EQ/], ["sbin", /SBIN-EQ/]] as const) {
      if (await wl.locator(`[role="row"][data-symbol="${text.toUpperCase()}-EQ"]`).count()) continue;
      await searchAndChoose(page, text, symbol);
      await palette(page, "Add to watchlist");
    }
    await page.keyboard.press("Alt+1");
    await page.keyboard.press("Home");
    await linkFocused(page, "green");
    await page.keyboard.press("c");
    await linkFocused(page, "green");
    await page.keyboard.press("Alt+1");
    await palette(page, "Time and sales of selected instrument");
    await linkFocused(page, "green");
    await page.keyboard.press("Alt+1");
    await page.keyboard.press("ArrowDown");
    await expect(page.locator('[data-testid="timesales"]')).toHaveAttribute("data-symbol", "SBIN-EQ");
    await expect(page.locator('[data-testid="chart"]').first()).toHaveAttribute("data-symbol", "SBIN-EQ");
    await expect(page.locator('[data-testid="timesales"] tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await fits(page.locator(".tiling"));
    await page.screenshot({ path: `${SHOTS}/linked-1680x1000-${theme}.png` });

    // The chart in a window of its own; its place in the tiling says so.
    await page.locator('[data-view="chart"] .pane-title').click();
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
    await popup.setViewportSize({ width: 1100, height: 700 });
    await expect(popup.locator('[data-testid="chart"]')).toHaveAttribute("data-symbol", "SBIN-EQ");
    await expect(page.getByText("In its own window")).toBeVisible();
    // Fed by the main window's socket: its light counts the frames it is passed.
    await expect(popup.locator(".feed-light")).toHaveAttribute("data-feed-state", "live");
    await expect.poll(() => popup.locator("footer.status-bar").innerText(), { timeout: 15_000 }).not.toMatch(/\b0 fps/);
    await page.screenshot({ path: `${SHOTS}/split-popped-1680x1000-${theme}.png` });
    await popup.screenshot({ path: `${SHOTS}/window-${theme}.png` });
    const closed = popup.waitForEvent("close");
    await page.keyboard.press("Alt+Shift+i");
    await closed;
  });
}
