import type { Page } from "@playwright/test";
import { startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { commandLine, expect, palette, signIn, test } from "./fixtures";

/**
 * Issue 33, the risk desk, by keyboard. A broker of this file's own (TICK_HZ=0: prices move only
 * by /dev/price), so that turning DEMO1's switches on does not touch the other specs' broker.
 */
test.describe.configure({ mode: "serial" });

let broker: BrokerProcess;
test.beforeAll(async () => {
  broker = await startBrokerProcess({ TICK_HZ: "0" });
});
test.afterAll(async () => broker.stop());

const SHOTS = "test-results/screenshots";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1680, height: 1000 },
] as const;

async function setTheme(page: Page, theme: "dark" | "light"): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.keyboard.press("Alt+t");
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

/** A basket line in the palette (basket new / add). */
async function basketLine(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+k");
  const p = page.getByRole("dialog", { name: "Command palette" });
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type(text);
  await expect(p.locator("[cmdk-item]").first()).toHaveAttribute("data-command", "basket.line");
  await page.keyboard.press("Enter");
  await expect(p).toBeHidden();
}

test("kill switch on Equity: the confirmation names it, the status bar shows it, an order and a basket are refused with EC710", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // A basket made before the switch, fired after it.
  await basketLine(page, "basket new Guarded");
  await expect(page.getByText("Basket Guarded created")).toBeVisible();
  await basketLine(page, "basket add guarded INFY 1 buy");
  await expect(page.getByText("INFY-EQ added to Guarded")).toBeVisible();

  await palette(page, "Kill switch: turn on for Equity");
  const confirm = page.getByRole("dialog", { name: "Turn on the Equity kill switch?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("Every open Equity order is cancelled now");
  // The default cooling-off period is 12 hours, and the window says until when on the broker's clock.
  await expect(confirm.getByLabel("Cooling-off period")).toHaveValue("12");
  await expect(confirm.getByTestId("kill-switch-until")).toContainText(/Equity orders refused until \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d IST/);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/risk-kill-confirm-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  const badge = page.getByTestId("kill-switch-badge");
  await expect(badge).toContainText(/KILL SWITCH Equity until \d\d\/\d\d\/\d{4} \d\d:\d\d/);

  // An order: the window stays with the refusal and its code.
  await commandLine(page, "buy INFY 1");
  await page.keyboard.press("Enter");
  const window = page.getByRole("form", { name: "Order window" });
  await expect(window).toContainText("EC710: Kill switch is on for this segment: no new orders: Equity until");
  await page.screenshot({ path: `${SHOTS}/risk-kill-order-refused-1680-dark.png` });
  await page.keyboard.press("Escape");
  await expect(window).toBeHidden();

  // The basket: fired with one confirmation, its leg refused with the code in the view.
  await palette(page, "Baskets");
  const view = page.getByTestId("baskets");
  await expect(view.locator('[data-basket="Guarded"]')).toBeVisible();
  await page.keyboard.press("Home");
  await expect(view.locator('[data-basket="Guarded"]')).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("f");
  const fire = page.getByRole("dialog", { name: "Fire basket Guarded" });
  await expect(fire).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(fire).toBeHidden();
  await expect(view.locator('[data-report="refused"]')).toContainText("EC710 Kill switch is on for this segment: no new orders: Equity until");
  await expect(view.locator('[data-report="placed"]')).toHaveCount(0);

  // Settings › Security lists it as on, with its end, in each screen size and theme; F&O stays off.
  await palette(page, "Settings: Security");
  const equity = page.getByTestId("kill-switch-equity");
  await equity.scrollIntoViewIfNeeded();
  await expect(equity).toHaveAttribute("data-on", "true");
  await expect(equity).toContainText(/On until \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d IST/);
  await expect(page.getByTestId("kill-switch-derivatives")).toContainText("Off");
  for (const size of SIZES) {
    for (const theme of ["dark", "light"] as const) {
      await page.setViewportSize(size);
      await setTheme(page, theme);
      await equity.scrollIntoViewIfNeeded();
      await expect(badge).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/risk-kill-settings-${size.width}-${theme}.png` });
    }
  }
});
