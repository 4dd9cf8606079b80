import type { Page } from "@playwright/test";
import { expect, openPalette, ownBroker, setTheme, signIn, test } from "./fixtures";

/**
 * A trader's finding: the GTT form's "Trigger % from LTP" stayed at what it was when the LTP beside
 * it moved (0.05 % shown beside a trigger the price had reached). The trigger is held, whichever
 * field was typed last; the % says its distance from the LTP now, except in the % field the trader
 * is typing in (rules/gttForm.ts followLtp). Its own broker (TICK_HZ=0: INFY moves only by /dev/price).
 * Screenshots go to /tmp/shots/h2/ (looked at by hand).
 */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots/h2";
const broker = ownBroker({ TICK_HZ: "0" });

async function setInfy(page: Page, price: number): Promise<void> {
  const res = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: 1244, price } });
  expect(((await res.json()) as { status: string }).status).toBe("Ok");
}

test("the GTT form's trigger % follows the live LTP; a typed trigger or % stays, and the % field being typed in is left as typed", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await setInfy(page, 1000);

  await openPalette(page);
  await page.keyboard.type("gtt sell INFY 10 trigger 1050");
  await expect(page.getByRole("dialog", { name: "Command palette" }).locator("[cmdk-item]").first()).toHaveAttribute("data-command", "gtt.line");
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "GTT form" });
  const ltp = form.locator('[data-field="ltp"]');
  const trigger = form.locator("#gtt-leg1-trigger");
  const percent = form.locator("#gtt-leg1-percent");
  await expect(ltp).toHaveText("1,000.00");
  await expect(trigger).toHaveValue("1050.00");
  // (1050 - 1000) / 1000 = 5 %.
  await expect(percent).toHaveValue("5");

  // The LTP moves to 1,025: the trigger stays, the % follows: 25 / 1025 = 2.439 % -> 2.44.
  await setInfy(page, 1025);
  await expect(ltp).toHaveText("1,025.00");
  await expect(percent).toHaveValue("2.44");
  await expect(trigger).toHaveValue("1050.00");

  // A trigger typed is measured from the LTP now: 5 / 1025 = 0.488 % -> 0.49 (it was worked out from the price at opening).
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("1030");
  await expect(percent).toHaveValue("0.49");
  // The LTP moves with the cursor still in the trigger: the % follows, 10 / 1020 = 0.980 % -> 0.98.
  await setInfy(page, 1020);
  await expect(ltp).toHaveText("1,020.00");
  await expect(percent).toHaveValue("0.98");
  await expect(trigger).toHaveValue("1030");

  // A % typed: the trigger is worked out at 1,020 x 1.02 = 1,040.40 ...
  await page.keyboard.press("Tab");
  await expect(percent).toBeFocused();
  await page.keyboard.type("2");
  await expect(trigger).toHaveValue("1040.40");
  // ... and while the cursor is in the %, the LTP's move changes neither field.
  await setInfy(page, 1010);
  await expect(ltp).toHaveText("1,010.00");
  await expect(percent).toHaveValue("2");
  await expect(trigger).toHaveValue("1040.40");
  // Left, the % says the distance now: 30.40 / 1010 = 3.0099 % -> 3.01; the trigger has not moved.
  await page.keyboard.press("Tab");
  await expect(form.locator("#gtt-leg1-price")).toBeFocused();
  await expect(percent).toHaveValue("3.01");
  await expect(trigger).toHaveValue("1040.40");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await expect(percent).toHaveValue("3.01");
    await page.screenshot({ path: `${SHOTS}/gtt-percent-live-1680-${theme}.png` });
  }
  await setTheme(page, "dark");

  // What is placed is the trigger shown (the price followed it).
  await page.keyboard.press("Enter");
  await expect(page.getByText("GTT Placed Successfully: Qty 10 SELL INFY-EQ trigger ₹1,040.40 @ ₹1,040.40 (SINGLE GTT) DELIVERY, GTT")).toBeVisible();
  await expect(form).toBeHidden();
});
