import { commandLine, expect, palette, setTheme, signIn, startReplay, test } from "./fixtures";

/**
 * FINDINGS-29 §4 and §6, in a replay of the sample day (23/11/2026).
 * - §4: the replayed day has OI for few of the NIFTY chain's contracts (the rest are priced by the
 *   model, "volume and OI 0"), so the chain's header says "no OI in this replay" where it read
 *   "PCR 0.84 · Max pain 24,050"; live, the same chain keeps its figures.
 * - §6: the order latency log marks the replay's orders REPLAY with the replayed date and gives their
 *   figures on a line of their own, apart from the live market's.
 * Screenshots at 1680x1000, dark and light.
 */
const SHOTS = "/tmp/shots-f29-replay-chain";

test("replay: the chain says there is no OI instead of PCR and max pain; the latency log keeps the replay's orders apart, marked", async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home");
  await expect(page.getByTestId("sim-clock")).toContainText("paper broker");
  const chain = page.locator('.pane[data-view="optionchain"]');

  // Live: the figures.
  await palette(page, "chain NIFTY");
  await expect(chain.getByTestId("chain-pcr")).toHaveText(/^\d[\d,]*\.\d\d$/);
  await expect(chain.getByTestId("chain-max-pain")).toHaveText(/^\d[\d,]*$/);
  await expect(chain.getByTestId("chain-no-oi")).toHaveCount(0);
  // A live order, for the latency log.
  await commandLine(page, "buy INFY 1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });

  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("replay-badge")).toHaveText(/REPLAY/, { timeout: 180_000 });
  await palette(page, "chain NIFTY");
  await expect(chain.getByTestId("chain-no-oi")).toHaveText("PCR, max pain: no OI in this replay", { timeout: 30_000 });
  await expect(chain.getByTestId("chain-pcr")).toHaveCount(0);
  await expect(chain.getByTestId("chain-readings")).toHaveAttribute("title", /this replayed day has OI for \d+ of its \d+ contracts/);
  // The next expiry too (the sample day's 01DEC chain read "PCR 0.84 · Max pain 24,050" off the few contracts with OI).
  await chain.click({ position: { x: 200, y: 120 } });
  await page.keyboard.press("]");
  await expect(chain.locator('[data-expiry][aria-pressed="true"]')).toHaveAttribute("data-expiry", "2026-12-01");
  await expect(chain.getByTestId("chain-no-oi")).toHaveText("PCR, max pain: no OI in this replay", { timeout: 30_000 });
  await page.keyboard.press("Alt+M");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/chain-replay-${theme}-1680x1000.png` });
  }
  await page.keyboard.press("Alt+M");
  await setTheme(page, "dark");

  // A replay order; its number may be the live one's again: the log keeps each to its own books.
  await commandLine(page, "buy INFY 1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });
  await palette(page, "Order latency log");
  const view = page.getByTestId("latency-view");
  const replayRow = view.locator('tr[data-book^="replay 2026-11-23"]');
  await expect(replayRow).toHaveCount(1);
  await expect(replayRow.locator("td").nth(6)).toHaveText("REPLAY 23/11/2026");
  // Times on the broker's clock, dated where not its today (the replayed day now): the live row carries its own date.
  await expect(replayRow.locator("td").nth(0)).toHaveText(/^09:\d\d:\d\d$/);
  await expect(view.locator('tr[data-book="live"] td').nth(0)).toHaveText(/^\d\d\/\d\d\/2026 \d\d:\d\d:\d\d$/);
  // Its first update is its own, never negative.
  await expect(replayRow.locator("td").nth(4)).toHaveText(/^\d+ ms$|^\d+\.\d\d s$/, { timeout: 20_000 });
  await expect(view.locator('tr[data-book="live"] td').nth(6)).toHaveText("Live");
  await expect(page.getByTestId("latency-summary").first()).toContainText(/^This session on the live market, 1 order: /);
  await expect(page.getByTestId("latency-summary-replay")).toContainText(/^REPLAY 23\/11\/2026, its own books, 1 order: to acknowledgement p50 \d+ ms/);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/latency-${theme}-1680x1000.png` });
  }
  await page.keyboard.press("Escape");
  await setTheme(page, "dark");

  // Back on the live market: the chain's figures again.
  await palette(page, "Leave replay");
  await expect(page.getByTestId("replay-badge")).toBeHidden({ timeout: 180_000 });
  await palette(page, "chain NIFTY");
  await expect(chain.getByTestId("chain-pcr")).toHaveText(/^\d[\d,]*\.\d\d$/, { timeout: 30_000 });
});
