import type { Locator } from "@playwright/test";
import { api, expect, ownBroker, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * A long symbol in a narrow watchlist pane: HDFCBANK-EQ in the first-run layout at 1680x1000 (the
 * watchlist tiled beside orders, positions and depth) sat against its LTP, no gap. The symbol keeps
 * a gap before the figures, and where the pane is too narrow for it whole it ends in an ellipsis, its
 * full name in the cell's title; no price is cut. A broker of this file's own: its list is filled here.
 */
const broker = ownBroker();
const SYMBOLS = ["HDFCBANK", "INFY", "SBIN"] as const;

/**
 * Per row: where the symbol's drawn text ends (at its box when cut: the ellipsis), the space from there to the LTP's box (its
 * flash tint fills it), the symbol's title, and whether any figure is cut.
 */
const measure = (wl: Locator) =>
  wl.locator('[role="row"][data-symbol]').evaluateAll((rows) =>
    rows.map((row) => {
      const textBox = (el: Element) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return r.getBoundingClientRect();
      };
      const sym = row.querySelector<HTMLElement>(".wl-sym")!;
      const parts = Array.from(sym.children) as HTMLElement[];
      const symRight = Math.max(...parts.map((e) => Math.min(textBox(e).right, e.getBoundingClientRect().right)));
      const ltp = row.querySelector<HTMLElement>('[data-field="ltp"]')!;
      const figures = Array.from(row.querySelectorAll<HTMLElement>("[data-field]")).filter((e) => e.offsetParent !== null);
      return {
        symbol: row.getAttribute("data-symbol"),
        toBox: Math.round(ltp.getBoundingClientRect().left - symRight),
        title: sym.getAttribute("title"),
        figureCut: figures.some((f) => f.scrollWidth > f.clientWidth + 1 || textBox(f).right > f.getBoundingClientRect().right + 1),
      };
    }),
  );

test("HDFCBANK-EQ in a narrow watchlist: a gap before its LTP, an ellipsis and its full name in the title when cut, no price cut", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  for (const s of SYMBOLS) {
    const c = await shareOf(page, broker.url, s);
    const added = await api(page.request, broker.url, await token(page), "/core/addscrip", { mwId: 302, scrips: [{ exchange: "NSEEQ", token: c.token }] });
    expect(added.status).toBe("Ok");
  }
  await page.reload();
  const wl = page.getByTestId("watchlist");
  const hdfc = wl.locator('[role="row"][data-symbol="HDFCBANK-EQ"]');
  await expect(hdfc).toBeVisible();
  await expect(hdfc.locator('[data-field="ltp"]')).not.toHaveText("");
  const shots: Array<[number, boolean]> = [[1680, false], [1280, false], [1680, true], [1280, true]];
  for (const [width, split] of shots) {
    await page.setViewportSize({ width, height: 1000 });
    if (split && (await page.locator('.pane[data-view="watchlist"]').count()) === 1) {
      await page.locator('.pane[data-view="watchlist"]').first().locator(".pane-title").click();
      await page.keyboard.press("Alt+Backslash");
    }
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      // Once the fit has settled on this width (it folds and shortens on a resize): the split's rows are both panes'.
      await expect.poll(async () => (await measure(wl)).length).toBe(split ? 2 * SYMBOLS.length : SYMBOLS.length);
      await page.waitForTimeout(300);
      const rows = await measure(wl);
      await page.screenshot({ path: test.info().outputPath(`wl-symbol-gap-${width}${split ? "-split" : ""}-${theme}.png`) });
      for (const r of rows) {
        const at = `${r.symbol} at ${width}${split ? " split" : ""}`;
        // 6 px: the room the row keeps at the pane's edge (.wl-row's padding), whole or shortened, to the LTP's box (a flash tints it).
        expect(r.toBox, at).toBeGreaterThanOrEqual(6);
        // Whole or shortened (at 1280 px split, HDFCBANK-…), the cell's title names the symbol whole.
        expect(r.title, at).toContain(r.symbol);
        expect(r.figureCut, at).toBe(false);
      }
      expect(rows.find((r) => r.symbol === "HDFCBANK-EQ")).toBeDefined();
    }
  }
});
