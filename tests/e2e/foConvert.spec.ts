import type { Locator, Page } from "@playwright/test";
import { api, commandLine, expect, palette, setTheme, signIn, test, token, ownBroker } from "./fixtures";

/**
 * F7 by keyboard: DEMO1 carries 1 lot of the NIFTY ATM call NRML; buy one lot more today NRML, then
 * `v` on the NRML row converts one lot to INTRADAY. Today's lot goes, at today's price ("takes
 * today's shares first, cost and all"): INTRADAY 75 at the day's fill, NRML 75 at the carried
 * price (both read the blend of the two before the fix); "Analyse positions" then shows the one
 * leg with the lots of each product (F8). A broker of this file's own with a frozen
 * market (TICK_HZ=0), so DEMO1's books are the seeded ones and the prices hold still.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/shots-f7-fo-convert";

interface Row {
  tradingSymbol: string;
  product: string;
  netQuantity: number;
  buyPrice: number;
  dayBuyPrice: number;
  dayBuyQuantity: number;
  cfBuyQuantity: number;
}

const positions = async (page: Page) => (await api<Row>(page.request, broker.url, await token(page), "/core/v2/positions", {})).result;

async function cursorTo(page: Page, row: Locator): Promise<void> {
  await expect(row).toBeVisible();
  for (let i = 0; i < 20 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

test("convert one lot of NRML 75 carried + 75 bought today to INTRADAY: today's lot at today's price, the carried lot at its own", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".workspace .pane")).toHaveCount(1);
  await palette(page, "Go to Positions");

  const carried = (await positions(page)).find((p) => p.product === "NORMAL" && p.tradingSymbol.startsWith("NIFTY") && p.tradingSymbol.endsWith("CE"))!;
  expect([carried.netQuantity, carried.cfBuyQuantity]).toEqual([75, 75]);
  const symbol = carried.tradingSymbol;
  await commandLine(page, `buy ${symbol} 75 nrml`);
  await expect(page.getByTestId("ow-submit")).toHaveText(/Buy/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();

  const nrml = page.locator(`[data-testid="positions"] tr[data-symbol="${symbol}"][data-product="NORMAL"]`);
  await expect(nrml.locator('[data-field="netQuantity"]')).toHaveText("150");
  const both = (await positions(page)).find((p) => p.tradingSymbol === symbol && p.product === "NORMAL")!;
  const today = both.dayBuyPrice;
  expect([both.dayBuyQuantity, both.cfBuyQuantity]).toEqual([75, 75]);
  expect(both.buyPrice).toBeCloseTo((carried.buyPrice + today) / 2, 4);

  await cursorTo(page, nrml);
  await page.keyboard.press("v");
  const dialog = page.getByRole("dialog", { name: new RegExp(`Convert position · ${symbol}`) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("To product")).toHaveValue("INTRADAY");
  await dialog.getByLabel("Quantity").fill("75");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  const intraday = page.locator(`[data-testid="positions"] tr[data-symbol="${symbol}"][data-product="INTRADAY"]`);
  await expect(intraday.locator('[data-field="netQuantity"]')).toHaveText("75");
  await expect(nrml.locator('[data-field="netQuantity"]')).toHaveText("75");
  // As the pane shows them: INTRADAY at today's fill, NRML at the carried price.
  const shown = async (row: Locator) => Number(((await row.locator('[data-field="buyPrice"]').textContent()) ?? "").replace(/[₹,\s]/g, ""));
  expect(await shown(intraday)).toBeCloseTo(today, 2);
  expect(await shown(nrml)).toBeCloseTo(carried.buyPrice, 2);
  const after = await positions(page);
  const moved = after.find((p) => p.tradingSymbol === symbol && p.product === "INTRADAY")!;
  const left = after.find((p) => p.tradingSymbol === symbol && p.product === "NORMAL")!;
  expect([moved.dayBuyQuantity, moved.cfBuyQuantity, moved.dayBuyPrice]).toEqual([75, 0, today]);
  expect([left.dayBuyQuantity, left.cfBuyQuantity, left.buyPrice]).toEqual([0, 75, carried.buyPrice]);

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/positions-after-convert-${theme}.png` });
  }

  // F8: Analyse positions makes the two one leg of 2 lots (a contract and side is one leg), and the
  // leg says what each product holds (it read "held · NRML" of both lots).
  await palette(page, "Analyse positions");
  const leg = page.locator(`.pane-focused[data-view="strategy"] tr[data-leg="${symbol}"]`);
  await expect(leg).toBeVisible();
  await expect(leg.locator('[data-field="lots"]')).toHaveText("2");
  await expect(leg.locator('[data-field="entry"]')).toHaveAttribute("data-entry", "held");
  await expect(leg.locator('[data-field="entry"] .entry-mark')).toHaveText("held · 1 NRML + 1 INTRADAY");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/analyse-after-convert-${theme}.png` });
  }
});
