import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { contractOf, expect, ownBroker, palette, searchAndChoose, setTheme, shareOf, signIn, test } from "./fixtures";
import { clipped as clippedIn } from "./clipped";
import { chainClipped, chainLine, chainPanes, misaligned } from "./chainFit";

/**
 * What a pane shows is whole, or folded by the shared fit rule (an explorer's findings):
 * 1. The GTT list at 1680x1000 in the Trading layout folded its Order type once an OCO's one-line
 *    trigger ("T 1,48,365.00 / SL 1,09,665.00") was listed: an OCO's legs are two lines, and the
 *    list folds no more with an OCO than without one.
 * 2. Time and sales cut a long symbol (an MCX option, NATURALGAS26DEC260CE) at its header's edge in a
 *    split: the symbol wraps whole, between its underlying and its strike first.
 * 3. MCX GOLD's chain (strikes "1,17,900", the spot "1,17,885.00"): in the 17ch (~122 px) strike
 *    column the spot's pill ran over the strike, and at ~235 px the rows' strike was wider than its
 *    head, the put LTP past the pane's edge. The strike column is as wide as GOLD's strike and pill.
 * Screenshots go to /tmp/shots/fit/ (looked at by hand).
 */
const SHOTS = "/tmp/shots/fit";
fs.mkdirSync(SHOTS, { recursive: true });
test.describe.configure({ mode: "serial" });
// Its own broker: its GTTs and layouts are nobody else's.
const broker = ownBroker();
const THEMES = ["dark", "light"] as const;

const ordersPanes = (page: Page) => page.locator('.pane[data-view="orders"]');

test("the GTT list at 1680x1000 in the Trading layout: an OCO's trigger folds nothing more, its legs whole on two lines", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await palette(page, "Layout: Trading");
  await page.reload();
  const pane = ordersPanes(page).first();
  await pane.locator(".pane-title").click();
  await pane.getByRole("tab", { name: /GTT/ }).click();
  const grid = pane.getByRole("table", { name: "GTT orders" });
  const place = async (line: string) => {
    await palette(page, line);
    await expect(page.getByRole("form", { name: "GTT form" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "GTT form" })).toBeHidden();
  };
  // MRF's price is above 1,00,000: the widest figures a GTT has. A SINGLE first: what the list folds without an OCO.
  const mrf = await shareOf(page, broker.url, "MRF");
  const at = (f: number) => (Math.round((mrf.ltp * f) / mrf.tickSize) * mrf.tickSize).toFixed(2);
  const p = (f: number) => Number(at(f)).toLocaleString("en-IN", { minimumFractionDigits: 2 });
  await place(`gtt buy MRF 1 trigger ${at(0.9)} @ ${at(0.9)}`);
  await expect(grid.locator("tbody tr")).toHaveCount(1);
  // Its figures as wide as they will be: the last price and the distance to the trigger come with the contract ("--" before).
  await expect(grid.locator('tbody tr [data-col="ltp"]')).toHaveText(/^\d,\d\d,\d{3}\.\d\d$/);
  await expect(grid.getByRole("columnheader", { name: "Order type" })).toBeVisible();
  const single = await grid.getAttribute("data-folded");
  await place(`gtt oco sell MRF 1 sl ${at(0.85)} tgt ${at(1.15)}`);
  const oco = grid.locator('tbody tr[data-status="ACTIVE"]').filter({ hasText: "SELL" });
  await expect(oco).toHaveCount(1);
  for (const theme of THEMES) {
    await setTheme(page, theme);
    // Nothing more folds than with the SINGLE alone: the Order type stays, and nothing is cut.
    await expect.poll(() => grid.getAttribute("data-folded"), theme).toBe(single);
    await expect(grid.getByRole("columnheader", { name: "Order type" })).toBeVisible();
    await expect(oco.locator('[data-col="orderType"]')).toBeVisible();
    expect(await clippedIn(pane, ".fit th, .fit td, .fit .gtt-leg"), theme).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/gtt-trading-1680-${theme}.png` });
  }
  // The OCO's trigger: the target ("T" and its price) over the stop-loss ("SL" and its price), each whole on its line.
  const legs = oco.locator('[data-col="trigger"] .gtt-leg');
  await expect(legs).toHaveText([`T ${p(1.15)}`, `SL ${p(0.85)}`]);
  const [top, bottom] = [(await legs.nth(0).boundingBox())!, (await legs.nth(1).boundingBox())!];
  expect(bottom.y, "the stop-loss under the target").toBeGreaterThanOrEqual(top.y + top.height - 1);
  // Split: narrower panes fold by the shared rule, and still nothing is cut.
  await page.keyboard.press("Alt+Backslash");
  await expect(ordersPanes(page)).toHaveCount(2);
  for (const half of await ordersPanes(page).all()) {
    await half.getByRole("tab", { name: /GTT/ }).click();
    await expect(half.locator('tbody tr[data-status="ACTIVE"]')).toHaveCount(2);
  }
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const half of await ordersPanes(page).all()) await expect.poll(() => clippedIn(half, ".fit th, .fit td, .fit .gtt-leg"), theme).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/gtt-split-1680-${theme}.png` });
  }
});

