import type { Locator, Page, Route } from "@playwright/test";
import { contrast, seen } from "./contrast";
import { commandLine, expect, ownBroker, setTheme, signIn, test } from "./fixtures";

/**
 * The order window's side button and its Buy or Sell button are text on a coloured fill: WCAG 2.2
 * SC 1.4.3 asks 4.5:1 for text of their size (bold 13 px is not "large"). White read 2.67:1 on the
 * dark theme's blue and 3.24:1 on its red; while an order was on its way ("Sending…") the button was
 * dimmed to 0.6, which took the light theme's white-on-blue to about 2.9:1. Checked at rest for Buy
 * and for Sell, and while sending, in both themes. Its own broker: the order sent here lands in
 * DEMO1's book, which other specs read.
 */
const broker = ownBroker();

async function labelReads(button: Locator, what: string): Promise<void> {
  const s = await seen(button);
  expect(contrast(s.label, s.fill), `${what}: the label on its fill (${JSON.stringify(s)})`).toBeGreaterThanOrEqual(4.5);
}

async function bothThemes(page: Page, check: (theme: string) => Promise<void>): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await check(theme);
  }
}

test("Buy and Sell labels read at 4.5:1 on their fills, at rest and while sending, dark and light", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/watchlist", broker.url);
  await commandLine(page, "buy INFY 1");
  const form = page.getByRole("form", { name: "Order window" });
  const submit = page.getByTestId("ow-submit");
  const side = form.locator(".ow-side");
  await expect(submit).toHaveText(/^Buy/);
  await page.mouse.move(0, 0);
  await bothThemes(page, async (theme) => {
    await labelReads(submit, `${theme}, Buy`);
    await labelReads(side, `${theme}, the BUY side`);
  });
  await page.keyboard.press("Alt+B");
  await expect(submit).toHaveText(/^Sell/);
  await bothThemes(page, async (theme) => {
    await labelReads(submit, `${theme}, Sell`);
    await labelReads(side, `${theme}, the SELL side`);
  });
  await page.keyboard.press("Alt+B");
  await expect(submit).toHaveText(/^Buy/);
  // The order is held on its way, so the button stays "Sending…" while it is looked at.
  const held = new Promise<Route>((resolve) => {
    void page.route("**/v2/orders/", (route) => (route.request().method() === "POST" ? resolve(route) : route.continue()));
  });
  await page.keyboard.press("Enter");
  const route = await held;
  await expect(submit).toHaveText("Sending…");
  await expect(submit).toHaveAttribute("aria-disabled", "true");
  // Enter sends nothing more while it is on its way: the button does not offer the key.
  await expect(submit.locator("kbd")).toHaveCount(0);
  await bothThemes(page, async (theme) => labelReads(submit, `${theme}, Sending…`));
  await route.continue();
  // Sent and answered: the window closes on the order's acknowledgement.
  await expect(form).toBeHidden();
});
