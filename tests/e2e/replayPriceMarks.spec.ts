import fs from "node:fs";
import { expect, ownBroker, palette, runLine, setTheme, shareOf, signIn, startReplay, test } from "./fixtures";
import { cursorOn } from "./linkHelpers";

/**
 * "Stale is an error": every price on screen is live or marked. In a replay, an instrument the tape has no
 * ticks of stands at its reference price (server/README.md, market replay), never live; the header, Holdings,
 * the watchlist, the chain and Discover marked it (replayHeaderReference.spec), the depth pane and the order
 * window's last price (LiveLtp, the GTT form's too) and a basket leg's LTP showed it as live. HDFCBANK is a share
 * the sample day has no bars of: `d` on its watchlist row opens its depth beside the list, `b` there its order
 * window, and a basket holds a leg of it, each price dimmed and titled by the one rule (priceStale.ts markNow).
 * Its own broker: the replay and the basket are nobody else's.
 */
const own = ownBroker();
const SHOTS = "/tmp/h4-shots";
fs.mkdirSync(SHOTS, { recursive: true });

test("a replay: the depth pane, the order window and a basket leg mark a price the tape has no ticks of (at its reference price)", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", own.url);
  const hdfc = await shareOf(page, own.url, "HDFCBANK");
  const why = `No ticks of ${hdfc.tradingSymbol} on the replay's tape: at its reference price`;

  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("sim-clock")).toContainText(/replay clock 23\/11\/2026 09:15:\d\d IST/, { timeout: 180_000 });
  // Paused at once, before a price that stops ticking would dim (10 s): what marks it is its reference price, not its age.
  await page.keyboard.press("Alt+Shift+Space");
  await expect(page.getByTestId("replay-badge")).toHaveText(/^REPLAY paused/);

  // NIFTY 50's list has HDFCBANK-EQ; d on its row opens its depth beside the list (a split).
  await palette(page, "Go to Watchlist");
  const wl = page.locator('.pane[data-view="watchlist"]').first();
  await wl.locator(".pane-title").click();
  await page.keyboard.press("BracketRight");
  await expect(wl.locator(`[role="row"][data-symbol="${hdfc.tradingSymbol}"]`)).toBeVisible();
  await cursorOn(page, wl, hdfc.tradingSymbol);
  await page.keyboard.press("d");
  const depth = page.locator('.pane[data-view="depth"]').getByTestId("depth");
  await expect(depth).toContainText(hdfc.tradingSymbol);
  for (const field of ["ltp", "chg"]) {
    await expect(depth.locator(`.depth-head [data-field="${field}"]`)).toHaveAttribute("data-stale", "true");
    await expect(depth.locator(`.depth-head [data-field="${field}"]`)).toHaveAttribute("title", why);
  }
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/replay-depth-reference-${theme}-1680x1000.png` });
  }

  // b in the depth pane: the order window's last price (LiveLtp) by the same rule.
  await page.keyboard.press("b");
  const ow = page.getByRole("form", { name: "Order window" });
  await expect(ow.locator(".ow-symbol")).toHaveText(hdfc.tradingSymbol);
  await expect(ow.locator('.ow-ltp [data-field="ltp"]')).toHaveAttribute("data-stale", "true");
  await expect(ow.locator('.ow-ltp [data-field="ltp"]')).toHaveAttribute("title", why);
  // Its best bid and ask beside it (BestBidAsk) by the same rule: they marked only a stale price.
  await expect(ow.locator(".ow-touch")).toHaveAttribute("data-stale", "true");
  await expect(ow.locator(".ow-touch")).toHaveAttribute("title", why);
  await page.screenshot({ path: `${SHOTS}/replay-order-window-reference-light-1680x1000.png` });
  await setTheme(page, "dark");
  await page.screenshot({ path: `${SHOTS}/replay-order-window-reference-dark-1680x1000.png` });

  await page.keyboard.press("Escape");
  await expect(ow).toBeHidden();

  // A basket leg's LTP by the same rule.
  await runLine(page, "basket new Replay", "basket.line");
  await runLine(page, "basket add Replay buy HDFCBANK 1 @ 770 delivery", "basket.line");
  await runLine(page, "Baskets", "basket.open");
  const leg = page.getByTestId("baskets").locator(`tr[data-leg="${hdfc.tradingSymbol}"] [data-field="ltp"]`);
  await expect(leg).toHaveText("772.00");
  await expect(leg).toHaveAttribute("data-stale", "true");
  await expect(leg).toHaveAttribute("title", why);
  await page.screenshot({ path: `${SHOTS}/replay-basket-reference-dark-1680x1000.png` });

  // HDFCBANK's option chain: its spot in the bar (ChainBar, a React cell) by the same rule as the strikes' DOM-bound cells; it marked only a stale price.
  await runLine(page, "chain HDFCBANK", "chain.line");
  const chain = page.locator('.pane[data-view="optionchain"]').getByTestId("optionchain");
  await expect(chain).toHaveAttribute("data-symbol", "HDFCBANK");
  await expect(page.getByTestId("chain-spot-price")).toHaveAttribute("data-stale", "true");
  await expect(page.getByTestId("chain-spot-price")).toHaveAttribute("title", why);
  await expect(chain.locator('tr[data-atm="true"] td[data-side="CE"][data-field="ltp"] .chain-val')).toHaveAttribute("data-stale", "true");
  await page.screenshot({ path: `${SHOTS}/replay-chain-reference-dark-1680x1000.png` });
});
