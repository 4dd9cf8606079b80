import fs from "node:fs";
import type { Page } from "@playwright/test";
import { commandLine, expect, shareOf, signIn, test, ownBroker } from "./fixtures";

/**
 * Issue 28, "The selection is an identity", keyboard only. "In Orders, cursor on RELIANCE, `m`,
 * new price, Enter: the list re-sorts and the cursor now sits on SBIN's SL order. In Positions
 * after `v`, the cursor moved to a NIFTY option and `x` opened an exit for it." Each test has a
 * paper broker of its own, so the books hold exactly the orders and positions it made.
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1680, height: 1000 } });

const SHOTS = "/tmp/shots-i28-cursor";
fs.mkdirSync(SHOTS, { recursive: true });

const broker = ownBroker({}, { perTest: true });

/** A price well under the market on the tick grid: a buy there rests in the book. */
const restingBuy = (c: { ltp: number; tickSize: number }) => Number((Math.floor((c.ltp * 0.9) / c.tickSize) * c.tickSize).toFixed(2));

const orders = (page: Page) => page.locator('[data-view="orders"]');
const orderRow = (page: Page, symbol: string) => orders(page).locator(`tr[data-order-no]:has-text("${symbol}")`);
const cursorRow = (page: Page) => orders(page).locator('tr[data-order-no][aria-selected="true"]');
const statusLine = (page: Page) => page.getByTestId("status-line");

async function placeResting(page: Page, symbol: string): Promise<void> {
  await commandLine(page, `buy ${symbol} 1 @ ${restingBuy(await shareOf(page, broker.url, symbol))}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  await expect(orderRow(page, symbol)).toBeVisible();
}

/** j until the cursor is on `row` (the rows are few; a bound keeps a wrong list from looping). */
async function cursorTo(page: Page, row: ReturnType<Page["locator"]>): Promise<void> {
  await page.keyboard.press("Home");
  for (let i = 0; i < 10 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png` });
  await page.keyboard.press("Alt+t");
  await page.screenshot({ path: `${SHOTS}/${name}-light.png` });
  await page.keyboard.press("Alt+t");
}