// Time and sales and market depth share one header (WrappingSymbol): the same case for each.
for (const [view, opens] of [
  ["timesales", "Time and sales of selected instrument"],
  ["depth", "Market depth of selected instrument"],
] as const) {
  test(`${view === "depth" ? "market depth" : "time and sales"} of a long MCX option: its header's symbol whole in every split, both themes`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1680, height: 1000 });
    await signIn(page, "DEMO1", "/dashboard", broker.url);
    await palette(page, "Layout: Trading");
    // The longest kind of symbol: NATURALGAS's option (20 characters).
    const ng = await contractOf(page, broker.url, { searchText: "NATURALGAS CE", exchange: "MCXCOMM", pick: (h) => /^NATURALGAS\d\d[A-Z]{3}\d+CE$/.test(h.tradingSymbol) });
    await page.locator('.pane[data-view="watchlist"] .pane-title').click();
    await searchAndChoose(page, ng.tradingSymbol, new RegExp(ng.tradingSymbol));
    await palette(page, opens);
    const panes = page.locator(`.pane[data-view="${view}"]`);
    await expect(panes.last().locator(".depth-head .sym")).toHaveText(ng.tradingSymbol);
    // Beside the watchlist (~247 px), then split to ~121 and ~58 px.
    for (let split = 0; split <= 2; split++) {
      if (split > 0) {
        await panes.last().locator(".pane-title").click();
        await page.keyboard.press("Alt+Backslash");
        await expect(panes).toHaveCount(split + 1);
      }
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const [i, pane] of (await panes.all()).entries()) {
          const tag = `split ${split} pane ${i} ${theme}`;
          await expect(pane.locator(".depth-head .sym"), tag).toHaveText(ng.tradingSymbol);
          await expect.poll(() => clippedIn(pane, ".depth-head > *"), tag).toEqual([]);
        }
        await page.screenshot({ path: `${SHOTS}/${view}-split${split}-${theme}.png` });
      }
    }
  });
}

/** The grid's fold sign (fitColumns.ts): while anything is folded it counts it ("+3", "+2 cols") and its title names it. */
async function signSaysFolds(pane: Locator, tag: string): Promise<void> {
  const grid = pane.locator("table.fit");
  const folded = (await grid.getAttribute("data-folded")) ?? "";
  if (folded === "") return;
  const sign = grid.locator("[data-fold-sign]");
  await expect(sign, tag).toHaveText(/^\+\d+( cols?)?$/);
  await expect(sign, tag).toHaveAttribute("title", /^Folded to fit the pane: /);
}

