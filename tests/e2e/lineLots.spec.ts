import type { Page } from "@playwright/test";
import { api, commandLine, contractOf, expect, openPalette, ownBroker, setTheme, signIn, test, token } from "./fixtures";

/**
 * A line's `N lots` (src/core/rules/lineLots.ts): the window's "2 lots" preset, typed. On F&O the
 * quantity field shows units, so `2 lots` fills 2 × the lot size there, and that is what is sent;
 * a line on shares with "lots" is kept in the palette with why. A broker of this file's own.
 */
const broker = ownBroker();

interface Booked {
  orderNo: string;
  tradingSymbol: string;
  quantity: number;
}

async function book(page: Page): Promise<Booked[]> {
  return (await api<Booked>(page.request, broker.url, await token(page), "/core/v2/orders/book", {})).result ?? [];
}

test("`buy NIFTY ATM CE 2 lots`: the window shows 2 × the lot size in units, and the broker books that quantity", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await commandLine(page, "buy NIFTY ATM CE 2 lots");
  const symbol = (await page.getByRole("dialog", { name: /^Buy NIFTY/ }).getAttribute("aria-label"))!.replace(/^Buy /, "");
  const ce = await contractOf(page, broker.url, { searchText: symbol, exchange: "NSEFO", pick: (h) => h.tradingSymbol === symbol });
  // "2 lots" = 2 × the contract's lot size, in the units the F&O quantity field shows.
  await expect(page.locator("#ow-quantity")).toHaveValue(String(2 * ce.lotSize));
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/shots/entry/lots-line-1680x1000-${theme}.png` });
  }
  await page.locator("#ow-quantity").focus();
  const before = new Set((await book(page)).map((o) => o.orderNo));
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await book(page)).filter((o) => !before.has(o.orderNo)).map((o) => [o.tradingSymbol, o.quantity])).toEqual([[symbol, 2 * ce.lotSize]]);
});

test("`buy INFY 2 lots`: shares have no lots; the line is kept in the palette with why, and no window opens", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await openPalette(page);
  await page.keyboard.type("buy INFY 2 lots");
  await expect(page.locator('[data-command="order.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("palette-kept")).toHaveText('"lots" is for F&O, commodity and currency contracts: INFY-EQ on NSEEQ is traded in shares. Type the number of shares, without "lots"');
  await expect(page.getByRole("form", { name: "Order window" })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/shots/entry/lots-on-shares-1680x1000-dark.png" });
});
