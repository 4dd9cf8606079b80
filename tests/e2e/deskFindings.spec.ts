import type { Page } from "@playwright/test";
import { startBrokerProcess } from "../support/brokerProcess";
import { api, commandLine, contractOf, expect, openPalette, ownBroker, setTheme, signIn, test, token } from "./fixtures";

/**
 * Order desk findings of an explorer: a CO's forced INTRADAY does not become the next Regular order's product;
 * a window with a lot error sends nothing, AMO or not; a bare contract symbol is found on MCX.
 */

const form = (page: Page) => page.getByRole("form", { name: "Order window" });
const info = (page: Page) => page.getByRole("alertdialog", { name: /^Contract specification/ });

/** A line whose window opens under the commodity info dialog (the first MCX window of a contract): the dialog is read and closed. */
async function lineUnderInfo(page: Page, text: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-command="order.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(info(page)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(info(page)).toBeHidden();
}

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/shots/desk2/${name}-1680x1000-${theme}.png` });
  }
}

// Its own broker: a CO's two legs and long names in DEMO1's book of the shared broker widened the
// order book's Instrument column, and screen-grids.spec then found Order type folded at 1280.
const own = ownBroker();

test("after a CO, the next Regular commodity order opens on the product chosen for Regular orders (NRML), not the CO's INTRADAY", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", own.url);
  const crude = await contractOf(page, own.url, { searchText: "CRUDEOIL", exchange: "MCXCOMM", pick: (h) => h.insType === "FUTCOM" && /^CRUDEOIL\d/.test(h.tradingSymbol) });
  const p = Math.round(crude.ltp);
  await lineUnderInfo(page, `co buy MCXCOMM:${crude.tradingSymbol} 1 @ ${p} sl ${p - 100}`);
  await page.locator("#ow-quantity").focus();
  await page.keyboard.press("Enter");
  await expect(form(page)).toBeHidden({ timeout: 15_000 });
  // "BO and CO are allowed only with INTRADAY": forced, not chosen; a Regular order opens on the carry-forward product.
  await commandLine(page, `buy MCXCOMM:${crude.tradingSymbol} 1 @ ${p}`);
  await expect(page.locator('select[name="product"]')).toHaveValue("NRML");
  await shots(page, "regular-after-co");
});

test("after hours, 50 of a lot-75 future: the window refuses it at the quantity with EC954, asks no AMO question and sends nothing", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  // A broker whose clock is in the evening: every exchange's entry has AMO = Y.
  const broker = await startBrokerProcess({ SIM_TIME: "2026-11-24T20:00:00+05:30" });
  try {
    await signIn(page, "DEMO1", "/main/orders", broker.url);
    const fut = await contractOf(page, broker.url, { searchText: "NIFTY", exchange: "NSEFO", pick: (h) => h.insType === "FUTIDX" && /^NIFTY\d/.test(h.tradingSymbol) });
    expect(fut.lotSize).toBe(75);
    const bookLength = async () => ((await api<{ orderNo: string }>(page.request, broker.url, await token(page), "/core/v2/orders/book", {})).result ?? []).length;
    const before = await bookLength();
    await commandLine(page, `buy NSEFO:${fut.tradingSymbol} 50 @ ${Math.round(fut.ltp)}`);
    await expect(form(page)).toBeVisible();
    await page.locator("#ow-quantity").focus();
    await page.keyboard.press("Enter");
    // 50 is not a multiple of 75: "quantity must be a multiple of lot size" (EC954), said at the field.
    await expect(form(page).getByText("EC954: Quantity must be a multiple of lot size: lot size 75")).toBeVisible();
    await expect(form(page).getByRole("button", { name: /Place AMO/ })).toHaveCount(0);
    await shots(page, "lot-multiple-amo");
    expect(await bookLength()).toBe(before);
  } finally {
    await broker.stop();
  }
});

test("`buy GOLD…FUT 1` with no exchange: the contract is found on MCXCOMM (BSECOMM lists it too), and the window says so", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", own.url);
  const gold = await contractOf(page, own.url, { searchText: "GOLD", exchange: "MCXCOMM", pick: (h) => h.insType === "FUTCOM" && /^GOLD\d/.test(h.tradingSymbol) });
  await lineUnderInfo(page, `buy ${gold.tradingSymbol} 1`);
  await expect(form(page)).toContainText(`${gold.tradingSymbol}`);
  // GOLD27FEBFUT is listed on MCXCOMM and on BSECOMM: MCX's is taken, and the other is named.
  await expect(form(page)).toContainText(`Found on MCXCOMM (also on BSECOMM: type BSECOMM:${gold.tradingSymbol} for it)`);
  await shots(page, "bare-mcx-symbol");
});
