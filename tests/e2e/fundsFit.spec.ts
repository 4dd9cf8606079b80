import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, ownBroker, palette, setTheme, signIn, test } from "./fixtures";
import { clipped } from "./clipped";

/**
 * Funds in a narrow pane (an explorer's finding): at 1280x800 in the Trading layout, Funds in the
 * right-hand pane (264 px) drew a 383 px table, so the pane cut its figures ("Trading limit
 * 9,49,827." with the paise gone), cut the CASH head to "CA" and hid OVERALL with no sign. Funds now
 * folds as every other grid does (fitColumns.ts): OVERALL goes, the tab's own segment stays (the
 * spec's "funds limits by segment", its tabs Equity and F&O: with OVERALL kept instead, both tabs
 * read the same in a narrow pane), the header's sign says "+1 col" and names it, and each row's
 * title still gives the folded figure.
 * Screenshots go to /tmp/shots/fundsfx/, or SHOTS_DIR (looked at by hand).
 */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots/fundsfx";
fs.mkdirSync(SHOTS, { recursive: true });
test.describe.configure({ mode: "serial" });
// Its own broker: a layout of its own.
const broker = ownBroker();
const THEMES = ["dark", "light"] as const;

/** The shown body cells whose edges are not their column head's (by their place in the row): a figure wider than its column, or a row past what the fit measured. */
function misaligned(pane: Locator): Promise<string[]> {
  return pane.evaluate((p) => {
    const shown = (c: Element) => c.getClientRects().length > 0;
    const heads = Array.from(p.querySelectorAll(".funds-grid thead th")).filter(shown).map((h) => h.getBoundingClientRect());
    const out: string[] = [];
    for (const tr of Array.from(p.querySelectorAll(".funds-grid tbody tr"))) {
      Array.from(tr.querySelectorAll("td"))
        .filter(shown)
        .forEach((td, i) => {
          const [r, h] = [td.getBoundingClientRect(), heads[i]];
          if (!h || Math.abs(r.left - h.left) > 0.5 || Math.abs(r.right - h.right) > 0.5) out.push(`${tr.getAttribute("data-field")} "${td.textContent}" at ${r.left.toFixed(1)}-${r.right.toFixed(1)}`);
        });
    }
    return out.slice(0, 5);
  });
}

/**
 * DEMO1 at 1280x800 in the Trading layout, Funds in a narrow pane: the right-hand one (the depth's,
 * focused by a click), or the watchlist's split in two (Alt+\), the second half, as the explorer had it.
 */
async function fundsIn(page: Page, where: "right" | "split"): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await palette(page, "Layout: Trading");
  await page.reload();
  if (where === "right") await page.locator('.pane[data-view="depth"] .pane-title').click();
  else {
    await page.locator('.pane[data-view="watchlist"] .pane-title').click();
    await page.keyboard.press("Alt+Backslash");
    await expect(page.locator('.pane[data-view="watchlist"]')).toHaveCount(2);
    await page.locator('.pane[data-view="watchlist"] .pane-title').nth(1).click();
  }
  await palette(page, "Go to Funds");
  const pane = page.locator('.pane[data-view="funds"]');
  await expect(pane.locator('tr[data-field="tradingLimit"] td[data-segment="CASH"]')).toHaveText(/^[\d,]+\.\d\d$/);
  return pane;
}

for (const [where, pane] of [
  ["right", 264],
  ["split", 189],
] as const) {
  test(`Funds in a ${pane} px pane folds OVERALL, keeps the tab's segment and cuts no figure`, async ({ page }) => {
    test.setTimeout(90_000);
    const funds = await fundsIn(page, where);
    const body = (await funds.locator(".pane-body").boundingBox())!;
    expect(Math.abs(body.width - pane), `the pane body ${body.width} px`).toBeLessThanOrEqual(4);
    const grid = funds.getByRole("table", { name: /Funds limits/ });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      // OVERALL folds (the sign says so and names it); CASH, the Equity tab's segment, and every figure in it stay whole.
      await expect(grid).toHaveAttribute("data-folded", "1");
      await expect(grid.getByRole("columnheader", { name: "OVERALL" })).toBeHidden();
      await expect(grid.getByRole("columnheader", { name: "CASH" })).toBeVisible();
      const sign = grid.locator("[data-fold-sign]");
      await expect(sign).toHaveText(/^\+1( col)?$/);
      await expect(sign).toHaveAttribute("title", /Folded to fit the pane: OVERALL\./);
      await expect(grid.locator('td[data-segment="CASH"]')).toHaveCount(18);
      for (const cell of await grid.locator('td[data-segment="CASH"]').all()) await expect(cell).toBeVisible();
      expect(await clipped(funds, ".funds-grid th, .funds-grid td"), theme).toEqual([]);
      expect(await misaligned(funds), theme).toEqual([]);
      // Nothing scrolls sideways: the grid is no wider than its pane.
      expect(await funds.locator(".pane-body").evaluate((b) => b.scrollWidth - b.clientWidth), theme).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `${SHOTS}/funds-${pane}px-${theme}.png` });
    }
    // The folded figure is still there to read: each row's title gives CASH's and OVERALL's.
    const utilised = grid.locator('tr[data-field="utilisedTotalMargin"]');
    await expect(utilised).toHaveAttribute("title", /^Utilised margin \(total\): CASH [\d,]+\.\d\d · OVERALL [\d,]+\.\d\d$/);
    // F&O shows its own segment, FO, and folds OVERALL the same way: the two tabs read differently, as their names say.
    await funds.getByRole("tab", { name: "F&O" }).click();
    await expect(grid.getByRole("columnheader", { name: "FO", exact: true })).toBeVisible();
    await expect(grid.getByRole("columnheader", { name: "OVERALL" })).toBeHidden();
    await expect(grid.locator("[data-fold-sign]")).toHaveAttribute("title", /Folded to fit the pane: OVERALL\./);
    expect(await clipped(funds, ".funds-grid th, .funds-grid td")).toEqual([]);
  });
}

test("Funds in a wide pane folds nothing and shows no sign", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/funds", broker.url);
  await palette(page, "Layout: Single pane");
  const grid = page.locator('.pane[data-view="funds"]').getByRole("table", { name: /Funds limits/ });
  await expect(grid.getByRole("columnheader", { name: "CASH" })).toBeVisible();
  await expect(grid.getByRole("columnheader", { name: "OVERALL" })).toBeVisible();
  await expect(grid).toHaveAttribute("data-folded", "");
  await expect(grid.locator("[data-fold-sign]")).toHaveText("");
});
