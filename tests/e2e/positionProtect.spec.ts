import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, ownBroker, palette, setTheme, shareOf, signIn, test } from "./fixtures";

/**
 * FINDINGS-24 s2 and s3, on the Positions pane. `g` on a long opened a BUY GTT 5 % below the market
 * (a "stop" that bought another lot on the fall); `x` beside a working target SELL offered another
 * full-size SELL at "Margin ₹0.00", and after it filled the target opened a short. Against a broker
 * of each test's own with a frozen market (TICK_HZ=0): the prices hold still.
 */
const broker = ownBroker({ TICK_HZ: "0" }, { perTest: true });
const SHOTS = "/tmp/h5-shots";
const gttForm = (page: Page) => page.getByRole("form", { name: "GTT form" });

async function cursorOn(page: Page, row: Locator): Promise<void> {
  await expect(row).toBeVisible();
  await page.keyboard.press("Home");
  for (let i = 0; i < 30 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
}

async function longSbin(page: Page): Promise<Locator> {
  await commandLine(page, "buy SBIN 10 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  await palette(page, "Go to Positions");
  const row = page.locator('[data-testid="positions"] tr[data-symbol="SBIN-EQ"][data-product="INTRADAY"]');
  await expect(row.locator('[data-field="netQuantity"]')).toHaveText("10");
  return row;
}

test("g on a long position opens a SELL GTT of its quantity with the stop below the price", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await palette(page, "Layout: Single pane");
  const row = await longSbin(page);
  await cursorOn(page, row);
  await page.keyboard.press("g");
  const form = gttForm(page);
  await expect(form).toBeVisible();
  await expect(form.getByRole("button", { name: "SELL", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(form.getByRole("button", { name: "SINGLE", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("#gtt-quantity")).toHaveValue("10");
  // 5 % below the frozen last price: a stop under the long (it read 5 % below as a BUY).
  const ltp = (await shareOf(page, broker.url, "SBIN")).ltp;
  const trigger = Number((await page.locator("#gtt-leg1-trigger").inputValue()).replace(/,/g, ""));
  expect(trigger).toBeLessThan(ltp);
  expect(trigger).toBeCloseTo(ltp * 0.95, 0);
  await expect(page.locator("#gtt-leg1-percent")).toHaveValue(/^-4\.9\d|^-5(\.00?)?$/);
  // An equity GTT places DELIVERY (the spec's fixed "D"): its sale comes out of the demat, not the INTRADAY long (FINDINGS-24 s4).
  await expect(page.getByTestId("gtt-other-product")).toHaveText("This GTT places DELIVERY: it will sell 10 out of your demat holdings (refused if they are not there), not close your INTRADAY +10");
  await shots(page, "gtt-from-long");
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
});

test("x beside a working exit names it and pre-fills none of the position it already exits", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await palette(page, "Layout: Single pane");
  const row = await longSbin(page);
  // The trader's target: SELL 10 above the market, working.
  const ltp = (await shareOf(page, broker.url, "SBIN")).ltp;
  const target = (Math.round(ltp * 1.05 * 20) / 20).toFixed(2);
  await commandLine(page, `sell SBIN 10 @ ${target} intraday`);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();

  await palette(page, "Go to Positions");
  await cursorOn(page, row);
  await page.keyboard.press("x");
  await expect(page.getByTestId("ow-submit")).toHaveText(/Sell/);
  const note = page.getByTestId("ow-note");
  await expect(note).toContainText(new RegExp(`^SELL 10 @ ${target.replace(".", "\\.")}, order \\d+, already exits all 10 of this position: a quantity typed here opens a short`));
  // Nothing left to exit: the field is empty (0), and the window says "Enter a quantity".
  await expect(page.locator("#ow-quantity")).toHaveValue("");
  await shots(page, "exit-with-working-exit");
  // Enter sends nothing: there is no quantity to send.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
});

// FINDINGS-24 s4: the GTT's product is the spec's fixed "D" (NRML off equity). Protecting an INTRADAY
// position, it does not close it: the form and the success toast say what it does instead.
test("g on an INTRADAY future short: the form and its toast say the NRML GTT will not close it", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await palette(page, "Layout: Single pane");
  await palette(page, "Go to Positions");
  const nrml = page.locator('[data-testid="positions"] tr[data-symbol="NIFTY26DECFUT"][data-product="NORMAL"]');
  const carried = Number(await nrml.locator('[data-field="netQuantity"]').textContent());
  expect(carried).toBeGreaterThan(0);
  await commandLine(page, "sell NIFTY26DECFUT 75 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  await palette(page, "Go to Positions");
  const row = page.locator('[data-testid="positions"] tr[data-symbol="NIFTY26DECFUT"][data-product="INTRADAY"]');
  await expect(row.locator('[data-field="netQuantity"]')).toHaveText("-75");
  await cursorOn(page, row);
  await page.keyboard.press("g");
  const form = gttForm(page);
  await expect(form.getByRole("button", { name: "BUY", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("#gtt-quantity")).toHaveValue("75");
  // The BUY adds to the carried NRML long (carried + 75) and leaves the INTRADAY short as it is.
  const words = `This GTT places NRML: it will take your NRML +${carried} to +${carried + 75}, not close your INTRADAY \u221275`;
  await expect(page.getByTestId("gtt-other-product")).toHaveText(words);
  await shots(page, "gtt-from-intraday-short");
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();
  await expect(page.getByText(words, { exact: false }).first()).toBeVisible();
});
