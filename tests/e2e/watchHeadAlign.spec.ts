import type { Locator } from "@playwright/test";
import { expect, ownBroker, palette, signIn, test } from "./fixtures";
import { watchlistWith } from "./linkHelpers";

/** Each shown column's header label and its row cells' text, as [label, label's edge, row cells' edges]: the right edge of a right-aligned (figure) column, the left edge of the others. */
function edges(wl: Locator): Promise<Array<[string, number, number[]]>> {
  return wl.evaluate((el) => {
    const textEdge = (cell: Element, right: boolean): number => {
      const r = document.createRange();
      r.selectNodeContents(cell);
      const box = r.getBoundingClientRect();
      return right ? box.right : box.left;
    };
    const head = [...el.querySelectorAll('.wl-head > [role="columnheader"][data-col]')];
    const rows = [...el.querySelectorAll('.wl-scroll [role="row"]')];
    return head.flatMap((h): Array<[string, number, number[]]> => {
      if (getComputedStyle(h).display === "none") return [];
      const right = getComputedStyle(h).textAlign === "right";
      // A row's cell of the column: its data-col, or a price cell's data-field.
      const col = h.getAttribute("data-col");
      const cellOf = (r: Element) => r.querySelector(`:scope > [data-col="${col}"], :scope > [data-field="${col}"]`)!;
      return [[h.textContent ?? "", textEdge(h, right), rows.map((r) => textEdge(cellOf(r), right))]];
    });
  });
}

/**
 * The watchlist's header with the fold sign ("+3 cols") showing: its symbol cell grew into the room
 * the sign left less than the rows' symbols grew (the rows have no sign), so "LTP" stood 21 px left
 * of its prices in a watchlist split in two at 1280 px. As the market grids (styles.css .mk-row):
 * the symbol does not grow, and each label stands over its figures. Its edge: a label is its
 * column's header, so its text ends where the column's figures end (right-aligned), or starts where
 * its names start; a figure sits 2 px inside its cell (.wl-cell's padding, the flash's edge).
 */
// A broker of its own: the two rows it adds to DEMO1's watchlist are in no other spec's (watchlist.spec starts from an empty one).
const broker = ownBroker();

test("in a narrow watchlist with folded columns each header label stands over its column's figures", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await watchlistWith(page);
  // The watchlist pane split in two: two narrow watchlists, their optional columns folded.
  await page.keyboard.press("Alt+1");
  await palette(page, "Split pane right");
  const wl = page.getByTestId("watchlist").first();
  await expect(wl.locator(".wl-head .fold-sign")).toHaveText(/^\+\d/);
  await expect(wl.locator('.wl-scroll [role="row"]')).toHaveCount(2);
  const shown = await edges(wl);
  expect(shown.map(([label]) => label)).toEqual(["Symbol", "LTP"]);
  for (const [label, at, figures] of shown) for (const f of figures) expect(Math.abs(f - at), label).toBeLessThanOrEqual(2);
});
