import type { Page } from "@playwright/test";
import { clipped } from "./clipped";
import { api, commandLine, expect, ownBroker, palette, setTheme, signIn, test, token } from "./fixtures";

/**
 * FINDINGS-24 s6: the Loss limits dialog said "Maximum loss · none · Today ₹19,435.85" while
 * Positions' Total P&L was -2,021.70: the limit counts a carried position from yesterday's close
 * (lossLimits.ts positionDayPnl) and the grid had no such figure, so a limit set from the grid's
 * figure tripped on Save. Positions now shows Day P&L and its total by that one rule, and the dialog
 * says what it counts. A broker of this file's own with no ticks (TICK_HZ=0): prices move only
 * when this file sets one, so both screens are read at the same prices.
 */
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots";
const positionsPanes = (page: Page) => page.locator('.pane[data-view="position"]');

/** "-11,242.50" as a number. */
const amount = (text: string | null) => Number((text ?? "").replace(/[₹,]/g, ""));

test("the dialog's Today loss is Positions' total Day P&L, before and after the future moves; the column is whole at 1680 and split, both themes", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  // DEMO1 carries NIFTY26DECFUT 75 NRML and an option in; a little traded today too.
  await signIn(page, "DEMO1", "/main/position", broker.url);
  await palette(page, "Layout: Single pane");
  await expect(positionsPanes(page)).toHaveCount(1);
  await commandLine(page, "buy INFY 2 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  const bearer = await token(page);
  const positions = async () => (await api<{ tradingSymbol: string; exchange: string; token: string; netQuantity: number; previousDayClose: number; cfBuyQuantity: number }>(page.request, broker.url, bearer, "/core/v2/positions", {})).result;
  await expect.poll(async () => (await positions()).find((p) => p.tradingSymbol === "INFY-EQ")?.netQuantity ?? 0).toBe(2);
  const fut = (await positions()).find((p) => p.tradingSymbol === "NIFTY26DECFUT" && p.cfBuyQuantity === 75)!;
  const setFuture = async (price: number) => {
    const res = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: fut.exchange, token: Number(fut.token), price } });
    expect(((await res.json()) as { status: string }).status).toBe("Ok");
  };

  const grid = page.locator('[data-testid="positions"]').first();
  await expect(grid.getByRole("columnheader", { name: "Day P&L" })).toBeVisible();
  const total = grid.locator('[data-field="total-day-pnl"]');
  const futureCell = grid.locator('tr[data-symbol="NIFTY26DECFUT"] [data-field="dayPnl"]').first();
  const dialog = page.getByRole("dialog", { name: "Daily loss limits" });
  const used = dialog.locator('[data-limit="loss"] [data-field="used"]');

  /** The Positions total and the dialog's Today loss, at the prices as set (no tick moves them between). */
  const bothAt = async (price: number) => {
    await setFuture(price);
    await expect(grid.locator('tr[data-symbol="NIFTY26DECFUT"] [data-field="ltp"]').first()).toHaveText(price.toLocaleString("en-IN", { minimumFractionDigits: 2 }));
    const shown = amount(await total.textContent());
    await palette(page, "Loss limits");
    // The dialog's figure is the day's loss: the total's negative (a day in profit reads ₹0.00).
    await expect(used).toHaveText(`₹${Math.max(0, -shown).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    await expect(dialog.locator('[data-limit="loss"] [data-field="loss-basis"]')).toHaveText(" (today, from yesterday's close for carried positions: Positions' Day P&L)");
    return shown;
  };

  // 200 under yesterday's close: the carried future alone is 75 x -200 = -15,000.00 today.
  const low = fut.previousDayClose - 200;
  const before = await bothAt(low);
  await expect(futureCell).toHaveText("-15,000.00");
  expect(before).toBeLessThan(0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/day-pnl-loss-dialog-1680-${theme}.png` });
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // 10 up: the total and the dialog both move by 75 x 10 = 750.00.
  const after = await bothAt(low + 10);
  expect(Math.round((after - before) * 100) / 100).toBe(750);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The grid whole: at 1680 and split twice (840 and 560 px panes), no column clipped, both themes.
  for (let split = 0; split <= 2; split++) {
    if (split > 0) {
      await positionsPanes(page).last().locator(".pane-title").click();
      await page.keyboard.press("Alt+Backslash");
      await expect(positionsPanes(page)).toHaveCount(split + 1);
    }
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      for (const [i, pane] of (await positionsPanes(page).all()).entries()) {
        await expect.poll(() => clipped(pane, ".positions-grid th, .positions-grid td"), `split ${split} pane ${i} ${theme}`).toEqual([]);
      }
      await page.screenshot({ path: `${SHOTS}/day-pnl-positions-split${split}-1680-${theme}.png` });
    }
  }
});
