import type { Page } from "@playwright/test";
import { expect, openPalette, ownBroker, palette, setTheme, signIn, test } from "./fixtures";

/**
 * An explorer's finding: a GTT that fired while the Equity kill switch was on had its order refused
 * (EC710) and its record FAILED, yet the GTT tab went on reading "Active" with no toast, until the
 * tab was left and opened again: a refused order makes no order update, and an order update was the
 * only thing that refreshed the list. The broker now says so on the order topic (gttEvent.ts).
 * Its own broker (TICK_HZ=0: INFY moves only by /dev/price), so that DEMO1's kill switch touches no
 * other spec. Screenshots go to /tmp/shots/gtt/ (looked at by hand).
 */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots/gtt";
const broker = ownBroker({ TICK_HZ: "0" });

async function setInfy(page: Page, price: number): Promise<void> {
  const res = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: 1244, price } });
  expect(((await res.json()) as { status: string }).status).toBe("Ok");
}

test("a GTT fired under the Equity kill switch reads Failed in the open GTT tab, told by one toast with EC710", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await setInfy(page, 1150);

  await palette(page, "Go to GTT orders");
  await expect(page).toHaveURL(/\/main\/orders\?tab=3/);
  const orders = page.locator('.pane[data-view="orders"]');
  const tab = orders.getByRole("tab", { name: /GTT/ });
  await expect(tab).toHaveAttribute("aria-selected", "true");

  // The explorer's GTT, from the palette.
  await openPalette(page);
  await page.keyboard.type("gtt buy INFY 10 trigger 1130 @ 1131");
  await expect(page.getByRole("dialog", { name: "Command palette" }).locator("[cmdk-item]").first()).toHaveAttribute("data-command", "gtt.line");
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "GTT form" });
  await expect(form.locator("#gtt-leg1-trigger")).toHaveValue("1130.00");
  await page.keyboard.press("Enter");
  await expect(page.getByText("GTT Placed Successfully: Qty 10 BUY INFY-EQ trigger ₹1,130.00 @ ₹1,131.00 (SINGLE GTT) DELIVERY, GTT")).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.locator("table[aria-label='GTT orders'] tbody tr.gtt-row").first();
  await expect(row).toHaveAttribute("data-status", "ACTIVE");
  const gttId = await row.getAttribute("data-gtt");
  const ours = page.locator(`table[aria-label='GTT orders'] tbody tr[data-gtt='${gttId}']`);

  // The kill switch on for Equity, from the palette.
  await palette(page, "Kill switch: turn on for Equity");
  const confirm = page.getByRole("dialog", { name: "Turn on the Equity kill switch?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("kill-switch-badge")).toContainText("KILL SWITCH Equity");
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(ours.locator('[data-field="status"]')).toHaveText("Active");

  // Through the trigger: the broker fires it, the order is refused. The open tab reads Failed, without leaving it.
  await setInfy(page, 1129);
  await expect(ours).toHaveAttribute("data-status", "FAILED");
  // Failed, and under it what failed (2fec2fb: a fired GTT's row says what its firing did; the whole on hover).
  await expect(ours.locator('[data-field="status"]')).toHaveText(/^Failed/);
  await expect(ours.locator('[data-field="fired"]')).toHaveText("order refused");
  // The whole on hover, in the toast's words (gttEvent.ts gttRefusedWords) less the GTT the row already names.
  await expect(ours.locator('td[data-field="status"]')).toHaveAttribute(
    "title",
    /^triggered at ₹1,129\.00, order refused: Qty 10 BUY INFY-EQ @ ₹1,131\.00 \(LIMIT Order\) DELIVERY\. EC710: Kill switch is on for this segment: no new orders: Equity until /,
  );
  await expect(page).toHaveURL(/\/main\/orders\?tab=3/);
  await expect(tab).toHaveAttribute("aria-selected", "true");
  // One toast says what happened to what, and why in the broker's code and words.
  const toasts = page.locator(".toasts");
  const told = toasts.getByText(
    /^GTT SINGLE INFY-EQ: triggered at ₹1,129\.00, order refused: Qty 10 BUY INFY-EQ @ ₹1,131\.00 \(LIMIT Order\) DELIVERY\. EC710: Kill switch is on for this segment: no new orders: Equity until /,
  );
  await expect(told).toHaveCount(1);
  await expect(toasts.getByText(/EC710/)).toHaveCount(1);
  // No order was booked, so no order toast says anything of it.
  await expect(toasts.getByText(/by GTT/)).toHaveCount(0);

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    // Whole on screen, its entrance over: the screenshot shows all of it (it was caught sliding in, under the status bar).
    await expect(told).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/gtt-failed-1680-${theme}.png` });
  }
  await setTheme(page, "dark");

  // i opens its info: the firing in the same words as the row's hover.
  await ours.click();
  await expect(ours).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("i");
  const info = page.getByRole("dialog", { name: /^GTT SINGLE · BUY 10 INFY-EQ/ });
  await expect(info.locator("[data-field='Fired']")).toHaveText(
    /^triggered at ₹1,129\.00, order refused: Qty 10 BUY INFY-EQ @ ₹1,131\.00 \(LIMIT Order\) DELIVERY\. EC710: Kill switch is on for this segment: no new orders: Equity until /,
  );
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/gtt-failed-info-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Escape");
  await expect(info).toBeHidden();
});
