import { expect, openPalette, setTheme, signIn, test } from "./fixtures";

/**
 * Issue 31's chain analytics by keyboard: `u` steps the OI build-up column through 5, 15 and 30
 * minutes and off, each side's cell a short reading (LB, SB, SC, LU, Flat) and the OI change; `l`
 * shows the ATM straddle premium over the day as a line drawn in the chain's pane.
 */
const SHOTS = "/tmp/shots-i31-chain";

test("u cycles the OI build-up column, l opens the ATM straddle line", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type("chain NIFTY");
  await expect(page.locator('[data-command="chain.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  const chain = page.getByTestId("optionchain");
  await expect(chain.locator("tr[data-strike]").first()).toBeVisible();
  const cells = chain.locator('td[data-field="buildUp"]');
  await expect(cells).toHaveCount(0);

  // Off -> 5 minutes. In the trading layout's narrow tile the column folds (LTP and IV stay) and the bar says so.
  await page.keyboard.press("u");
  await expect(page.getByTestId("chain-build-up-folded")).toBeVisible();
  await expect(chain.locator('th[data-field="iv"]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chain-build-up-tiled-1680x1000-dark.png` });
  // The chain maximised: a build-up column on each side, its head titled with the words in full.
  await page.keyboard.press("Alt+m");
  await expect(page.getByTestId("chain-build-up-folded")).toBeHidden();
  await expect(page.getByTestId("chain-build-up")).toContainText("Build-up 5m");
  await expect(chain.locator('th[data-field="buildUp"]')).toHaveCount(2);
  await expect(chain.locator('th[data-field="buildUp"]').first()).toHaveAttribute("title", /LB long build-up/);
  // Every contract's cell reads a short label and an OI change as a whole count, its title the reading in words.
  const labelled = chain.locator('td[data-field="buildUp"][data-build-up]');
  await expect(labelled.first()).toBeVisible();
  const first = labelled.first();
  await expect(first).toHaveText(/^(LB|SB|SC|LU|Flat) [+-]?[\d,]+(\.\d\dK|\.\d\dL)?$/);
  await expect(first).toHaveAttribute("title", /^(Long build-up|Short build-up|Short covering|Long unwinding|Neutral) over the last 5 minutes: OI /);
  // The ticking market moves OI: some strike reads a build-up other than flat.
  await expect.poll(() => chain.locator('td[data-field="buildUp"]').filter({ hasText: /^(LB|SB|SC|LU) / }).count(), { timeout: 30_000 }).toBeGreaterThan(0);

  await page.keyboard.press("u");
  await expect(page.getByTestId("chain-build-up")).toContainText("Build-up 15m");
  await expect(first).toHaveAttribute("title", /over the last 15 minutes/);
  await page.keyboard.press("u");
  await expect(page.getByTestId("chain-build-up")).toContainText("Build-up 30m");

  // IV stays on both sides with the build-up shown.
  await expect(chain.locator('th[data-field="iv"]')).toHaveCount(2);
  await expect(chain.locator('th[data-field="iv"]').first()).toBeVisible();

  // `l`: the straddle line, a canvas drawn inside the chain's pane.
  await page.keyboard.press("l");
  const panel = page.getByTestId("straddle-panel");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(/ATM straddle \d/);
  await expect(page.getByTestId("straddle-premium")).toHaveText(/^[\d,]+\.\d\d$/);
  const canvas = chain.getByTestId("straddle-chart").locator("canvas").first();
  await expect(canvas).toBeVisible();
  // Polled: the box is read after the canvas has laid out, not between its mount and its first size.
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(50);

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/chain-analytics-1680x1000-${theme}.png` });
  }

  // The fourth `u` turns build-up off; `l` again hides the line.
  await page.getByTestId("chain-scroll").focus();
  await page.keyboard.press("u");
  await expect(cells).toHaveCount(0);
  await expect(page.getByTestId("chain-build-up")).toHaveCount(0);
  await page.keyboard.press("l");
  await expect(panel).toHaveCount(0);
});
