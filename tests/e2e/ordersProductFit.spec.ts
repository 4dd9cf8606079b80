import type { Page } from "@playwright/test";
import { api, contractOf, expect, ownBroker, palette, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * The Orders pane at 1680 wide: a trailing stop's "TRAIL 2 / JUMP 1 TICK" widens the Instrument
 * column, and the fit folded Exc and Product away ("+3 cols"): two INFY orders could no longer be
 * told apart as intraday or delivery. Product now folds after Time (gridColumns.ts), by the one
 * fit rule (src/core/rules/fitColumns.ts). A broker of this file's own: the book is this test's.
 */
const broker = ownBroker();

const pane = (page: Page) => page.locator('.pane[data-view="orders"]');

test("at 1680 with a trailing stop in the book, Product stays: INTRADAY and DELIVERY INFY orders are told apart", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // The Trading layout: the Orders pane ~820 px wide.
  await palette(page, "Layout: Trading");
  const infy = await shareOf(page, broker.url, "INFY");
  const below = Number((Math.floor((infy.ltp * 0.9) / infy.tickSize) * infy.tickSize).toFixed(2));
  const bearer = await token(page);
  for (const product of ["INTRADAY", "DELIVERY"]) {
    const r = await api(page.request, broker.url, bearer, "/core/v2/orders", {
      exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product, orderComplexity: "REGULAR",
      orderType: "LIMIT", price: below, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
    });
    expect(r.status).toBe("Ok");
  }
  // The explorer's badge, a trail of 2 with no jump ("jump 1 tick"), on a NIFTY option's buy stop
  // (a long symbol: "NIFTY26D0823650CE TRAIL 2 / JUMP 1 TICK" is the widest Instrument cell). A buy
  // stop's trail follows the price down, so it may trigger at once: its row keeps the badge either way.
  const ce = await contractOf(page, broker.url, { searchText: "NIFTY", exchange: "NSEFO", pick: (h) => h.insType !== "EQ" && h.tradingSymbol.endsWith("CE") });
  const above = Number((Math.ceil((ce.ltp * 1.5) / ce.tickSize) * ce.tickSize).toFixed(2));
  const stop = await api(page.request, broker.url, bearer, "/core/v2/orders", {
    exchange: "NSEFO", instrumentId: String(ce.token), transactionType: "BUY", quantity: ce.lotSize, product: "NORMAL", orderComplexity: "REGULAR",
    orderType: "SLM", price: 0, validity: "DAY", slTriggerPrice: above, disclosedQuantity: 0, marketProtection: 0, trailValue: 2, trailUnit: "POINTS", trailJump: 0,
  });
  expect(stop.status).toBe("Ok");
  await expect(pane(page).getByTestId("order-trail")).toHaveText("Trail 2 / jump 1 tick");
  await expect(pane(page).locator("tr[data-order-no]")).toHaveCount(3);

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await expect(pane(page).locator('th[data-col="product"]')).toBeVisible();
    // The two resting buys, one of each product, each says which it is.
    const buys = pane(page).locator("tr[data-order-no]").filter({ hasText: "INFY-EQ" });
    await expect(buys.locator('td[data-col="product"]')).toHaveText(["DELIVERY", "INTRADAY"].map((p) => new RegExp(p, "i")));
    await page.screenshot({ path: `/tmp/shots/entry/orders-trail-1680x1000-${theme}.png` });
  }
});
