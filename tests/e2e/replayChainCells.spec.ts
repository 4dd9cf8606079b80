import { expect, palette, setTheme, signIn, startReplay, test } from "./fixtures";

/**
 * The replayed chain's own cells (left from FINDINGS-29 §4): the sample day (23/11/2026) has no
 * option of NIFTY, so every contract of its chain is priced by the model with no trades, "volume
 * and OI 0" (README, Market replay). Its OI is not known: the OI, OI Chg and Build-up cells show a
 * dash, where they read 0, 0 and "Flat 0", an OI that stood still. Live, the same cells show figures.
 * Screenshots at 1680x1000, dark and light.
 */
const SHOTS = "/tmp/shots/replay-chain-cells";

test("replay: a contract the day has no OI of shows a dash for its OI, OI change and build-up; live, figures", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home");
  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("replay-badge")).toHaveText(/REPLAY/, { timeout: 180_000 });
  await palette(page, "chain NIFTY");
  const chain = page.locator('.pane[data-view="optionchain"]');
  await expect(chain.getByTestId("chain-no-oi")).toBeVisible({ timeout: 30_000 });
  // Maximised, so OI, OI Chg and the build-up column are all shown; u: the build-up over 5 minutes.
  await chain.click({ position: { x: 200, y: 120 } });
  await page.keyboard.press("Alt+m");
  await page.keyboard.press("u");
  await expect(page.getByTestId("chain-build-up")).toContainText("Build-up 5m");

  const row = chain.locator("tr[data-strike]").first();
  for (const side of ["CE", "PE"]) {
    await expect(row.locator(`td[data-field="oi"][data-side="${side}"]`)).toHaveText("–");
    await expect(row.locator(`td[data-field="oiChg"][data-side="${side}"]`)).toHaveText("–");
    const buildUp = row.locator(`td[data-field="buildUp"][data-side="${side}"]`);
    await expect(buildUp).toHaveText("–", { timeout: 30_000 });
    await expect(buildUp).toHaveAttribute("title", /^No OI recorded for this contract in this replay/);
  }
  // No cell of the chain claims a build-up it cannot know.
  await expect(chain.locator('td[data-field="buildUp"]').filter({ hasText: /^(LB|SB|SC|LU|Flat) / })).toHaveCount(0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/chain-replay-${theme}-1680x1000.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Alt+m");

  // Back on the live market: the same chain's cells read figures again.
  await palette(page, "Leave replay");
  await expect(page.getByTestId("replay-badge")).toBeHidden({ timeout: 180_000 });
  await palette(page, "chain NIFTY");
  await expect(chain.getByTestId("chain-pcr")).toBeVisible({ timeout: 30_000 });
  await expect(chain.locator("tr[data-strike]").first().locator('td[data-field="oi"][data-side="CE"]')).toHaveText(/^\d[\d,.]*[KL]?$/);
});
