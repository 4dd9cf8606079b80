import type { Locator, Page } from "@playwright/test";
import { api, type Contract, contractOf, expect, ownBroker, palette, shareOf, signIn, test, token } from "./fixtures";

/**
 * Issue 29, Grids, "Columns never vanish silently", at 1280×800 and 1680×1000 in the dark and the
 * light theme, in Layout: Trading with a pending SL order, a pending NRML option order (a long
 * symbol) and an intraday position:
 * - the order book shows the order type (LIMIT / MARKET / SL / SL-M) and the trigger, and BUY/SELL is the "Side";
 * - positions keep Buy Avg and Sell Avg inside their pane;
 * - the carry-forward product reads NRML, never NORMAL;
 * - a column chooser by keyboard (Alt+C) shows, hides, reorders and marks optional, saved with the pane;
 * - fitting folds only optional columns and brings them back when the pane grows;
 * - an order's row action says "Cancel order", the confirmation's Esc button "Close".
 * Its own broker: on the shared one, another spec's BANKNIFTY slice group in DEMO1's book widened the
 * Instrument column at 1280 and folded Order type (a clean-clone CI run).
 */
const broker = ownBroker();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1680, height: 1000 },
] as const;

const SHOTS = "/tmp/shots-i29-grids";

const onTick = (c: Contract, f: number) => Number((Math.round((c.ltp * f) / c.tickSize) * c.tickSize).toFixed(2));

async function place(page: Page, order: Record<string, unknown>): Promise<string> {
  const res = await api<{ orderNo: string }>(page.request, broker.url, await token(page), "/core/v2/orders", {
    orderComplexity: "REGULAR", validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0, price: 0, ...order,
  });
  expect(res.status, res.message).toBe("Ok");
  return res.result[0]!.orderNo;
}

async function cancel(page: Page, orderNo: string): Promise<void> {
  await page.request.delete(`${broker.url}/core/v2/orders/${orderNo}`, { data: {}, headers: { Authorization: `Bearer ${await token(page)}` } });
}

/** A column header lies inside its pane's body (not clipped by it, nor scrolled out of it). */
async function inside(header: Locator): Promise<void> {
  await expect(header).toBeVisible();
  const body = header.locator("xpath=ancestor::*[contains(@class,'pane-body')]");
  const [h, p] = [(await header.boundingBox())!, (await body.boundingBox())!];
  expect(h.x).toBeGreaterThanOrEqual(p.x - 1);
  expect(h.x + h.width).toBeLessThanOrEqual(p.x + p.width + 1);
}

/** The order book's columns as the chooser lists them (GRID_COLUMNS.orders). */
const ORDER_COLUMNS = ["Time", "Side", "Instrument", "Exc", "Product", "Order type", "Qty", "Price", "Trigger", "Status", "Validity", "Order no.", "Actions"];

const ordersPane = (page: Page) => page.locator('.pane[data-view="orders"]');
const positionsPane = (page: Page) => page.locator('.pane[data-view="position"]');
const ordersHead = (page: Page) => ordersPane(page).getByRole("table", { name: "Orders" }).locator("thead th");

