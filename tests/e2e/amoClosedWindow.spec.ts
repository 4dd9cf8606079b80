import type { Page } from "@playwright/test";
import { startBrokerProcess } from "../support/brokerProcess";
import { api, commandLine, expect, setTheme, signIn, test, token } from "./fixtures";

/**
 * FINDINGS-30 4: past 15:30 IST, `buy TCS 1 @ 2200 intraday` opened as "Product INTRADAY · Margin
 * ₹440.00 · INTRADAY: 20% of value" with AMO unticked; only a question after Enter made it the DELIVERY
 * AMO that was blocked at 100 %. trading-core §4: "The market-status answer marks an exchange as AMO
 * when its entry has AMO = Y"; "INTRADAY is disabled under AMO"; "MARKET and SLM are disabled when the
 * order is AMO". DESIGN.md §1: what the window shows is what it sends, from the moment it opens.
 */

interface Booked {
  orderNo: string;
  product: string;
  orderComplexity: string;
  price: number;
  quantity: number;
}

const SHOTS = "/tmp/shots/amo-closed";
const form = (page: Page) => page.getByRole("form", { name: "Order window" });

test("past the close, `buy TCS 1 @ 2200 intraday` opens as the DELIVERY AMO it sends, priced at 100 %, and the AMO confirmation's Enter places it as shown", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  // 15:35 IST on a trading day: NSEEQ's market-status entry has AMO = Y.
  const broker = await startBrokerProcess({ SIM_TIME: "2026-12-07T15:35:00+05:30" });
  try {
    // The dashboard: panes side by side, the window over them.
    await signIn(page, "DEMO1", "/dashboard", broker.url);
    await commandLine(page, "buy TCS 1 @ 2200 intraday");
    await expect(form(page)).toBeVisible();
    const amo = form(page).getByRole("checkbox", { name: "AMO" });
    await expect(amo).toBeChecked();
    // Ticked by the market, not by the trader: it cannot be unticked while the exchange is closed.
    await expect(amo).toBeDisabled();
    await expect(amo).toHaveAttribute("title", "NSEEQ is closed (its market status says AMO = Y): the broker takes only after-market orders until the open");
    const product = page.locator('select[name="product"]');
    await expect(product).toHaveValue("DELIVERY");
    await expect(product.locator('option[value="INTRADAY"]')).toBeDisabled();
    await expect(product.locator('option[value="INTRADAY"]')).toHaveText("INTRADAY is disabled under AMO");
    const priceType = page.locator('select[name="priceType"]');
    await expect(priceType.locator('option[value="MARKET"]')).toBeDisabled();
    await expect(priceType.locator('option[value="SLM"]')).toBeDisabled();
    // The typed `intraday` is said, not dropped.
    await expect(form(page).getByRole("alert")).toHaveText(
      "Not as typed. INTRADAY is not possible now: NSEEQ is closed, so this order goes as an AMO (after-market order), and INTRADAY is disabled under AMO: the product is DELIVERY.",
    );
    await expect(form(page).getByTestId("ow-amo-note")).toHaveText("Market closed: this order goes as an AMO (after-market order) at the open. INTRADAY, MARKET and SLM are disabled under AMO");
    // DELIVERY's margin: the whole value, 1 × 2,200 (INTRADAY's would be a fifth, ₹440.00).
    await expect(form(page).getByTestId("ow-margin")).toHaveText("₹2,200.00");
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      await page.screenshot({ path: `${SHOTS}/window-1680x1000-${theme}.png` });
    }
    await setTheme(page, "dark");

    const book = async () => (await api<Booked>(page.request, broker.url, await token(page), "/core/v2/orders/book", {})).result ?? [];
    const before = new Set((await book()).map((o) => o.orderNo));
    await page.locator("#ow-quantity").focus();
    // The spec's AMO confirmation, then its Enter: placed as the window showed it (nothing changed by the answer).
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog", { name: "Market is closed" }).getByRole("button", { name: /Place AMO/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form(page)).toBeHidden();
    await expect(page.getByText(/AMO placed: Qty 1 BUY TCS-EQ @ ₹2,200\.00 \(LIMIT Order\) DELIVERY, order \d+/)).toBeVisible();
    const added = (await book()).filter((o) => !before.has(o.orderNo));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ product: "DELIVERY", orderComplexity: "AMO", price: 2200, quantity: 1 });
  } finally {
    await broker.stop();
  }
});
