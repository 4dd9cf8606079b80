import { expect, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * A strategy whose legs cancel out (a BUY and a SELL of one contract, a tester's finding) listed
 * every point of the breakeven search as a "breakeven" ("0.00, 122.50, 245.00 …") beside Max profit
 * and Max loss of ₹0.00. A breakeven is a crossing of zero (core/strategy/payoff.ts): a flat payoff
 * has none, and the figures say why. 1680x1000, dark and light.
 */
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/shots/analyse";

test("a BUY and a SELL of one contract: no breakeven, 'none (the legs cancel out)', max profit and loss ₹0.00", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".tiling .pane:visible")).toHaveCount(1);
  await runLine(page, "chain NIFTY", "chain.line");
  const chain = page.getByTestId("optionchain");
  await expect(chain.locator("tr[data-cursor-side]")).toHaveAttribute("data-cursor-side", "CE");
  // The call under the cursor, bought, then sold: two legs of one contract.
  await page.keyboard.press("a");
  const strategy = page.getByTestId("strategy");
  await expect(strategy).toHaveAttribute("data-legs", "1");
  await page.keyboard.press("Shift+A");
  await expect(strategy).toHaveAttribute("data-legs", "2");
  await expect(page.getByTestId("desk-breakevens")).toHaveText("none (the legs cancel out)");
  await expect(page.getByTestId("desk-max-profit")).toHaveText("₹0.00");
  await expect(page.getByTestId("desk-max-loss")).toHaveText("₹0.00");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/legs-cancel-out-1680x1000-${theme}.png` });
  }
});