test("market depth and time and sales in panes of ~85, ~120 and ~170 px: fewer columns, each whole, the sign saying what folded, both themes", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await palette(page, "Layout: Trading");
  await page.locator('.pane[data-view="watchlist"] .pane-title').click();
  // A share of four-figure prices ("1,142.20"): one price and its padding fit ~70 px.
  await searchAndChoose(page, "infy", /INFY-EQ/);
  await palette(page, "Time and sales of selected instrument");
  const depth = page.locator('.pane[data-view="depth"]');
  const tape = page.locator('.pane[data-view="timesales"]');
  const split = async (panes: Locator, n: number) => {
    await panes.last().locator(".pane-title").click();
    await page.keyboard.press("Alt+Backslash");
    await expect(panes).toHaveCount(n);
  };
  // Depth ~348 px split to ~172, ~85 and ~85; time and sales ~247 px split to ~121 and ~121. At 1200 wide: depth ~121 (and
  // two of ~58, narrower than one price and not this case's), time and sales ~85 and ~85.
  await split(depth, 2);
  await split(depth, 3);
  await split(tape, 2);
  for (const pane of await tape.all()) await expect(pane.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  for (const pane of await depth.all()) await expect(pane.locator('[data-field="ask0"]')).toHaveText(/^\d,\d{3}\.\d\d$/);
  const widths: number[] = [];
  for (const width of [1680, 1200]) {
    await page.setViewportSize({ width, height: 1000 });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      for (const [i, pane] of [...(await depth.all()), ...(await tape.all())].entries()) {
        const px = await pane.locator(".pane-body").evaluate((b) => b.clientWidth);
        if (px < 75) continue;
        if (theme === "dark") widths.push(px);
        const tag = `${width} pane ${i} (${px} px) ${theme}`;
        await expect.poll(() => clippedIn(pane, ".fit th, .fit td, .fit caption"), tag).toEqual([]);
        await signSaysFolds(pane, tag);
      }
      await page.screenshot({ path: `/tmp/shots/narrow/depth-tape-${width}-${theme}.png` });
    }
  }
  // The widths the brief names were met: one pane of 75 to 90 px, and one of 110 to 130, of each view.
  expect(widths.some((w) => w >= 75 && w <= 90) && widths.some((w) => w >= 110 && w <= 130), widths.join(", ")).toBe(true);
});

/** The spot's pill where it is shown: clear of the strike beside it (the ATM mark's outline, 3 px, included). */
function pillOverStrike(pane: Locator): Promise<string[]> {
  return pane.evaluate((p) =>
    Array.from(p.querySelectorAll<HTMLElement>('[data-testid="chain-spot"]'))
      .filter((pill) => pill.getClientRects().length > 0)
      .flatMap((pill) => {
        const strike = pill.closest("td")!.querySelector(".strike-text")!.getBoundingClientRect();
        const r = pill.getBoundingClientRect();
        return r.right > strike.left - 3 ? [`the pill "${pill.textContent}" to ${r.right.toFixed(1)} over the strike from ${strike.left.toFixed(1)}`] : [];
      }),
  );
}


test("MCX GOLD's option chain: its strikes, the spot's pill and the LTPs whole or folded in every split, both themes", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Trading");
  await chainLine(page, "chain GOLD");
  await expect(chainPanes(page).locator("tr[data-atm]")).toHaveCount(1);
  await expect(chainPanes(page).locator('tr[data-atm] .strike-text')).toHaveText(/^\d,\d\d,\d{3}$/);
  // ~500 px, then ~247 and ~121 px (the 17ch strike column's width): at 1680, and at 1600 and 1920 wide the same panes a little narrower or wider.
  for (let split = 0; split <= 2; split++) {
    if (split > 0) {
      await page.setViewportSize({ width: 1680, height: 1000 });
      await chainPanes(page).last().locator(".pane-title").click();
      await page.keyboard.press("Alt+Backslash");
      await expect(chainPanes(page)).toHaveCount(split + 1);
    }
    for (const width of [1680, 1600, 1920]) {
      await page.setViewportSize({ width, height: 1000 });
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const [i, pane] of (await chainPanes(page).all()).entries()) {
          const tag = `${width} split ${split} pane ${i} ${theme}`;
          await expect.poll(() => chainClipped(pane), tag).toEqual([]);
          expect(await misaligned(pane), tag).toEqual([]);
          expect(await pillOverStrike(pane), tag).toEqual([]);
        }
        if (width === 1680) await page.screenshot({ path: `${SHOTS}/chain-gold-split${split}-${theme}.png` });
      }
    }
  }
});
