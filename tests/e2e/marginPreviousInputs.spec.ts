import fs from "node:fs";
import type { Route } from "@playwright/test";
import { commandLine, expect, ownBroker, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-27 5: on a broker answering 1.5 s late, `buy ITC 10 @ 300 delivery`, then Quantity 40,
 * Price 299.5, Enter: "Sending…" under "Margin ₹3,000.00" (the figure of 10 @ 300), and 40 @ 299.50
 * (₹11,980) went out. "The margin check runs 200 ms after inputs change" (trading-core section 4):
 * from the keystroke until the check of the inputs on screen answers, the figure is marked as being
 * for the previous inputs (rules/marginInputs.ts), then the new one shows unmarked. The margin
 * check's answer is held here (page.route) to stand for the late broker. A broker of this file's own.
 */
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "test-results/screenshots/marginPreviousInputs";

test("a changed Quantity or Price marks the margin figure as the previous inputs' until their check answers", async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/watchlist", broker.url);
  await setTheme(page, "dark");
  await commandLine(page, "buy ITC 10 @ 300 delivery");
  const margin = page.getByTestId("ow-margin");
  const previous = page.getByTestId("ow-margin-previous");
  // Delivery buy: 100% of value, 10 x 300 = 3,000.
  await expect(margin).toHaveText("₹3,000.00");
  await expect(previous).toBeHidden();

  // The broker is late: every margin check from here waits until released.
  const held: Route[] = [];
  let holding = true;
  await page.route("**/preordermargin**", (route) => (holding ? void held.push(route) : route.continue()));

  await page.locator("#ow-quantity").fill("40");
  // At once (within the 200 ms debounce, before any check is asked): the figure is 10 @ 300's, and says so.
  await expect(previous).toHaveText("for the previous inputs: checking…", { timeout: 150 });
  await expect(margin).toHaveText("₹3,000.00");
  await page.locator("#ow-price").fill("299.5");
  await expect.poll(() => held.length, { message: "the check of 40 @ 299.50 is asked (and held)" }).toBeGreaterThan(0);
  await page.waitForTimeout(400);
  await expect(previous, "still marked while the broker has not answered").toBeVisible();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.locator("#ow-price").focus();
    await page.screenshot({ path: `${SHOTS}/marked-${theme}.png` });
  }
  await setTheme(page, "dark");

  // The broker answers: the figure of 40 @ 299.50 (40 x 299.50 = 11,980), unmarked.
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(margin).toHaveText("₹11,980.00");
  await expect(previous).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/answered-dark.png` });
});
