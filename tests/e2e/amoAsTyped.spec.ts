import type { Page } from "@playwright/test";
import { startBrokerProcess } from "../support/brokerProcess";
import { api, commandLine, expect, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * A line's `amo` (trading-core, Order window: "MARKET and SLM are disabled when the order is AMO";
 * "The market-status answer marks an exchange as AMO when its entry has AMO = Y"). The window never
 * changes an order behind the trader's back: what it could not take as typed it says, in the
 * spec's words, with the price it filled in; and the broker's book holds what the window showed.
 */

interface Booked {
  orderNo: string;
  orderType: string;
  orderComplexity: string;
  price: number;
  quantity: number;
}

async function book(page: Page, base: string): Promise<Booked[]> {
  return (await api<Booked>(page.request, base, await token(page), "/core/v2/orders/book", {})).result ?? [];
}

/** Enter in the window, and the order the broker booked from it. */
async function enterAndCapture(page: Page, base: string): Promise<Booked> {
  const before = new Set((await book(page, base)).map((o) => o.orderNo));
  await page.keyboard.press("Enter");
  let added: Booked[] = [];
  await expect.poll(async () => (added = (await book(page, base)).filter((o) => !before.has(o.orderNo))).length, { timeout: 15_000 }).toBe(1);
  return added[0]!;
}

const form = (page: Page) => page.getByRole("form", { name: "Order window" });
const rupees = (n: number) => n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("`buy INFY 1 amo` after hours: a LIMIT at the last price, said plainly as the spec's rule, and booked as shown", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  // A broker whose clock is in the evening: every exchange's entry has AMO = Y.
  const broker = await startBrokerProcess({ SIM_TIME: "2026-11-24T20:00:00+05:30" });
  try {
    await signIn(page, "DEMO1", "/main/orders", broker.url);
    const infy = await shareOf(page, broker.url, "INFY");
    await commandLine(page, "buy INFY 1 amo");
    // The window's price is the last price on INFY's 0.05 tick (a closed market does not move it).
    const last = Math.round(infy.ltp / infy.tickSize) * infy.tickSize;
    await expect(form(page).getByRole("alert")).toHaveText(`Not as typed. An AMO is a LIMIT order at the exchange: MARKET is not offered for AMO; the price is filled from the last price ${rupees(last)}: check it.`);
    await expect(page.locator('select[name="priceType"]')).toHaveValue("LIMIT");
    await expect(page.locator("#ow-price")).toHaveValue(String(Number(last.toFixed(2))));
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      await page.screenshot({ path: `/tmp/shots/entry/amo-market-line-1680x1000-${theme}.png` });
    }
    await page.locator("#ow-quantity").focus();
    const booked = await enterAndCapture(page, broker.url);
    expect(booked).toMatchObject({ orderComplexity: "AMO", orderType: "LIMIT", price: Number(last.toFixed(2)), quantity: 1 });
  } finally {
    await broker.stop();
  }
});

test("`buy INFY 1 @ P amo` while NSE is open: AMO is not offered then, the window says so before Enter, and AMO once unticked cannot be ticked", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  // The worker's broker opens at 10:00 on a trading day: NSEEQ's entry has AMO = N.
  await signIn(page, "DEMO1", "/main/orders");
  const infy = await shareOf(page, baseURL!, "INFY");
  const p = Math.floor(infy.ltp * 0.9);
  await commandLine(page, `buy INFY 1 @ ${p} amo`);
  await expect(form(page).getByRole("alert")).toContainText("AMO is not offered now: NSEEQ is open (its market status says AMO = N), and an after-market order is taken only while the market is closed");
  const amo = form(page).getByRole("checkbox", { name: "AMO" });
  // What was typed stays (turned off by itself, the order would go at once, which was not asked).
  await expect(amo).toBeChecked();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/shots/entry/amo-while-open-1680x1000-${theme}.png` });
  }
  await amo.uncheck();
  await expect(amo).toBeDisabled();
  await page.locator("#ow-quantity").focus();
  const booked = await enterAndCapture(page, baseURL!);
  expect(booked).toMatchObject({ orderComplexity: "REGULAR", orderType: "LIMIT", price: p, quantity: 1 });
});
