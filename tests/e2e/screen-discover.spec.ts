import type { Page } from "@playwright/test";
import { expect, openPalette, palette, signIn, test } from "./fixtures";

/**
 * Issue 29, "Discover, chain, GTT, baskets, ideas", at 1280x800 and 1680x1000, dark and light:
 * gainers ranked by their live gain with a rank column, the 52-week list's value and distance,
 * the chain's PCR and max pain, a spot pill that covers no strike, OI change as a count and IV in
 * the chain, the GTT list's status, created and expiry columns, the idea's quantity box in the
 * theme's colours. Screenshots go to /tmp/shots-i29-discover/.
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1680, height: 1000 },
] as const;
const THEMES = ["dark", "light"] as const;

async function toTheme(page: Page, theme: "dark" | "light"): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await palette(page, "Toggle light / dark theme");
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

async function chainLine(page: Page, text: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-command="chain.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("issue 29 at two sizes and both themes: discover ranks, 52-week figures, chain readings, GTT columns, idea quantity box", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "DEMO1", "/home");
  for (const size of SIZES) {
    for (const theme of THEMES) {
      await page.setViewportSize(size);
      await toTheme(page, theme);
      const tag = `${size.width}-${theme}`;

      // Top Gainers: ranked by the change each row had at the last ranking, largest first, rank 1.. down the grid.
      await palette(page, "Go to Invest Equity");
      // The page remembers its tab: back to Top Gainers.
      for (let i = 0; i < 3 && (await page.getByRole("tab", { name: "Top Gainers" }).getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("[");
      await expect(page.getByRole("tab", { name: "Top Gainers" })).toHaveAttribute("aria-selected", "true");
      const grid = page.getByTestId("market-grid");
      const rows = grid.locator('[role="row"][data-symbol]');
      await expect(rows.first()).toBeVisible();
      await expect(grid.locator('[role="columnheader"][data-column="pchg"]')).toHaveAttribute("aria-sort", "descending");
      // The rows shown: a row with no box is in a grid not displayed (a pane hidden by the tiling, display: none), whose
      // few rows (its window is 0 px tall) sat at top 0 among these and read as out of order (the clean-clone CI of 31846db2).
      const ranked = await rows.evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).map((e) => ({ pchg: Number(e.getAttribute("data-pchg")), rank: Number(e.getAttribute("data-rank")), top: e.getBoundingClientRect().top })));
      ranked.sort((a, b) => a.top - b.top);
      // The rows read, in the message: a clean-clone CI of a8f08a1 found them out of order once, and said no more.
      expect(ranked.every((r, i) => i === 0 || r.pchg <= ranked[i - 1]!.pchg), JSON.stringify(ranked)).toBe(true);
      // The rows in the DOM are the virtualised window: their ranks run on by one from the first shown.
      expect(ranked.map((r) => r.rank)).toEqual(ranked.map((_, i) => ranked[0]!.rank + i));
      // Sorting Top Losers by volume leaves Top Gainers ranked by gain.
      await page.keyboard.press("]");
      await expect(page.getByRole("tab", { name: "Top Losers" })).toHaveAttribute("aria-selected", "true");
      // o until Volume leads (the pane kept the last pass's sort of this list).
      const volume = grid.locator('[role="columnheader"][data-column="volume"]');
      for (let i = 0; i < 6 && (await volume.getAttribute("aria-sort")) !== "descending"; i++) await page.keyboard.press("o");
      await expect(volume).toHaveAttribute("aria-sort", "descending");
      await page.keyboard.press("[");
      await expect(page.getByRole("tab", { name: "Top Gainers" })).toHaveAttribute("aria-selected", "true");
      await expect(grid.locator('[role="columnheader"][data-column="pchg"]')).toHaveAttribute("aria-sort", "descending");
      // 52 Week High: the 52-week high and the distance to it, 0 % or below, nearest first.
      await page.keyboard.press("]");
      await page.keyboard.press("]");
      await expect(page.getByRole("tab", { name: "52 Week High" })).toHaveAttribute("aria-selected", "true");
      if (await rows.first().isVisible({ timeout: 5_000 }).catch(() => false)) {
        await expect(grid.locator('[role="columnheader"]', { hasText: "52W High" }).first()).toBeVisible();
        const from = await grid.locator('[data-field="fromHigh"][data-value]').evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-value"))));
        expect(from.length).toBeGreaterThan(0);
        // "within 1 % of the 52-week high": every distance is between -1 % (a little slack for ticks since the list) and 0.
        expect(from.every((v) => v <= 0 && v >= -2)).toBe(true);
        await expect(grid.locator('[data-field="weekHigh"]').first()).toHaveText(/^\d[\d,]*\.\d{2}$/);
      }
      await page.screenshot({ path: `/tmp/shots-i29-discover/equity-${tag}.png` });

      // The option chain: PCR and max pain in its bar; the spot pill overlaps no strike figure; OI change a whole count; IV shown.
      await chainLine(page, "chain NIFTY");
      const chain = page.getByTestId("optionchain");
      await expect(chain.locator("tr[data-strike]").first()).toBeVisible();
      await expect(page.getByTestId("chain-pcr")).toHaveText(/^\d+\.\d{2}$/);
      await expect(page.getByTestId("chain-max-pain")).toHaveText(/^\d[\d,]*$/);
      await expect(chain.locator('th[data-field="iv"]').first()).toBeVisible();
      const oiChg = await chain.locator('td[data-field="oiChg"] .chain-val').allInnerTexts();
      expect(oiChg.filter((t) => t !== "").every((t) => /^[+-]?\d[\d,]*(\.\d{2}[KLC]r?)?$/.test(t) && !/^[+-]?\d[\d,]*\.\d{2}$/.test(t))).toBe(true);
      const pill = page.getByTestId("chain-spot");
      if (await pill.isVisible()) {
        const box = (await pill.boundingBox())!;
        const strikes = await chain.locator(".strike-text").evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })));
        expect(strikes.filter((s) => overlaps(box, s))).toEqual([]);
      }
      await page.screenshot({ path: `/tmp/shots-i29-discover/chain-${tag}.png` });

      // The GTT list's columns.
      await palette(page, "Go to GTT orders");
      const gtt = page.locator("table[aria-label='GTT orders']");
      if (await gtt.isVisible({ timeout: 5_000 }).catch(() => false)) {
        // Status always; Created and Expires shown, or, in a pane too narrow for them (the Orders pane at
        // 1280), folded and named by the list's sign: never cut at the pane's edge (fitColumns.ts LAST_RESORT).
        await expect(gtt.locator("th", { hasText: "Status" }).first()).toBeVisible();
        const folded = (await gtt.locator("[data-fold-sign]").getAttribute("title")) ?? "";
        for (const name of ["Created", "Expires"]) {
          if (!folded.includes(name)) await expect(gtt.locator("th", { hasText: name }).first()).toBeVisible();
        }
      }

      // Ideas: the quantity box takes the theme's field colour, not the browser's white.
      await palette(page, "Go to Ideas");
      const qty = page.getByTestId("ideas").locator('[data-field="quantity"]').first();
      await expect(qty).toBeVisible();
      const [boxBg, raised] = await qty.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(document.documentElement).getPropertyValue("--bg-raised").trim()]);
      const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, "0")).join("")}`;
      expect(hex(boxBg)).toBe(raised.toLowerCase());
      await page.screenshot({ path: `/tmp/shots-i29-discover/ideas-${tag}.png` });
    }
  }
});

test("a narrow chain keeps IV: in Layout: Trading every head cell and both sides' IV lie inside the pane, and the chain does not scroll sideways", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "DEMO1", "/home");
  for (const size of SIZES) {
    for (const theme of THEMES) {
      await page.setViewportSize(size);
      await toTheme(page, theme);
      const tag = `${size.width}-${theme}`;
      await palette(page, "Layout: Trading");
      await chainLine(page, "chain NIFTY");
      const pane = page.locator('.pane[data-view="optionchain"]');
      const chain = pane.getByTestId("optionchain");
      await expect(chain.locator("tr[data-atm]")).toHaveCount(1);
      const box = (await pane.boundingBox())!;
      const inside = (r: { x: number; width: number }) => r.x >= box.x && r.x + r.width <= box.x + box.width;

      // LTP and IV either side of the strike are the columns that never fold (columns.ts): the head shows both sides' IV.
      const head = chain.locator("thead th:visible");
      const heads = await head.evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { field: e.getAttribute("data-field"), text: (e as HTMLElement).innerText, x: r.x, width: r.width };
        }),
      );
      expect(heads.filter((h) => h.field === "iv").length, tag).toBe(2);
      for (const h of heads) expect(inside(h), `${tag}: head cell ${h.text} at ${h.x}+${h.width} in the pane ${box.x}+${box.width}`).toBe(true);

      // Both sides' IV of the strike at the money: inside the pane, a whole figure (its text not wider than its cell).
      for (const side of ["CE", "PE"] as const) {
        const iv = chain.locator(`tr[data-atm] td[data-field="iv"][data-side="${side}"]`);
        await expect(iv).toHaveText(/^\d+\.\d{2}$/);
        const cell = (await iv.boundingBox())!;
        expect(inside(cell), `${tag}: ${side} IV at ${cell.x}+${cell.width} in the pane ${box.x}+${box.width}`).toBe(true);
        expect(await iv.evaluate((td) => td.scrollWidth <= td.clientWidth), `${tag}: ${side} IV whole in its cell`).toBe(true);
      }
      // No sideways scroll: the strikes' scroller is as wide as what it holds.
      const scroll = chain.getByTestId("chain-scroll");
      const [scrollWidth, clientWidth] = await scroll.evaluate((s) => [s.scrollWidth, s.clientWidth]);
      expect(scrollWidth, `${tag}: the chain's scroll width against its width`).toBeLessThanOrEqual(clientWidth!);
      await page.screenshot({ path: `/tmp/shots-i29-discover/chain-trading-${tag}.png` });
    }
  }
});