test("Orders: m on RELIANCE keeps its place; a new order re-sorts the book, the cursor is still on RELIANCE and i opens RELIANCE", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  for (const s of ["RELIANCE", "SBIN", "INFY", "TCS"]) await placeResting(page, s);
  await page.keyboard.press("]"); // Pending
  await expect(orders(page).getByRole("tab", { name: /^Pending/ })).toHaveAttribute("aria-selected", "true");
  const rows = orders(page).locator("tbody tr[data-order-no]");
  await expect(rows).toHaveCount(4);
  // Newest first: RELIANCE, placed first, is the last row.
  await expect(rows.nth(3)).toContainText("RELIANCE");

  await cursorTo(page, orderRow(page, "RELIANCE"));
  const relianceNo = await orderRow(page, "RELIANCE").getAttribute("data-order-no");

  // m: the modify window names RELIANCE; a new price, Enter.
  await page.keyboard.press("m");
  await expect(page.getByRole("dialog", { name: /RELIANCE.*\(modify\)/ })).toBeVisible();
  // A modify opens with the focus on the price (issue 29).
  await expect(page.locator("#ow-price")).toBeFocused();
  const lower = restingBuy(await shareOf(page, broker.url, "RELIANCE")) - 1;
  await page.keyboard.press("Control+a");
  await page.keyboard.type(lower.toFixed(2));
  await page.screenshot({ path: `${SHOTS}/orders-modify-window.png` });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();

  // The book lists orders by when they were placed: a modify does not move RELIANCE, and the cursor stays on it.
  await expect(rows.nth(3)).toContainText("RELIANCE");
  await expect(cursorRow(page)).toHaveAttribute("data-order-no", relianceNo!);
  // A new order re-sorts the book (HDFCBANK on top, every row a place down): the cursor goes with RELIANCE.
  await placeResting(page, "HDFCBANK");
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText("HDFCBANK");
  await expect(rows.nth(4)).toContainText("RELIANCE");
  await expect(cursorRow(page)).toHaveCount(1);
  await expect(cursorRow(page)).toContainText("RELIANCE");
  await expect(cursorRow(page)).toHaveAttribute("data-order-no", relianceNo!);
  await shoot(page, "orders-after-resort");

  // i: RELIANCE's info, by its order number.
  await page.keyboard.press("i");
  const info = page.getByRole("dialog", { name: new RegExp(`^Order ${relianceNo} · BUY 1 RELIANCE`) });
  await expect(info).toBeVisible();
  await expect(info.getByRole("table", { name: "Order information" })).toContainText("RELIANCE");
  // A resting LIMIT order has filled nothing: no average price (it read 0.00, a price of zero), as the book and the orders file leave it blank.
  await expect(info.getByRole("table", { name: "Order information" }).locator("tr", { hasText: "Average price" }).locator("td").nth(1)).toHaveText("--");
  await page.screenshot({ path: `${SHOTS}/orders-info-dialog.png` });
  await page.keyboard.press("Escape");
  await expect(info).toBeHidden();

  // Its row goes (Delete cancels it and it leaves Pending): the cursor is on the row now in its
  // place (the last, SBIN), and the status line says so; i opens SBIN.
  await page.keyboard.press("Delete");
  const confirm = page.getByRole("dialog", { name: "Cancel order" });
  await expect(confirm).toContainText("RELIANCE");
  await expect(confirm).toContainText(relianceNo!);
  await page.screenshot({ path: `${SHOTS}/orders-cancel-confirm.png` });
  await page.keyboard.press("Enter");
  await expect(rows).toHaveCount(4);
  await expect(cursorRow(page)).toContainText("SBIN");
  const sbinNo = await cursorRow(page).getAttribute("data-order-no");
  await expect(statusLine(page)).toHaveText(`RELIANCE-EQ order ${relianceNo} is no longer in Pending: cursor on SBIN-EQ order ${sbinNo}`);
  await shoot(page, "orders-row-gone-status-line");
  await page.keyboard.press("i");
  await expect(page.getByRole("dialog", { name: new RegExp(`^Order ${sbinNo} · BUY 1 SBIN`) })).toBeVisible();
});

test("Positions: v converts the whole position, the cursor follows it and x exits the same instrument", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/position", broker.url);
  const positions = page.getByTestId("positions");
  for (const s of ["WIPRO", "INFY", "SBIN"]) {
    await commandLine(page, `buy ${s} 1 intraday`);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
    await expect(positions.locator(`tr[data-symbol="${s}-EQ"][data-product="INTRADAY"] [data-field="netQuantity"]`)).toHaveText("1");
  }
  const wipro = positions.locator('tr[data-symbol="WIPRO-EQ"][data-product="INTRADAY"]');
  await page.keyboard.press("Home");
  for (let i = 0; i < 10 && (await wipro.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(wipro).toHaveAttribute("aria-selected", "true");

  // v: the dialog names WIPRO; Enter converts its whole quantity to DELIVERY.
  await page.keyboard.press("v");
  const dialog = page.getByRole("dialog", { name: "Convert position · WIPRO-EQ" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/positions-convert-dialog.png` });
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const delivered = positions.locator('tr[data-symbol="WIPRO-EQ"][data-product="DELIVERY"]');
  await expect(delivered.locator('[data-field="netQuantity"]')).toHaveText("1");
  // The INTRADAY row is gone (nothing is left bought or sold in it); the cursor went with the quantity, and says so.
  await expect(wipro).toHaveCount(0);
  await expect(delivered).toHaveAttribute("aria-selected", "true");
  await expect(positions.locator('tbody tr[aria-selected="true"]')).toHaveCount(1);
  await expect(statusLine(page)).toHaveText("WIPRO-EQ INTRADAY position converted to DELIVERY: cursor on WIPRO-EQ DELIVERY position");
  await shoot(page, "positions-after-convert");

  // x: the exit of the same instrument, the quantity just moved.
  await page.keyboard.press("x");
  await expect(page.getByRole("dialog", { name: /^Sell WIPRO-EQ \(exit\)/ })).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue("1");
  await page.screenshot({ path: `${SHOTS}/positions-exit-window.png` });
});
