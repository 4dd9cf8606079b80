import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, orderBook, ownBroker, setTheme, signIn, test } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";

/**
 * Ordering from market depth. README: "`b` / `s` buy / sell the selected instrument" and "`d` …
 * takes the focus": so `d` on a watchlist row, then `b`, opens the order window on the instrument
 * the depth pane shows (it said "Buy needs an instrument, position or holding under the cursor").
 * ↑/↓ highlight a level of the ladder (core/rules/depthLevel.ts: "↑ goes to a higher price, ↓ to
 * a lower one; from no highlight … the first ↓ the best bid"), so ↓ ↓ is the second best bid, and
 * `s` then opens a LIMIT at that level's price: what is shown is what is sent.
 * Against a broker of this file's own with TICK_HZ=0: the depth does not move under the test.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/fix-depth";
fs.mkdirSync(SHOTS, { recursive: true });

const orderWindow = (page: Page) => page.getByRole("form", { name: "Order window" });
const depthPane = (page: Page) => page.locator('.pane[data-view="depth"]');

/** Depth of INFY opened with `d` from its watchlist row, focused. */
async function depthOfInfy(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  await page.keyboard.press("d");
  await expect(depthPane(page)).toHaveClass(/pane-focused/);
  await expect(depthPane(page).getByTestId("depth")).toContainText("INFY-EQ");
  // The change and its percent carry one sign, as the header's indices do ("+19.10 (1.43%)" before).
  await expect(depthPane(page).locator('[data-field="chg"]')).toHaveText(/^(?:\+[\d,.]+ \(\+[\d.]+%\)|-[\d,.]+ \(-[\d.]+%\)|0\.00 \(0\.00%\))$/);
}

test("b in the focused depth pane opens the order window on the instrument the depth shows", async ({ page }) => {
  await depthOfInfy(page);
  await page.keyboard.press("b");
  await expect(orderWindow(page)).toBeVisible();
  // The window names the depth's instrument, on the buy side, as b on the watchlist row would.
  await expect(orderWindow(page).locator(".ow-symbol")).toHaveText("INFY-EQ");
  await expect(page.getByRole("dialog", { name: /^Buy/ })).toBeVisible();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/depth-buy-${theme}-1680x1000.png` });
  }
  await page.keyboard.press("Escape");
  await expect(orderWindow(page)).toBeHidden();
  // And s sells it.
  await page.keyboard.press("s");
  await expect(orderWindow(page).locator(".ow-symbol")).toHaveText("INFY-EQ");
  await expect(page.getByRole("dialog", { name: /^Sell/ })).toBeVisible();
});

test("↓ ↓ highlights the second best bid, s opens a LIMIT at its price and Enter sends that price; Esc takes the highlight off", async ({ page }) => {
  await depthOfInfy(page);
  const depth = depthPane(page).getByTestId("depth");
  const bid1 = depth.locator('[data-field="bid1"]');
  await expect(bid1).not.toHaveText("");
  await page.keyboard.press("ArrowDown");
  await expect(depth.locator('[data-field="bid0"]')).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(bid1).toHaveAttribute("data-selected", "true");
  await expect(depth.locator('[data-selected="true"]')).toHaveCount(1);
  // The price as the pane shows it, read before the key: the window must show and send this one.
  const shown = (await bid1.innerText()).trim();
  const price = Number(shown.replace(/,/g, ""));
  expect(price).toBeGreaterThan(0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/depth-level-${theme}-1680x1000.png` });
  }

  await page.keyboard.press("s");
  const form = orderWindow(page);
  await expect(page.getByRole("dialog", { name: /^Sell/ })).toBeVisible();
  await expect(form.locator(".ow-symbol")).toHaveText("INFY-EQ");
  await expect(form.locator('select[name="priceType"]')).toHaveValue("LIMIT");
  expect(Number((await page.locator("#ow-price").inputValue()).replace(/,/g, ""))).toBe(price);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/depth-level-sell-${theme}-1680x1000.png` });
  }
  const before = new Set((await orderBook(page, broker.url)).map((o) => o.orderNo));
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();
  // The broker's book has the order at the highlighted level's price.
  const added = async () => (await orderBook(page, broker.url)).filter((o) => !before.has(o.orderNo));
  await expect.poll(async () => (await added()).length).toBe(1);
  const [sent] = await added();
  expect(sent!.tradingSymbol).toBe("INFY-EQ");
  expect(sent!.price).toBe(price);

  // Esc takes the highlight off: no level is highlighted, and b opens the window without a level's price.
  await expect(depthPane(page)).toHaveClass(/pane-focused/);
  await expect(bid1).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("Escape");
  await expect(depth.locator('[data-selected="true"]')).toHaveCount(0);
});

test("a depth asked for after its instrument's frames shows the book in a market that does not tick", async ({ page }) => {
  await depthOfInfy(page);
  // After a reload the watchlist streams INFY and SBIN before the depth pane is asked for SBIN's book;
  // the store keeps no book nobody shows, and this market never ticks again (TICK_HZ=0). The app asks
  // for SBIN's frame again, and the book comes with it: it said "No bids or offers" until SBIN next
  // traded, which here is never.
  await page.reload();
  const wl = page.getByTestId("watchlist");
  const sbin = wl.locator('[role="row"][data-symbol="SBIN-EQ"]');
  await expect(sbin).toContainText(/\d\.\d{2}/);
  await page.locator('.pane[data-view="watchlist"]').click();
  await cursorOn(page, wl, "SBIN-EQ");
  await page.keyboard.press("d");
  const depth = depthPane(page).getByTestId("depth");
  await expect(depth).toContainText("SBIN-EQ");
  await expect(depth.locator('[data-field="bid0"]')).not.toHaveText("");
  await expect(depth.locator('[data-field="ask0"]')).not.toHaveText("");
  await expect(depth).not.toContainText("No bids or offers");
});
