import type { Locator, Page } from "@playwright/test";
import { expect, openPalette } from "./fixtures";
import { clipped as clippedIn } from "./clipped";

/** The option chain specs' shared reads (deskFit, chainBasketsFit, shownWhole). */

export const chainPanes = (page: Page) => page.locator('.pane[data-view="optionchain"]');

/** A `chain …` line run from the palette. */
export async function chainLine(page: Page, text: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-command="chain.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
}

/** The chain's cells, their figures, heads and bar items cut or past the pane's edges (clipped.ts). */
export const chainClipped = (pane: Locator) => clippedIn(pane, ".fit th, .fit td, .fit td .chain-val, .chain-bar > *");

/** The shown body cells whose edges are not their head cell's (by field and side): a figure wider than its column widens its cell, and a row wider than its head runs past what the fit measured. */
export function misaligned(pane: Locator): Promise<string[]> {
  return pane.evaluate((p) => {
    const key = (c: Element) => `${c.getAttribute("data-field")} ${c.classList.contains("chain-ce") ? "CE" : c.classList.contains("chain-pe") ? "PE" : ""}`;
    const head = new Map(Array.from(p.querySelectorAll("thead th")).filter((h) => h.getClientRects().length > 0).map((h) => [key(h), h.getBoundingClientRect()]));
    const out: string[] = [];
    for (const td of Array.from(p.querySelectorAll("tbody td")).filter((c) => c.getClientRects().length > 0)) {
      const [r, h] = [td.getBoundingClientRect(), head.get(key(td))];
      if (!h || Math.abs(r.left - h.left) > 0.5 || Math.abs(r.right - h.right) > 0.5) out.push(`${key(td)} "${td.textContent}" at ${r.left.toFixed(1)}-${r.right.toFixed(1)}, its head at ${h ? `${h.left.toFixed(1)}-${h.right.toFixed(1)}` : "none"}`);
    }
    return out.slice(0, 5);
  });
}
