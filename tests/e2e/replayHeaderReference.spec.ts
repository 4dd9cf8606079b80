import { api, expect, ownBroker, palette, shareOf, signIn, startReplay, test, token } from "./fixtures";

/**
 * "Stale is an error": every price on screen is live or marked. In a replay, an instrument the tape has no
 * ticks of stands at its reference price (server/README.md, market replay), never live. Its Holdings row was
 * titled so (and dimmed only once 10 s of play had passed); the header showed it like a live quote, paused
 * or playing. The header's SENSEX at 81,000.00 0.00 (0.00%) at 09:15 is no such price: the sample day has
 * SENSEX bars, and its first bar dips to its low, its open, first, so it trades flat at the previous close
 * (the first open) for the bar's first 20 s, each tick a row of the tape (sequence 1 and on). HDFCBANK is a
 * share the sample day has no bars of: pinned to the header, it is marked there as its Holdings row is.
 * Its own broker: the pin and the replay are nobody else's. Screenshots: /tmp/h1-shots.
 */
const own = ownBroker();
const SHOTS = "/tmp/h1-shots";

test("a replay: the header marks a pinned instrument the tape has no ticks of (at its reference price), paused at the open; an index the tape has ticks of is not marked", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", own.url);
  const hdfc = await shareOf(page, own.url, "HDFCBANK");
  const pinned = await api(page.request, own.url, await token(page), "/core/startbar/add", { exchange: "NSEEQ", token: hdfc.token, position: 3 });
  expect(pinned.status).toBe("Ok");
  // The header reads its pins when the app loads.
  await page.reload();
  await expect(page.locator(`.pinned-item[data-symbol="${hdfc.tradingSymbol}"]`)).toBeVisible();

  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("sim-clock")).toContainText(/replay clock 23\/11\/2026 09:15:\d\d IST/, { timeout: 180_000 });
  // Paused at once, before a price that stops ticking would dim (10 s): what marks it is its reference price, not its age.
  await page.keyboard.press("Alt+Shift+Space");
  await expect(page.getByTestId("replay-badge")).toHaveText(/^REPLAY paused/);

  const item = page.locator(`.pinned-item[data-symbol="${hdfc.tradingSymbol}"]`);
  await expect(item).toHaveAttribute("title", `No ticks of ${hdfc.tradingSymbol} on the replay's tape: at its reference price`);
  await expect(item.locator('[data-field="ltp"]')).toHaveAttribute("data-stale", "true");
  await expect(item.locator('[data-field="chg"]')).toHaveAttribute("data-stale", "true");
  // SENSEX is played from the tape: live at the paused instant, neither titled nor dimmed.
  const sensex = page.locator('.pinned-item[data-symbol="SENSEX"]');
  await expect(sensex.locator('[data-field="ltp"]')).toHaveText(/\d/);
  await expect(sensex).not.toHaveAttribute("title", /.*/);
  await expect(sensex.locator('[data-field="ltp"]')).not.toHaveAttribute("data-stale", "true");
  await page.locator(".pinned").screenshot({ path: `${SHOTS}/replay-paused-header-reference.png` });

  // Its Holdings row by the same helper (usePriceMark): dimmed and titled, paused at the open as in the header.
  await palette(page, "Go to Holdings");
  const row = page.locator('.pane[data-view="holdings"] td[data-field="ltp"]', { hasText: await item.locator('[data-field="ltp"]').innerText() });
  await expect(row.first()).toHaveAttribute("title", `No ticks of ${hdfc.tradingSymbol} on the replay's tape: at its reference price`);
  await expect(row.first()).toHaveAttribute("data-stale", "true");
  await page.screenshot({ path: `${SHOTS}/replay-paused-holdings-reference.png` });

  // FINDINGS-24 §12: the watchlist showed it at "772.00 0.00 0.00%" in normal colours. Its price cells by the same
  // rule (priceMark): dimmed and titled; NIFTY 50's list has HDFCBANK-EQ.
  await palette(page, "Go to Watchlist");
  const wl = page.locator('.pane[data-view="watchlist"]').first();
  await wl.locator(".pane-title").click();
  await page.keyboard.press("BracketRight");
  const wlRow = wl.locator(`[role="row"][data-symbol="${hdfc.tradingSymbol}"]`);
  await expect(wlRow).toBeVisible();
  for (const field of ["ltp", "chg", "pchg"]) {
    await expect(wlRow.locator(`[data-field="${field}"]`)).toHaveAttribute("data-stale", "true");
    await expect(wlRow.locator(`[data-field="${field}"]`)).toHaveAttribute("title", `No ticks of ${hdfc.tradingSymbol} on the replay's tape: at its reference price`);
  }
  await page.screenshot({ path: `${SHOTS}/replay-paused-watchlist-reference.png` });
});
