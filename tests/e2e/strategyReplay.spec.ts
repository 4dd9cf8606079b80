import type { Page } from "@playwright/test";
import { expect, ownBroker, palette, runLine, setTheme, signIn, startReplay, test } from "./fixtures";

/**
 * The strategy pane across a replay (issue 35: "the replay has its own books per user"). A
 * straddle placed from the pane on the live market, then analysed: its legs are held ("held ·
 * NRML") and Enter says nothing is to place. In a replay of 23/11/2026 the replay's books hold
 * none of it: no leg is marked held, and Enter's confirmation places every lot of every leg. Back
 * on the live market the legs are held again and Enter sends nothing. The legs themselves stay in
 * the pane throughout (the trader's work). The pane in the replay, split beside another, at
 * 1680x1000, dark and light.
 */
const broker = ownBroker({ SIM_TIME: "2026-11-25T11:00:00+05:30" }, { perTest: true });
const SHOTS = "/tmp/shots/strategy-replay";

const strategy = (page: Page) => page.getByTestId("strategy");
const legRows = (page: Page) => strategy(page).locator("tbody tr[data-side]");
const marks = (page: Page) => legRows(page).locator('[data-field="entry"] .entry-mark');

test("legs held live are not held in a replay (Enter places them all there), and are held again back live", async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  // One pane, so the strategy opens beside it: a split of two, its legs' entry column shown.
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".tiling .pane:visible")).toHaveCount(1);

  // Live: the straddle placed from the pane (Enter, then the confirmation's Enter).
  await runLine(page, "strategy NIFTY straddle ATM", "strategy.line");
  await expect(strategy(page)).toHaveAttribute("data-legs", "2");
  await expect(page.locator(".tiling .pane:visible")).toHaveCount(2);
  const placed = await legRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-leg")!));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Place the strategy: 2 legs" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(strategy(page).locator('td[data-report="placed"]')).toHaveCount(2, { timeout: 20_000 });

  // Analysed (the trader's own re-read of the book, replaced as is): the legs are the open NIFTY positions, the
  // seeded account's and the straddle's, each held in the product it went in.
  await palette(page, "Analyse positions");
  await expect(strategy(page).locator(`tr[data-leg="${placed[0]}"] [data-field="entry"] .entry-mark`)).toHaveText("held · NRML");
  const symbols = await legRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-leg")!));
  expect(symbols).toEqual(expect.arrayContaining(placed));
  const n = symbols.length;
  await expect(marks(page)).toHaveText(symbols.map(() => "held · NRML"));
  // Each leg's units, as the confirmation would send them once nothing of it is held.
  const units = await legRows(page).evaluateAll((rows) => rows.map((r) => r.querySelector('[data-field="qty"]')!.textContent!));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status-line")).toHaveText(`Nothing left to place: ${n === 1 ? "the leg is held" : `all ${n} legs are held`} (add or change a leg to place)`);

  // The replay: its own books hold none of these positions. The legs stay; none is held.
  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("replay-badge")).toHaveText(/REPLAY/, { timeout: 180_000 });
  await expect(legRows(page)).toHaveCount(n);
  for (const s of symbols) await expect(strategy(page).locator(`tr[data-leg="${s}"]`)).toBeVisible();
  await expect(marks(page)).toHaveCount(0);
  await expect(legRows(page).locator('[data-field="entry"][data-entry="held"]')).toHaveCount(0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/pane-in-replay-split-${theme}-1680x1000.png` });
  }
  await setTheme(page, "dark");

  // Enter: every leg is to place, all its lots, as a leg never placed is (MARKET, NRML), none "added to held lots".
  await strategy(page).click({ position: { x: 10, y: 10 } });
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: `Place the strategy: ${n} legs` });
  await expect(confirm).toBeVisible();
  const toPlace = confirm.getByRole("table", { name: "Legs to place, BUY legs first" });
  await expect(toPlace.locator("tbody tr[data-leg]")).toHaveCount(n);
  for (const [i, s] of symbols.entries()) {
    const row = toPlace.locator(`tr[data-leg="${s}"]`);
    await expect(row.locator("td").nth(3)).toHaveText(units[i]!);
    await expect(row.locator('[data-field="order"]')).toHaveText(/^MARKET/);
    await expect(row.locator("td").nth(5)).toHaveText("NRML");
  }
  await expect(confirm).not.toContainText("held");
  await page.screenshot({ path: `${SHOTS}/enter-in-replay-dark-1680x1000.png` });
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();

  // Back live: held again, and Enter has nothing to send.
  await palette(page, "Leave replay");
  await expect(page.getByTestId("replay-badge")).toBeHidden({ timeout: 180_000 });
  await expect(marks(page)).toHaveText(symbols.map(() => "held · NRML"));
  await strategy(page).click({ position: { x: 10, y: 10 } });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status-line")).toHaveText(`Nothing left to place: ${n === 1 ? "the leg is held" : `all ${n} legs are held`} (add or change a leg to place)`);
  await page.screenshot({ path: `${SHOTS}/pane-back-live-dark-1680x1000.png` });
});
