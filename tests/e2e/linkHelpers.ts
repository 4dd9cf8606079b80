import type { Locator, Page } from "@playwright/test";
import { expect, palette, searchAndChoose } from "./fixtures";

/** A watchlist row to have: what `/` is typed with, the result it chooses, and the row's symbol. */
export type WatchRow = readonly [text: string, result: RegExp, symbol: string];

export const INFY_SBIN: readonly WatchRow[] = [["infy", /INFY-EQ/, "INFY-EQ"], ["sbin", /SBIN-EQ/, "SBIN-EQ"]];

/** The user's watchlist with `rows` (each added once, by search), answered for the cursor keys. */
export async function watchlistWith(page: Page, rows: readonly WatchRow[] = INFY_SBIN): Promise<Locator> {
  const wl = page.getByTestId("watchlist");
  await expect(wl).toBeVisible();
  for (const [text, result, symbol] of rows) {
    if (await wl.locator(`[role="row"][data-symbol="${symbol}"]`).count()) continue;
    await searchAndChoose(page, text, result);
    await palette(page, "Add to watchlist");
    await expect(wl.locator(`[role="row"][data-symbol="${symbol}"]`)).toBeVisible();
  }
  return wl;
}

/** Moves the watchlist's cursor to `symbol` by keys alone: Home, then ↓ until its row is selected. */
export async function cursorOn(page: Page, wl: Locator, symbol: string): Promise<void> {
  const row = wl.locator(`[role="row"][data-symbol="${symbol}"]`);
  await page.keyboard.press("Home");
  for (let i = 0; i < 30 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

/** Presses the link key until the focused pane shows `colour` in its title, in its mark and its words. */
export async function linkFocused(page: Page, colour: string): Promise<void> {
  const mark = page.locator(".pane-focused .pane-title .pane-link");
  const now = async () => ((await mark.count()) ? await mark.getAttribute("data-link") : "none");
  for (let i = 0; i < 8 && (await now()) !== colour; i++) {
    const was = await now();
    await page.keyboard.press("Alt+l");
    await expect.poll(now).not.toBe(was);
  }
  await expect(mark).toHaveAttribute("data-link", colour);
  await expect(mark).toContainText(colour); // the screen reader's words
}
