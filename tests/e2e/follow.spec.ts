import fs from "node:fs";
import type { Locator } from "@playwright/test";
import { expect, palette, setTheme, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, linkFocused, watchlistWith, type WatchRow } from "./linkHelpers";

/**
 * Issue 32, the order window and the strategy pane follow their link group (core/workspace/follow.ts):
 * an untouched new order moves to the group's new instrument; one the trader typed into keeps its
 * instrument and offers the move ("Group moved to X — Alt+G to switch"), which Alt+G takes, opening
 * afresh; an empty strategy shows the group's underlying, one with legs keeps them and says so.
 *
 * The order window is a modal dialog: the watchlist whose cursor moves is in the main window, the
 * window in the popped-out chart's (a second monitor), as a trader would have them. Keyboard only;
 * no order is placed. ITC and BHARTIARTL on a paper broker of this file's own. Screenshots of the
 * two lines go to /tmp/shots-i32-follow to be looked at.
 */
test.describe.configure({ mode: "serial" });
const SHOTS = "/tmp/shots-i32-follow";

const broker = ownBroker();
fs.mkdirSync(SHOTS, { recursive: true });

const ROWS: readonly WatchRow[] = [["itc", /ITC-EQ/, "ITC-EQ"], ["bhartiartl", /BHARTIARTL-EQ/, "BHARTIARTL-EQ"]];

/** Every line of `scope` shows whole: none wider than its box (no clipped words). */
async function whole(line: Locator): Promise<void> {
  const { scroll, client } = await line.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test("the order window: untouched, it follows the green watchlist; typed into, it keeps its instrument and Alt+G switches afresh", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page, ROWS);
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "ITC-EQ");
  await linkFocused(page, "green");
  await page.keyboard.press("c");
  await expect(page.locator('[data-testid="chart"]').first()).toHaveAttribute("data-symbol", "ITC-EQ");
  await linkFocused(page, "green");
  // The chart goes out into a window of its own; the order window opens there, from the green chart.
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  await popup.setViewportSize({ width: 1100, height: 800 });
  await expect(popup.locator('[data-testid="chart"]')).toHaveAttribute("data-symbol", "ITC-EQ");
  // b on the chart: a buy of its instrument, as on any pane that shows one.
  await popup.keyboard.press("b");
  await expect(popup.getByRole("form", { name: "Order window" })).toBeVisible();
  await expect(popup.locator("#ow-quantity")).toBeFocused();
  const form = popup.getByRole("form", { name: "Order window" });
  const symbol = form.locator(".ow-symbol");
  const quantity = popup.locator("#ow-quantity");
  const offer = popup.getByTestId("ow-group-offer");
  await expect(symbol).toHaveText("ITC-EQ");
  const freshQuantity = await quantity.inputValue();

  // (a) Untouched: the main window's cursor moves to BHARTIARTL and the window is BHARTIARTL's, a buy still.
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "BHARTIARTL-EQ");
  await expect(symbol).toHaveText("BHARTIARTL-EQ");
  await expect(popup.getByRole("dialog", { name: "Buy BHARTIARTL-EQ" })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // (b) The trader types a quantity: the next move leaves the instrument and the window offers it.
  await expect(quantity).toBeFocused();
  await quantity.press("Control+a");
  await popup.keyboard.type("7");
  await expect(quantity).toHaveValue("7");
  await cursorOn(page, wl, "ITC-EQ");
  await expect(offer).toHaveText("Group moved to ITC-EQ — Alt+G to switch");
  await expect(symbol).toHaveText("BHARTIARTL-EQ");
  await expect(popup.getByRole("dialog", { name: "Buy BHARTIARTL-EQ" })).toBeVisible();
  await expect(quantity).toHaveValue("7");
  await whole(offer);
  // The offer in the window beside the split main window (1100x800), and at 1680x1000, both themes.
  for (const theme of ["dark", "light"] as const) {
    await setTheme(popup, theme);
    await popup.setViewportSize({ width: 1100, height: 800 });
    await whole(offer);
    await popup.screenshot({ path: `${SHOTS}/offer-window-1100x800-${theme}.png` });
    await popup.setViewportSize({ width: 1680, height: 1000 });
    await whole(offer);
    await popup.screenshot({ path: `${SHOTS}/offer-window-1680x1000-${theme}.png` });
  }
  await page.screenshot({ path: `${SHOTS}/offer-main-split.png` });

  // The group coming back to the window's own instrument withdraws the offer; another move brings it back.
  await cursorOn(page, wl, "BHARTIARTL-EQ");
  await expect(offer).toHaveCount(0);
  await cursorOn(page, wl, "ITC-EQ");
  await expect(offer).toHaveText("Group moved to ITC-EQ — Alt+G to switch");

  // Alt+G (from the quantity field): the window opens afresh on ITC, the typed quantity gone, the side kept.
  await quantity.focus();
  await popup.keyboard.press("Alt+g");
  await expect(symbol).toHaveText("ITC-EQ");
  await expect(popup.getByRole("dialog", { name: "Buy ITC-EQ" })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(quantity).toHaveValue(freshQuantity);
  expect(freshQuantity).not.toBe("7");
  // Pristine again: the next move takes it along.
  await cursorOn(page, wl, "BHARTIARTL-EQ");
  await expect(symbol).toHaveText("BHARTIARTL-EQ");
  await popup.close();
});