test("the trader's grids at 1280×800 and 1680×1000, dark and light", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[0]);
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const hdfc = await shareOf(page, broker.url, "HDFCBANK");
  const option = await contractOf(page, broker.url, { exchange: "NSEFO", searchText: "nifty ce", pick: (h) => h.insType.startsWith("OPT") && h.tradingSymbol.endsWith("CE") });
  // An SL buy whose trigger is 10% above the market stays TRIGGER PENDING; an NRML option buy 20% below stays OPEN.
  // (a buy SL's trigger must be below its price: EC908.)
  const trigger = onTick(hdfc, 1.08);
  const slOrder = await place(page, { exchange: "NSEEQ", instrumentId: String(hdfc.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderType: "SL", price: onTick(hdfc, 1.09), slTriggerPrice: trigger });
  const nrmlOrder = await place(page, { exchange: "NSEFO", instrumentId: String(option.token), transactionType: "BUY", quantity: option.lotSize, product: "NORMAL", orderType: "LIMIT", price: Math.max(option.tickSize, onTick(option, 0.8)) });
  await place(page, { exchange: "NSEEQ", instrumentId: String(hdfc.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderType: "MARKET" });
  // A sell SL-M 10% below the market waits for its trigger, with no price of its own.
  const slmOrder = await place(page, { exchange: "NSEEQ", instrumentId: String(hdfc.token), transactionType: "SELL", quantity: 1, product: "INTRADAY", orderType: "SLM", slTriggerPrice: onTick(hdfc, 0.9) });

  try {
    await palette(page, "Layout: Trading");
    await page.reload();
    await expect(page.locator(".pane")).toHaveCount(4);
    const slRow = ordersPane(page).locator(`tr[data-order-no="${slOrder}"]`);
    const nrmlRow = ordersPane(page).locator(`tr[data-order-no="${nrmlOrder}"]`);
    await expect(slRow).toBeVisible();
    // Its price cell says it sells at market, not "0.00".
    await expect(ordersPane(page).locator(`tr[data-order-no="${slmOrder}"] [data-col="price"]`)).toHaveText("MKT");

    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of ["dark", "light"] as const) {
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        // Orders: the order type and the trigger, in the spec's words; BUY/SELL is the Side.
        await inside(ordersHead(page).filter({ hasText: /^Order type$/ }));
        await inside(ordersHead(page).filter({ hasText: /^Trigger$/ }));
        await expect(ordersHead(page).filter({ hasText: /^Side$/ })).toBeVisible();
        await expect(ordersHead(page).filter({ hasText: /^Type$/ })).toHaveCount(0);
        await expect(slRow.locator('[data-col="orderType"]')).toHaveText("SL");
        await expect(slRow.locator('[data-col="trigger"]')).toHaveText(trigger.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
        await expect(nrmlRow.locator('[data-col="orderType"]')).toHaveText("LIMIT");
        // NRML for the carry-forward product, never NORMAL, wherever a product is shown.
        await expect(nrmlRow.locator('[data-col="product"]')).toHaveText("NRML");
        expect(await page.locator(".workspace, main, body").first().innerText()).not.toMatch(/\bNORMAL\b/);
        // Positions keep their average prices.
        const positions = positionsPane(page).getByRole("table", { name: "Positions" });
        await inside(positions.getByRole("columnheader", { name: "Buy Avg" }));
        await inside(positions.getByRole("columnheader", { name: "Sell Avg" }));
        await inside(positions.getByRole("columnheader", { name: "P&L", exact: true }));
        await page.screenshot({ path: `${SHOTS}/trading-${size.width}-${theme}.png` });
        // The chooser of the focused pane, by its key.
        await page.keyboard.press("Alt+2");
        await page.keyboard.press("Alt+c");
        const chooser = page.getByRole("dialog", { name: "Columns: Orders" });
        await expect(chooser.getByRole("option")).toHaveText(ORDER_COLUMNS.map((c) => new RegExp(`^.${c}`)));
        await page.screenshot({ path: `${SHOTS}/chooser-${size.width}-${theme}.png` });
        await page.keyboard.press("Escape");
        await expect(chooser).toBeHidden();
        await page.keyboard.press("Alt+t");
      }
    }

    // At 1680 px: a chooser's changes, each by keyboard, saved with the pane.
    await page.keyboard.press("Alt+2");
    const head = ordersHead(page);
    const visibleHeads = async () => (await head.evaluateAll((ths) => ths.filter((th) => (th as HTMLElement).offsetParent !== null).map((th) => th.textContent)));
    await expect(head.filter({ hasText: /^Product$/ })).toBeVisible();
    await expect(head.filter({ hasText: /^Time$/ })).toBeVisible();
    // Show Validity and Order no. (hidden by default) and make them required: they take the room, so the optional Time (and Product) fold.
    await page.keyboard.press("Alt+c");
    const chooser = page.getByRole("dialog", { name: "Columns: Orders" });
    await expect(chooser).toBeVisible();
    for (let i = 0; i < ORDER_COLUMNS.indexOf("Validity"); i++) await page.keyboard.press("ArrowDown");
    for (const name of ["Validity", "Order no."]) {
      const row = chooser.getByRole("option", { name: new RegExp(name.replace(".", "\\.")) });
      await expect(row).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Space");
      await expect(row).toHaveAttribute("aria-checked", "true");
      await page.keyboard.press("o");
      await expect(row).toContainText("required");
      await page.keyboard.press("ArrowDown");
    }
    // Trigger moves left of Order type: Alt+↑ three times from its place.
    await page.keyboard.press("Home");
    for (let i = 0; i < ORDER_COLUMNS.indexOf("Trigger"); i++) await page.keyboard.press("ArrowDown");
    for (let i = 0; i < 3; i++) await page.keyboard.press("Alt+ArrowUp");
    await page.keyboard.press("Escape");
    await expect(chooser).toBeHidden();
    await expect(head.filter({ hasText: /^Validity$/ })).toBeVisible();
    await expect(head.filter({ hasText: /^Order no\.$/ })).toBeVisible();
    await expect(slRow.locator('[data-col="validity"]')).toHaveText("DAY");
    await expect(slRow.locator('[data-col="orderNo"]')).toHaveText(slOrder);
    // The optional columns fold, Time before Product (gridColumns.ts: two orders of one instrument tell apart by product).
    await expect(head.filter({ hasText: /^Time$/ })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/chooser-more-columns-1680.png` });
    let shown = await visibleHeads();
    expect(shown.indexOf("Trigger")).toBeLessThan(shown.indexOf("Order type"));
    // Saved with the pane: a reload keeps them.
    await page.reload();
    await expect(head.filter({ hasText: /^Validity$/ })).toBeVisible();
    shown = await visibleHeads();
    expect(shown.indexOf("Trigger")).toBeLessThan(shown.indexOf("Order type"));
    // Hiding them again brings the folded Product and Time back, the pane's width unchanged.
    await page.keyboard.press("Alt+2");
    await page.keyboard.press("Alt+c");
    await expect(chooser).toBeVisible();
    for (const name of ["Validity", "Order no."]) {
      await chooser.getByRole("option", { name: new RegExp(name.replace(".", "\\.")) }).click();
      await page.keyboard.press("Space");
    }
    await page.keyboard.press("Escape");
    await expect(head.filter({ hasText: /^Validity$/ })).toHaveCount(0);
    await expect(head.filter({ hasText: /^Product$/ })).toBeVisible();
    await expect(head.filter({ hasText: /^Time$/ })).toBeVisible();

    // "Cancel" names one thing: the order's action is "Cancel order"; the confirmation's Esc button is "Close".
    await expect(slRow.locator('[data-col="actions"] button').filter({ hasText: "Cancel order" })).toHaveCount(1);
    // The row cursor onto the SL order by keys (the book may hold other tests' orders too).
    await page.keyboard.press("Home");
    for (let i = 0; i < 30 && (await slRow.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
    await expect(slRow).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Delete");
    const confirm = page.getByRole("dialog", { name: "Cancel order" });
    await expect(confirm.getByRole("button")).toHaveText([/^Close/, /^Cancel order/]);
    await page.screenshot({ path: `${SHOTS}/confirm-cancel-order-1680.png` });
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();

    // The Investing and Monitor layouts at both sizes and themes: the holdings keep Avg Price, LTP and
    // Net P&L inside their pane; the Monitor's orders keep the order type and the trigger. Looked at by hand.
    for (const layout of ["Investing", "Monitor"] as const) {
      await palette(page, `Layout: ${layout}`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const theme of ["dark", "light"] as const) {
          await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
          if (layout === "Investing") {
            const holdings = page.locator('.pane[data-view="holdings"]').getByRole("table", { name: "Holdings" });
            for (const name of ["Avg Price", "LTP", "Net P&L"]) await inside(holdings.getByRole("columnheader", { name, exact: true }));
          } else {
            await inside(ordersHead(page).filter({ hasText: /^Order type$/ }));
            await inside(ordersHead(page).filter({ hasText: /^Trigger$/ }));
            // The Monitor's chart drawn before the picture: its first one showed "Loading chart…".
            await expect(page.locator('.pane[data-view="chart"]').getByText("Loading chart…")).toHaveCount(0, { timeout: 20_000 });
          }
          await page.screenshot({ path: `${SHOTS}/${layout.toLowerCase()}-${size.width}-${theme}.png` });
          await page.keyboard.press("Alt+t");
        }
      }
    }
  } finally {
    await cancel(page, slOrder);
    await cancel(page, nrmlOrder);
    await cancel(page, slmOrder);
  }
});
