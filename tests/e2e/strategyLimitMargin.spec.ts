import type { Page } from "@playwright/test";
import { expect, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-23 F6: the confirmation's "Margin of the set" priced a BUY leg with a typed LIMIT at the
 * live price (the span call carries no price). A long option's margin is its premium: at its limit
 * for the LIMIT leg, at the live price for the MARKET one. The broker's market does not tick here,
 * so the live prices the pane shows are the ones the margin is read at. 1680x1000.
 */
const broker = ownBroker({ SIM_TIME: "2026-11-25T11:00:00+05:30", TICK_HZ: "0" }, { perTest: true });
const SHOTS = "/tmp/shots/strategy";

const strategy = (page: Page) => page.getByTestId("strategy");
const legRows = (page: Page) => strategy(page).locator("tbody tr[data-side]");
const num = (s: string) => Number(s.replace(/[₹,]/g, ""));

test("a straddle with the call typed at 50.00: the margin of the set is 50.00 x 75 plus the put's live price x 75", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Single pane");
  await runLine(page, "strategy NIFTY straddle ATM", "strategy.line");
  await expect(legRows(page)).toHaveCount(2);
  await expect(page.locator('.pane-focused[data-view="strategy"]')).toBeVisible();
  await page.keyboard.press("Home");
  await expect(legRows(page).nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("e");
  const entry = page.getByRole("dialog", { name: /^Entry price/ });
  await expect(entry.getByLabel("Entry price")).toBeFocused();
  await page.keyboard.type("50");
  await page.keyboard.press("Enter");
  await expect(entry).toBeHidden();
  await expect(legRows(page).nth(0).locator('[data-field="entry"]')).toHaveText("50.00");
  await expect(legRows(page).nth(1).locator('[data-field="ltp"]')).toHaveText(/^[\d,]+\.\d\d$/);
  const put = num(await legRows(page).nth(1).locator('[data-field="ltp"]').innerText());
  const call = num(await legRows(page).nth(0).locator('[data-field="ltp"]').innerText());
  // The live call is not at 50 (else the test could not tell the two prices apart).
  expect(call).not.toBe(50);

  // Enter as often as it takes the pane to hear it (a key pressed as the entry dialog unmounts can go unheard).
  const confirm = page.getByTestId("strategy-confirm");
  await expect(async () => {
    if (!(await confirm.isVisible())) await page.keyboard.press("Enter");
    await expect(confirm).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(confirm.locator('[data-field="order"]').first()).toHaveText("LIMIT ₹50.00");
  const expected = Math.round((50 * 75 + put * 75) * 100) / 100;
  await expect.poll(async () => num(await page.getByTestId("confirm-margin").innerText())).toBe(expected);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/limit-margin-confirm-${theme}-1680x1000.png` });
  }
});
