import type { Page } from "@playwright/test";
import { commandLine, expect, ownBroker, signIn, startReplay, test } from "./fixtures";

/**
 * The replay report is worked over the time actually played (src/core/replay/report.ts): a jump back starts
 * a new stretch at the time jumped to, with the books as they stood. The trader buys INFY at 12:00, jumps
 * back to 10:00 and plays one bar on, holding it: the report counts that minute in market (it said 0 h 00 min,
 * the trade ahead of the clock), of 2 h 46 min played (09:15 to 12:00, then 10:00 to 10:01), and draws its
 * curve in the order played (its clock's times repeat after the jump, so the axis is the time played).
 * Its own broker: the replay and its trades are nobody else's. Screenshots: /tmp/h1-shots.
 */
const own = ownBroker();
const SHOTS = "/tmp/h1-shots";

async function jumpTo(page: Page, hhmm: string): Promise<void> {
  await page.keyboard.press("Alt+Shift+J");
  await page.getByTestId("replay-jump-time").fill(hhmm);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sim-clock")).toContainText(`replay clock 23/11/2026 ${hhmm}:00 IST`, { timeout: 60_000 });
}

test("the replay report counts a position held through a jump back over the minute replayed, its curve drawn in the order played", async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", own.url);
  await startReplay(page, "2026-11-23");
  await expect(page.getByTestId("sim-clock")).toContainText(/replay clock 23\/11\/2026 09:1\d:\d\d IST/, { timeout: 180_000 });
  await page.keyboard.press("Alt+Shift+Space");
  await expect(page.getByTestId("replay-badge")).toHaveText(/^REPLAY paused/);
  await jumpTo(page, "12:00");
  await commandLine(page, "buy INFY 1");
  // Refused while the replay still moves to 12:00 (EC757, the window stays open): bought once it has arrived.
  const form = page.getByRole("form", { name: "Order window" });
  await expect(async () => {
    if (await form.isVisible()) await page.keyboard.press("Enter");
    await expect(form).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  await jumpTo(page, "10:00");
  await page.keyboard.press("Alt+Shift+N");
  await expect(page.getByTestId("sim-clock")).toContainText("replay clock 23/11/2026 10:01:00 IST");

  await page.keyboard.press("Alt+Shift+R");
  await expect(page.getByTestId("replay-report")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("table", { name: "The replay's trades" }).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("replay-time-in-market")).toHaveText("0 h 01 min of 2 h 46 min");
  await expect(page.getByTestId("straddle-chart").locator("canvas").first()).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("replay-report").screenshot({ path: `${SHOTS}/replay-report-jump-back.png` });
  expect(errors).toEqual([]);
});
