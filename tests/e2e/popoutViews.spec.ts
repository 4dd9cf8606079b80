import type { Page } from "@playwright/test";
import { expect, ownBroker, palette, signIn, test } from "./fixtures";

/**
 * A command that opens a view, run from the palette in a pane's own window (a second monitor):
 * "Profile" put Profile into a new pane of the main window, out of the trader's sight, and "Go to
 * Orders" moved the pop-out's own address to /main/orders, making it a second main window. Decided:
 * the view shows in the window's own pane, where the trader typed it (workspace.openView); the main
 * window keeps its panes, its focus and its route.
 * A broker of this file's own: the layout saved for DEMO1 is this file's alone.
 */
const broker = ownBroker();

/** The views of a window's panes in reading order, a popped pane's place included (it keeps its view). */
const views = (page: Page) => page.locator(".pane").evaluateAll((els) => els.map((e) => e.getAttribute("data-view")));

test("Profile and Go to Orders run in a popped-out pane's window show in that window's pane, not in the main window", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  // The Trading preset below 2200 px (presets.ts): "watchlist | orders over positions | depth".
  expect(await views(page)).toEqual(["watchlist", "orders", "position", "depth"]);
  // The depth pane (pane 4) goes out into its own window.
  await page.keyboard.press("Alt+4");
  await expect(page.locator('.pane[data-view="depth"]')).toHaveClass(/pane-focused/);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  await popup.waitForLoadState();
  await expect(popup.locator('.pane[data-view="depth"]')).toBeVisible();
  await expect(page.getByText("In its own window")).toBeVisible();
  const mainUrl = page.url();

  // "Profile" from the pop-out's palette: its one pane shows Profile.
  await palette(popup, "Profile");
  await expect(popup.getByTestId("pane-window").locator('.pane[data-view="profile"]')).toBeVisible();
  // The main window gains no pane: the popped pane's place (still out) is the one that changed. It learns of it from
  // the other window (the shared layout), a moment after the pop-out shows it: polled, not read once (the clean-clone
  // CI of 26248be read "depth" there once).
  await expect.poll(() => views(page)).toEqual(["watchlist", "orders", "position", "profile"]);
  await expect(page.locator('.pane[data-view="profile"]').getByText("In its own window")).toBeVisible();

  // "Go to Orders" from the pop-out: the pop-out stays a pane's window, now on Orders.
  await palette(popup, "Go to Orders");
  await expect(popup.getByTestId("pane-window").locator('.pane[data-view="orders"]')).toBeVisible();
  await expect(popup).toHaveURL(/\/popout\?pane=/);
  // The main window keeps its own Orders pane and route: the pop-out's is a second Orders pane, out.
  await expect.poll(() => views(page)).toEqual(["watchlist", "orders", "position", "orders"]);
  expect(page.url()).toBe(mainUrl);
  await popup.close();
});
