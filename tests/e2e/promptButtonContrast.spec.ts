import type { Page } from "@playwright/test";
import { contrast, seen } from "./contrast";
import { expect, openPalette, setTheme, signIn, test } from "./fixtures";

/**
 * The order window's Buy button behind the insufficient-margin prompt ("Add funds" / "Not now"):
 * it must still read as the window's Buy button in both themes, not as something washed out.
 * WCAG 2.2 SC 1.4.11 (non-text contrast): a control's visual boundary reads at 3:1 or more against
 * the colours next to it; its label (SC 1.4.3, at least 3:1 is asked here) against its own fill.
 * Colours are composited as drawn (contrast.ts).
 */

async function readsAsBuy(page: Page, theme: "dark" | "light"): Promise<void> {
  await setTheme(page, theme);
  const button = page.getByTestId("ow-submit");
  await expect(button).toHaveText(/^Buy/);
  await page.mouse.move(0, 0);
  const rest = await seen(button);
  // A trader who clicked Buy has the pointer on it when the prompt comes up: the button is seen hovered.
  await button.hover();
  const hovered = await seen(button);
  for (const [how, s] of [["at rest", rest], ["under the pointer", hovered]] as const) {
    expect(contrast(s.fill, s.surface), `${theme}, ${how}: the Buy button's fill against the window behind it (${JSON.stringify(s)})`).toBeGreaterThanOrEqual(3);
  }
  // The pointer never washes the label out: it reads at least as well as at rest.
  expect(contrast(hovered.label, hovered.fill), `${theme}: the label under the pointer (${JSON.stringify(hovered)})`).toBeGreaterThanOrEqual(contrast(rest.label, rest.fill) - 0.01);
}

test("behind the insufficient-margin prompt the Buy button reads at 3:1 or more, dark and light", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/main/watchlist");
  // 20 lots of GOLD: ₹2 crore and more of margin, beyond DEMO1's funds (about ₹17 lakh) whatever the price.
  await openPalette(page);
  await page.keyboard.type("buy MCXCOMM:GOLD27FEBFUT 20");
  await expect(page.locator('[data-command="order.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  // A commodity's first order this session shows its contract specification first.
  await page.getByRole("button", { name: /Got it/ }).click();
  await page.keyboard.press("Enter");
  const prompt = page.getByRole("alertdialog", { name: "Insufficient margin" });
  await expect(prompt.getByRole("button", { name: /Add funds/ })).toBeVisible();
  await expect(prompt.getByRole("button", { name: /Not now/ })).toBeVisible();
  // It waits for the prompt's answer: Enter is the prompt's (Add funds), so only that button says it.
  const button = page.getByTestId("ow-submit");
  await expect(button).toHaveAttribute("aria-disabled", "true");
  await expect(button.locator("kbd")).toHaveCount(0);
  for (const theme of ["light", "dark"] as const) await readsAsBuy(page, theme);
  await page.keyboard.press("Escape");
  // Answered, it is the window's Buy again, Enter and all.
  await expect(button).toHaveAttribute("aria-disabled", "false");
  await expect(button.locator("kbd")).toHaveText("Enter");
});