test("the strategy pane: with no legs it follows the group's underlying; with NIFTY legs it keeps them and says so", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page, ROWS);
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "ITC-EQ");
  await linkFocused(page, "green");
  // Its title starts as a `strategy` line does (which claims the palette): the command by its keyword.
  await palette(page, "iron condor");
  await expect(page.locator('.pane-focused[data-view="strategy"]')).toBeVisible();
  await linkFocused(page, "green");
  await expect(page.getByTestId("status-line")).toHaveText("Pane linked green: it follows every green pane while it has no legs");
  const pane = page.locator('[data-view="strategy"]');
  // The watchlist joined green with its cursor resting on ITC, which gave the group ITC: the empty strategy is ITC's at once.
  await expect(pane.getByText("No legs in the ITC strategy")).toBeVisible();
  // The green watchlist's cursor moves: the empty strategy is the group's underlying's, each time.
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "BHARTIARTL-EQ");
  await expect(pane.getByText("No legs in the BHARTIARTL strategy")).toBeVisible();
  await cursorOn(page, wl, "ITC-EQ");
  await expect(pane.getByText("No legs in the ITC strategy")).toBeVisible();
  await cursorOn(page, wl, "BHARTIARTL-EQ");
  await expect(pane.getByText("No legs in the BHARTIARTL strategy")).toBeVisible();

  // NIFTY legs typed in the palette: the pane keeps them while the group is on a share.
  await page.locator('[data-view="strategy"] .pane-title').click();
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("strategy NIFTY iron condor width 200 lots 1");
  await expect(page.locator('[data-command="strategy.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  const strategy = page.getByTestId("strategy");
  await expect(strategy).toHaveAttribute("data-legs", "4");
  // Its note says the expiry as every date on screen, DD/MM/YYYY.
  await expect(page.getByText(/^Iron condor on NIFTY, ATM [\d,]+ at spot [\d,]+\.\d\d, expiry \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(pane.locator(".pane-link")).toHaveAttribute("data-link", "green");
  const line = page.getByTestId("strategy-group-line");
  await expect(line).toHaveText("Group moved to BHARTIARTL — this strategy's legs stay on NIFTY; clear them (Strategy: clear legs) to follow");
  await whole(line);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/strategy-line-split-1680x1000-${theme}.png` });
  }
  // Maximised (Alt+M): the line across the whole strategy.
  await page.keyboard.press("Alt+m");
  await expect(line).toBeVisible();
  await whole(line);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/strategy-line-maximised-1680x1000-${theme}.png` });
  }
  await expect(strategy).toHaveAttribute("data-legs", "4");
});
