import type { Page } from "@playwright/test";
import { commandLine, expect, ownBroker, setTheme, signIn, startReplay, test } from "./fixtures";

/**
 * The replay report is worked over the time actually played (src/core/replay/report.ts): a jump back starts
 * a new stretch at the time jumped to, with the books as they stood. The trader buys INFY at 12:00, jumps
 * back to 10:00 and plays three bars on, holding it: the report counts those minutes in market (it said 0 h 00 min,
 * the trade ahead of the clock), "of 2 h 48 min played" (09:15 to 12:00, then 10:00 to 10:03: of the time
 * played, not of the day, which a tester read as the day counted twice), and draws its curve in the order
 * played (its clock's times repeat after the jump, so the axis is the time played), broken where the jump back
 * landed and marked with its times. Its own broker: the replay and its trades are nobody else's. Screenshots,
 * dark and light, in the test's output folder.
 */
const own = ownBroker();

async function jumpTo(page: Page, hhmm: string): Promise<void> {
  await page.keyboard.press("Alt+Shift+J");
  await page.getByTestId("replay-jump-time").fill(hhmm);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sim-clock")).toContainText(`replay clock 23/11/2026 ${hhmm}:00 IST`, { timeout: 60_000 });
}

test("the replay report counts a position held through a jump back over the minutes replayed, of the time played, its curve drawn in the order played and broken at the jump", async ({ page }, testInfo) => {
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
  for (const at of ["10:01", "10:02", "10:03"]) {
    await page.keyboard.press("Alt+Shift+N");
    await expect(page.getByTestId("sim-clock")).toContainText(`replay clock 23/11/2026 ${at}:00 IST`);
  }

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.keyboard.press("Alt+Shift+R");
    await expect(page.getByTestId("replay-report")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("table", { name: "The replay's trades" }).locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("replay-time-in-market")).toHaveText("0 h 03 min of 2 h 48 min played");
    await expect(page.getByTestId("replay-jumps")).toContainText("it breaks where the replay jumped back (12:00 to 10:00)");
    await expect(page.getByTestId("straddle-chart").locator("canvas").first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: testInfo.outputPath(`replay-report-jump-back-${theme}-1680x1000.png`) });
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("replay-report")).toBeHidden();
  }
  expect(errors).toEqual([]);
});
