import { expect, openPalette, signIn, test } from "./fixtures";
import type { Page } from "@playwright/test";

/**
 * The option chain by keyboard (issue 14): `chain NIFTY` from the palette shows the strikes
 * around the spot with ticking call and put prices; the arrow keys move to a contract and `b`
 * opens the order window for it; `]` shows the next expiry.
 */
async function chainLine(page: Page, text: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-command="chain.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
}

const cellText = (page: Page, strike: string, side: "CE" | "PE") => page.locator(`tr[data-strike="${strike}"] td[data-side="${side}"][data-field="ltp"]`).innerText();

test("chain NIFTY: strikes around the spot, ticking prices, b on a contract, ] for the next expiry", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page);
  await chainLine(page, "chain NIFTY");
  const chain = page.getByTestId("optionchain");
  await expect(chain).toHaveAttribute("data-symbol", "NIFTY");
  const rows = chain.locator("tr[data-strike]");
  await expect(rows).toHaveCount(21);

  // The strikes sit around the spot: the ATM strike is within one strike step (50) of it.
  const atm = chain.locator('tr[data-atm="true"]');
  await expect(atm).toHaveCount(1);
  const spot = Number((await page.getByTestId("chain-spot-price").innerText()).replace(/,/g, ""));
  const atmStrike = Number(await atm.getAttribute("data-strike"));
  expect(Math.abs(atmStrike - spot)).toBeLessThanOrEqual(50);
  const first = Number(await rows.first().getAttribute("data-strike"));
  const last = Number(await rows.last().getAttribute("data-strike"));
  expect(first).toBeLessThan(spot);
  expect(last).toBeGreaterThan(spot);

  // Calls in the money below the spot, puts above: shaded sides.
  await expect(rows.first().locator('td[data-side="CE"][data-field="ltp"]')).toHaveClass(/itm/);
  await expect(rows.first().locator('td[data-side="PE"][data-field="ltp"]')).not.toHaveClass(/itm/);
  await expect(rows.last().locator('td[data-side="PE"][data-field="ltp"]')).toHaveClass(/itm/);

  // The call and the put at the money tick with the underlying.
  const strike = String(atmStrike);
  const ce0 = await cellText(page, strike, "CE");
  const pe0 = await cellText(page, strike, "PE");
  await expect.poll(() => cellText(page, strike, "CE"), { timeout: 20_000 }).not.toBe(ce0);
  await expect.poll(() => cellText(page, strike, "PE"), { timeout: 20_000 }).not.toBe(pe0);

  // The cursor starts at the money on the call side: one strike up, then across to the put.
  // "At the money" is the spot when the chain loaded; the cursor stays put while the live ATM
  // mark follows the spot, so after the ticks above the two may sit one strike apart.
  const target = chain.locator("tr[data-cursor-side]");
  await expect(target).toHaveAttribute("data-cursor-side", "CE");
  const startStrike = Number(await target.getAttribute("data-strike"));
  expect(Math.abs(startStrike - atmStrike)).toBeLessThanOrEqual(50);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  await expect(target).toHaveAttribute("data-cursor-side", "PE");
  const targetStrike = await target.getAttribute("data-strike");
  expect(Number(targetStrike)).toBe(startStrike - 50);

  await page.keyboard.press("b");
  const ow = page.getByRole("form", { name: "Order window" });
  await expect(ow).toBeVisible();
  await expect(ow.locator(".ow-symbol")).toHaveText(new RegExp(`^NIFTY.*${targetStrike}PE$`));
  await page.keyboard.press("Escape");
  await expect(ow).toBeHidden();

  // `]` shows the next expiry.
  const expiry = await chain.getAttribute("data-expiry");
  await page.keyboard.press("]");
  await expect(chain).not.toHaveAttribute("data-expiry", expiry!);
  await expect(rows).toHaveCount(21);
  await page.keyboard.press("[");
  await expect(chain).toHaveAttribute("data-expiry", expiry!);

  // `+` shows ten strikes more (the rows in view are rendered; the chain says how many it holds).
  await page.keyboard.press("Shift+Equal");
  await expect(chain).toHaveAttribute("data-strikes", "31");
  await page.keyboard.press("Minus");
  await expect(chain).toHaveAttribute("data-strikes", "21");
});

test("chain INFY and an unknown underlying", async ({ page }) => {
  await signIn(page);
  await chainLine(page, "chain INFY");
  const chain = page.getByTestId("optionchain");
  await expect(chain).toHaveAttribute("data-symbol", "INFY");
  await expect(chain.locator("tr[data-strike]")).toHaveCount(21);
  await chainLine(page, "chain NOSUCH");
  await expect(page.getByText("No option chain for this symbol")).toBeVisible();
  await expect(chain).toHaveAttribute("data-symbol", "INFY");
});
