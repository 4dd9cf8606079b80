import type { Locator, Page } from "@playwright/test";
import { api, expect, ownBroker, palette, setTheme, shareOf, signIn, test, token } from "./fixtures";
import { cursorOn } from "./linkHelpers";

/**
 * FINDINGS-27 s7. (a) On a broker answering 1.5 s late, two quick `-` on SBIN went both for SBIN:
 * "SBIN-EQ not deleted from Watchlist: Invalid scrip", and RELIANCE stayed. The same keys do what
 * they do on a fast broker: the row leaves at once, the cursor takes the row that moves up, the
 * second `-` deletes that one. (b) An unsaved order by hand survives a switch to list 2 and back.
 * (c) Each list keeps its own cursor. A broker of this file's own: its lists are filled here.
 */
const broker = ownBroker();

const symbolsShown = (wl: Locator) => wl.locator('[role="row"][data-symbol]').evaluateAll((els) => els.map((e) => e.getAttribute("data-symbol") ?? ""));
const cursorRow = (wl: Locator) => wl.locator('[role="row"][aria-selected="true"]');

async function fill(page: Page, mwId: number, symbols: readonly string[]): Promise<void> {
  for (const s of symbols) {
    const c = await shareOf(page, broker.url, s);
    const added = await api(page.request, broker.url, await token(page), "/core/addscrip", { mwId, scrips: [{ exchange: "NSEEQ", token: c.token }] });
    expect(added.status).toBe("Ok");
  }
}

async function brokerSymbols(page: Page, mwId: number): Promise<string[]> {
  const res = await page.request.get(`${broker.url}/core/marketWatch/getAllMwScripsDetails`, { headers: { Authorization: `Bearer ${await token(page)}`, Connection: "close" } });
  const body = (await res.json()) as { result: Array<{ mwId: number; scrips: Array<{ tradingSymbol: string; sortingOrder: number }> }> };
  return [...body.result.find((l) => l.mwId === mwId)!.scrips].sort((a, b) => a.sortingOrder - b.sortingOrder).map((s) => s.tradingSymbol);
}

test("a slow broker: `-` `-` on SBIN deletes SBIN then RELIANCE; a moved order and each list's cursor survive a switch to list 2 and back", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await fill(page, 302, ["INFY", "TCS", "SBIN", "RELIANCE", "ITC", "HDFCBANK"]);
  await fill(page, 303, ["INFY", "AXISBANK", "MARUTI"]);
  await page.reload();
  const wl = page.getByTestId("watchlist");
  await expect(wl.locator('[role="row"][data-symbol="HDFCBANK-EQ"]')).toBeVisible();
  await page.keyboard.press("Alt+1");

  // (a) Every delete answered 1.5 s late.
  await page.route(/\/core\/deletescrip$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await cursorOn(page, wl, "SBIN-EQ");
  await page.keyboard.press("Minus");
  await page.keyboard.press("Minus");
  // Before the broker answered: both rows gone, the cursor on ITC, the row that moved up into its place.
  await expect.poll(() => symbolsShown(wl), { timeout: 1000 }).toEqual(["INFY-EQ", "TCS-EQ", "ITC-EQ", "HDFCBANK-EQ"]);
  await expect(cursorRow(wl)).toHaveAttribute("data-symbol", "ITC-EQ");
  await page.screenshot({ path: test.info().outputPath("wl-slow-minus-pending.png") });
  await expect(page.getByText("SBIN-EQ deleted from Watchlist")).toBeVisible();
  await expect(page.getByText("RELIANCE-EQ deleted from Watchlist")).toBeVisible();
  await expect(page.getByText(/not deleted/)).toHaveCount(0);
  expect(await brokerSymbols(page, 302)).toEqual(["INFY-EQ", "TCS-EQ", "ITC-EQ", "HDFCBANK-EQ"]);
  expect(await symbolsShown(wl)).toEqual(["INFY-EQ", "TCS-EQ", "ITC-EQ", "HDFCBANK-EQ"]);
  await page.unrouteAll();

  // (b) Sorted by LTP, HDFCBANK moved up one place by hand, not saved; `2`, `1`: the moved order is back, Save order still offered.
  await palette(page, "Watchlist: sort LTP");
  await cursorOn(page, wl, "HDFCBANK-EQ");
  const sorted = await symbolsShown(wl);
  const at = sorted.indexOf("HDFCBANK-EQ");
  expect(at).toBeGreaterThan(0);
  await page.keyboard.press("Shift+ArrowUp");
  const moved = [...sorted];
  [moved[at - 1], moved[at]] = [moved[at]!, moved[at - 1]!];
  await expect.poll(() => symbolsShown(wl)).toEqual(moved);
  await page.keyboard.press("2");
  await expect(page.getByTestId("wl-name")).toHaveText("Watchlist 2");
  await page.keyboard.press("1");
  await expect(page.getByTestId("wl-name")).toHaveText("Watchlist");
  await expect.poll(() => symbolsShown(wl)).toEqual(moved);
  await expect(wl.getByRole("button", { name: "Save order" })).toBeEnabled();
  await expect(cursorRow(wl)).toHaveAttribute("data-symbol", "HDFCBANK-EQ");

  // (c) End on list 1, `2`, Home (list 2's first row, INFY), `1`: the cursor is on list 1's last row, where it was left.
  await page.keyboard.press("End");
  const last = moved[moved.length - 1]!;
  await expect(cursorRow(wl)).toHaveAttribute("data-symbol", last);
  await page.keyboard.press("2");
  await expect(page.getByTestId("wl-name")).toHaveText("Watchlist 2");
  await page.keyboard.press("Home");
  await expect(cursorRow(wl)).toHaveAttribute("data-symbol", "INFY-EQ");
  await page.keyboard.press("1");
  await expect(page.getByTestId("wl-name")).toHaveText("Watchlist");
  await expect(cursorRow(wl)).toHaveAttribute("data-symbol", last);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: test.info().outputPath(`wl-list-back-${theme}.png`) });
  }
});
