import type { Locator } from "@playwright/test";
import { expect, ownBroker, palette, setTheme, signIn, test } from "./fixtures";
import { cursorOn, watchlistWith } from "./linkHelpers";

/**
 * "Every price on screen is live or visibly marked stale": a quote gone stale (no tick for 10 s in an
 * open market) dims its change with its price, wherever both are shown. A trader's hour with the
 * broker stopped found the header's indices and the depth pane with their prices dimmed and their
 * changes still red and green, read as live, and the positions' totals green under dimmed rows. Against a broker of this file's own, its feed
 * socket sent to a stub that never answers, so the prices the broker's calls answered age in place.
 */
const broker = ownBroker();

const colour = (l: Locator) => l.evaluate((e) => getComputedStyle(e).color);

test("a stale quote's change is dimmed with its price: the header's indices, the watchlist and the depth pane, dark and light", async ({ page }) => {
  await page.routeWebSocket(/./, () => {});
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  const row = wl.locator('[role="row"][data-symbol="INFY-EQ"]');
  await expect(row.locator('[data-field="ltp"]')).toHaveAttribute("data-stale", "true", { timeout: 20_000 });
  const depth = page.getByTestId("depth");
  await expect(depth.locator('[data-field="ltp"]')).toHaveAttribute("data-stale", "true");
  const pinned = page.locator(".pinned-item").first();
  await expect(pinned.locator('[data-field="ltp"]')).toHaveAttribute("data-stale", "true");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    // The muted colour a stale price is drawn in; each change beside one is drawn in it too.
    const muted = await colour(row.locator('[data-field="ltp"]'));
    for (const [where, figure] of [
      ["the watchlist's Chg", row.locator('[data-field="chg"]')],
      ["the watchlist's %Chg", row.locator('[data-field="pchg"]')],
      ["the depth pane's change", depth.locator('.depth-head [data-field="chg"]')],
      ["the header's change", pinned.locator('[data-field="chg"]')],
      // DEMO1's overnight F&O, currency and commodity positions: their totals sum stale prices.
      ["the positions' total unrealised", page.locator('[data-testid="positions-totals"] [data-field="total-unrealised"]')],
      ["the positions' total P&L", page.locator('[data-testid="positions-totals"] [data-field="total-pnl"]')],
    ] as const) {
      await expect(figure, `${where} (${theme})`).toHaveAttribute("data-stale", "true");
      expect(await colour(figure), `${where} drawn muted (${theme})`).toBe(muted);
    }
    await page.screenshot({ path: `/tmp/stale-figures-${theme}.png` });
  }
  // The holdings: a row's P&L and changes and the totals dim with its price.
  await palette(page, "Go to Holdings");
  const holding = page.locator('[data-testid="holdings"] tbody tr').first();
  await expect(holding.locator('[data-field="ltp"]')).toHaveAttribute("data-stale", "true", { timeout: 20_000 });
  const muted = await colour(holding.locator('[data-field="ltp"]'));
  for (const field of ["daysPnl", "dayChg", "netPnl", "netChg"]) {
    await expect(holding.locator(`[data-field="${field}"]`), `a holding's ${field}`).toHaveAttribute("data-stale", "true");
    expect(await colour(holding.locator(`[data-field="${field}"]`)), `a holding's ${field} drawn muted`).toBe(muted);
  }
  for (const field of ["total-current", "total-daysPnl", "total-netPnl"]) {
    const total = page.locator(`[data-testid="holdings-totals"] [data-field="${field}"]`);
    await expect(total, `the holdings' ${field}`).toHaveAttribute("data-stale", "true");
    expect(await colour(total), `the holdings' ${field} drawn muted`).toBe(muted);
  }
  await page.screenshot({ path: "/tmp/stale-figures-holdings.png" });
  // Home's Investment summary sums the same prices: its value and P&L dim with them.
  await palette(page, "Go to Home");
  for (const field of ["daysPnl", "netPnl"]) {
    const line = page.locator(`[data-testid="home"] tr[data-field="${field}"] td.num`);
    await expect(line, `Home's ${field}`).toHaveAttribute("data-stale", "true");
    expect(await colour(line), `Home's ${field} drawn muted`).toBe(muted);
  }
});
