import type { Page } from "@playwright/test";
import { expect, ownBroker, palette, setTheme, signIn, test, startReplay } from "./fixtures";

/**
 * A tester's findings in a replay (issue 35), 1680×1000:
 * 1. Home's Current value, Day's P&L and Net P&L were dimmed as stale for the whole replay, played
 *    or paused: some holdings are shares the replay's tape has no ticks of, standing at their
 *    reference price. Now those are named on a line of their own ("At reference price", titled why),
 *    their rows in Holdings say why, and the totals dim only for a stale price that should tick or a
 *    feed that is down (core/rules/totalStale.ts): shown here with the broker's health cut off.
 * 2. Paused, "Replay at 50×" showed only in the status line; the badge now says "REPLAY paused · 50×",
 *    and the feed light's title says a paused replay's prices stand still (it read "stale when no
 *    subscribed instrument ticks for 5 s" under a light live a minute into the pause).
 * Its own broker: its replay is nobody else's. Screenshots: /tmp/helperB-shots.
 */
const own = ownBroker();
const SHOTS = "/tmp/helperB-shots";

const summaryCell = (page: Page, label: string) => page.getByRole("table", { name: "Investment summary" }).locator("tr", { hasText: label }).locator("td.num");

test("a replay: Home's totals not dimmed for shares with no ticks on the tape (named instead), dimmed once the broker is cut off; paused, the badge names the speed resume plays at", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", own.url);
  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("sim-clock")).toContainText(/replay clock 23\/11\/2026 09:1\d:\d\d IST/, { timeout: 180_000 });
  await palette(page, "Go to Home");

  // DEMO1 holds shares the sample day has no bars of: named, and why in the title.
  const note = page.getByRole("table", { name: "Investment summary" }).locator('tr[data-field="atReference"]');
  await expect(note).toBeVisible({ timeout: 20_000 });
  await expect(note).toHaveAttribute("title", /^No ticks of .+ on the replay's tape: at (its reference price|their reference prices), in these totals as (it stands|they stand)$/);
  // Past the 10 s a price takes to dim while the replay runs: those shares' prices are dimmed on their rows, the totals are not.
  await page.waitForTimeout(12_000);
  for (const label of ["Current value", "Day's P&L", "Net P&L"]) await expect(summaryCell(page, label), label).not.toHaveAttribute("data-stale", "true");

  // Paused, then 50× chosen: the badge says what resume will do; the light says why prices stand still.
  const badge = page.getByTestId("replay-badge");
  await page.keyboard.press("Alt+Shift+Space");
  await expect(badge).toHaveText("REPLAY paused · 1×");
  await palette(page, "Replay at 50×");
  await expect(badge).toHaveText("REPLAY paused · 50×");
  await expect(badge).toHaveAttribute("title", /^Paused: resume plays at 50×\. Market replay of /);
  const light = page.getByTestId("feed-light");
  await expect(light).toHaveAttribute("title", /^Replay paused: prices stand still at the paused instant, none counted late \(resume plays at 50×\)\./);
  await expect(light).toHaveAttribute("data-feed-state", "live");
  for (const label of ["Current value", "Day's P&L", "Net P&L"]) await expect(summaryCell(page, label), label).not.toHaveAttribute("data-stale", "true");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/replay-paused-home-1680x1000-${theme}.png` });
  }

  // A share at its reference price says so on its Holdings row.
  await palette(page, "Go to Holdings");
  const titled = page.locator('.pane[data-view="holdings"] td[data-field="ltp"][title^="No ticks of "]');
  await expect(titled.first()).toHaveAttribute("title", /^No ticks of \S+ on the replay's tape: at its reference price$/);
  // And dimmed there while paused, as it was while the replay played.
  await expect(titled.first()).toHaveAttribute("data-stale", "true");
  await page.screenshot({ path: `${SHOTS}/replay-paused-holdings-1680x1000-light.png` });
  await setTheme(page, "dark");
  await palette(page, "Go to Home");

  // The broker cut off (its health unanswered): the feed is down, no price on screen is live, the totals dim.
  await page.route("**/health", (r) => r.abort());
  await expect(light).toHaveAttribute("data-feed-state", "down", { timeout: 20_000 });
  for (const label of ["Current value", "Day's P&L", "Net P&L"]) await expect(summaryCell(page, label), label).toHaveAttribute("data-stale", "true");
  await page.screenshot({ path: `${SHOTS}/replay-broker-down-home-1680x1000-dark.png` });
  await page.unroute("**/health");
  await expect(light).toHaveAttribute("data-feed-state", "live", { timeout: 20_000 });
  for (const label of ["Current value", "Day's P&L", "Net P&L"]) await expect(summaryCell(page, label), label).not.toHaveAttribute("data-stale", "true");
});
