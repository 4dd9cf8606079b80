import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, ownBroker, palette, runLine, setTheme, shareOf, signIn, test } from "./fixtures";

/**
 * "The product shown is the product sent": every screen names a product by one rule (core/format.ts
 * productLabel, trading-core section 5's Chosen words): NRML, DELIVERY, INTRADAY, BNPL, BO, CO. No
 * screen shows the wire's NORMAL, nor another screen's "Delivery"/"Intraday" (the order window, a
 * basket leg's editor and Settings had their own maps). Positions, the convert dialog, the order
 * window (F&O and equity), Orders and a basket with its leg editor, each shot dark and light at
 * 1680x1000. A broker of this file's own with a frozen market: DEMO1's seeded books.
 */
test.describe.configure({ mode: "serial" });
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/h2-shots";
const SPEC_WORDS = ["NRML", "DELIVERY", "INTRADAY", "BNPL", "BO", "CO"];
const NOT_SHOWN = /\bNORMAL\b|\bDelivery\b|\bIntraday\b|\bCNC\b|\bMIS\b/;

const optionTexts = (select: Locator) => select.locator("option").allTextContents();

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}-1680x1000.png` });
  }
}

test("Positions, convert, the order window, Orders and baskets name each product in the spec's words", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".workspace .pane")).toHaveCount(1);
  await palette(page, "Go to Positions");

  // Positions: DEMO1 carries NORMAL positions (the wire's word); they read NRML.
  const grid = page.locator('[data-testid="positions"]');
  const nrml = grid.locator('tr[data-product="NORMAL"]').first();
  await expect(nrml).toBeVisible();
  await expect(nrml).toContainText("NRML");
  expect(await grid.innerText()).not.toMatch(NOT_SHOWN);
  await shots(page, "positions");

  // The convert dialog on that row: "now NRML", to INTRADAY.
  for (let i = 0; i < 30 && (await nrml.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(nrml).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("v");
  const convert = page.getByRole("dialog", { name: /Convert position/ });
  await expect(convert).toContainText("now NRML");
  expect(await optionTexts(convert.getByLabel("To product"))).toEqual(["INTRADAY"]);
  expect(await convert.innerText()).not.toMatch(NOT_SHOWN);
  await shots(page, "convert");
  await page.keyboard.press("Escape");
  await expect(convert).toBeHidden();

  // The order window: an option offers NRML and INTRADAY; a share DELIVERY and INTRADAY (and BNPL where it may).
  const window = page.getByRole("form", { name: "Order window" });
  await commandLine(page, "buy NIFTY ATM CE 75");
  expect(await optionTexts(window.locator('select[name="product"]'))).toEqual(["NRML", "INTRADAY"]);
  expect(await window.innerText()).not.toMatch(NOT_SHOWN);
  await shots(page, "order-window-fo");
  await page.keyboard.press("Escape");
  await expect(window).toBeHidden();
  const infy = await shareOf(page, broker.url, "INFY");
  const price = Math.floor(infy.ltp * 0.97);
  await commandLine(page, `buy INFY 1 @ ${price}`);
  const offered = await optionTexts(window.locator('select[name="product"]'));
  expect(offered.slice(0, 2)).toEqual(["DELIVERY", "INTRADAY"]);
  for (const w of offered) expect(SPEC_WORDS).toContain(w);
  await expect(window.getByText("DELIVERY: 100% of value")).toBeVisible();
  expect(await window.innerText()).not.toMatch(NOT_SHOWN);
  await shots(page, "order-window-equity");
  await page.keyboard.press("Enter");
  await expect(window).toBeHidden();

  // Orders: the INFY order just placed reads DELIVERY; no NORMAL anywhere in the book.
  await palette(page, "Go to Orders");
  const orders = page.locator(".pane-focused");
  await expect(orders.getByRole("table", { name: "Orders" }).locator("tr", { hasText: "INFY-EQ" }).first()).toContainText("DELIVERY");
  expect(await orders.innerText()).not.toMatch(NOT_SHOWN);
  await shots(page, "orders");

  // A basket: its NRML leg in the list, and the leg's editor offering NRML and INTRADAY.
  await runLine(page, "basket new words1", "basket.line");
  await expect(page.getByText("Basket words1 created")).toBeVisible();
  await runLine(page, "basket add words1 buy NIFTY ATM CE 75", "basket.line");
  await expect(page.getByText(/^Added to words1: Qty 75 BUY NIFTY\w+CE \(MARKET Order\) NRML/)).toBeVisible();
  await runLine(page, "Baskets", "basket.open");
  const view = page.getByTestId("baskets");
  const leg = view.locator("tr.basket-leg").first();
  await expect(leg.locator('[data-field="product"]')).toHaveText("NRML");
  expect(await view.innerText()).not.toMatch(NOT_SHOWN);
  await shots(page, "baskets");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowDown");
  await expect(leg).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("e");
  const edit = page.getByRole("dialog", { name: /^Edit leg / });
  await expect(edit).toBeVisible();
  expect(await optionTexts(edit.getByLabel("Product"))).toEqual(["NRML", "INTRADAY"]);
  expect(await edit.innerText()).not.toMatch(NOT_SHOWN);
  await shots(page, "basket-leg");
  await page.keyboard.press("Escape");
});
