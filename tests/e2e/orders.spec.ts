import type { Page } from "@playwright/test";
import { startBrokerProcess } from "../support/brokerProcess";
import { api, cancelWorking, commandLine, expect, orderBook, shareOf, signIn, test, token } from "./fixtures";

/**
 * Issue 5, "Shown by", keyboard only: the palette's command line places a pending order, `m`
 * modifies it, `Delete` cancels it; a market buy completes with the spec's toast and reaches the
 * trade book and positions; a refused order says why; ten fast Enters place one order; outside
 * market hours the window opens as the AMO it places and asks for the spec's AMO confirmation
 * before placing it (a second broker, its clock in the evening).
 */
test.describe.configure({ mode: "serial" });

const onTick = (price: number, tick: number) => Number((Math.floor(price / tick) * tick).toFixed(2));

const ordersPane = (page: Page) => page.locator('[data-view="orders"]');
const tab = (page: Page, name: string) => ordersPane(page).getByRole("tab", { name: new RegExp(`^${name}`) });

test("a pending order from the command line, modified with m and cancelled with Delete", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders");
  const base = process.env.TAPE_URL!;
  const infy = await shareOf(page, base, "INFY");
  const below = onTick(infy.ltp * 0.95, infy.tickSize);
  // Earlier specs on this worker's broker leave DEMO1's resting orders; the Pending count below is this test's own.
  await cancelWorking(page, base);

  await commandLine(page, `buy INFY 10 @ ${below}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();

  await page.keyboard.press("]");
  await expect(tab(page, "Pending")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Pending").locator(".tab-count")).toHaveText("1");
  const row = ordersPane(page).locator("tbody tr").first();
  await expect(row).toContainText("INFY");
  await expect(row).toContainText("OPEN");
  await page.screenshot({ path: "/tmp/orders-pending.png" });

  // m: the modify window opens on the order; Tab from quantity reaches the price.
  const lower = onTick(below - 5, infy.tickSize);
  await page.keyboard.press("m");
  await expect(page.getByRole("dialog", { name: /\(modify\)/ })).toBeVisible();
  // A modify opens with the focus on the price (issue 29).
  await expect(page.locator("#ow-price")).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(String(lower));
  await page.screenshot({ path: "/tmp/order-window-modify.png" });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  await expect.poll(async () => (await orderBook(page, base)).find((o) => o.tradingSymbol.startsWith("INFY"))?.price).toBe(lower);

  // Delete: the cancel dialog; Enter confirms.
  await page.keyboard.press("Delete");
  await expect(page.getByRole("dialog", { name: "Cancel order" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(tab(page, "Pending").locator(".tab-count")).toHaveText("0");
  await expect.poll(async () => (await orderBook(page, base))[0]?.orderStatus).toBe("cancelled");
});

test("a market buy completes with its toast and reaches the trade book and positions", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders");
  const base = process.env.TAPE_URL!;
  await commandLine(page, "buy INFY 3");
  await page.keyboard.press("Enter");
  // Issue 28: "Filled: Qty {q} {side} {tradingSymbol} @ ₹{average traded price} ({type} Order) {product}, order {no}".
  await expect(page.getByText(/^Filled: Qty 3 BUY INFY-EQ @ ₹[\d,]+\.\d{2} \(MARKET Order\) (DELIVERY|INTRADAY|NRML|BNPL), order \S+$/)).toBeVisible();
  // The feed's toast can arrive before the place answer closes the window; keys go to the pane only after.
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();

  // Executed (tab 2) shows the trade book.
  await page.keyboard.press("]");
  await page.keyboard.press("]");
  await expect(tab(page, "Executed")).toHaveAttribute("aria-selected", "true");
  const trades = ordersPane(page).getByRole("table", { name: "Trades" });
  await expect(trades).toContainText("INFY");
  await expect(trades).toContainText("COMPLETE");
  await page.screenshot({ path: "/tmp/orders-executed.png" });

  // i: the info dialog with its Information and History tabs.
  await page.keyboard.press("i");
  const info = page.getByRole("dialog", { name: /^Order / });
  await expect(info.getByRole("table", { name: "Order information" })).toContainText("COMPLETE");
  await page.keyboard.press("ArrowRight");
  await expect(info.getByRole("table", { name: "Order history" })).toContainText("COMPLETE");
  await page.keyboard.press("Escape");
  await expect(info).toBeHidden();

  const positions = await api<{ tradingSymbol: string; netQuantity: number }>(page.request, base, await token(page), "/core/v2/positions", {});
  expect(positions.result.find((p) => p.tradingSymbol.startsWith("INFY"))?.netQuantity).toBeGreaterThanOrEqual(3);
});

test("a refused order says why: insufficient margin with the add-funds prompt", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders");
  const infy = await shareOf(page, process.env.TAPE_URL!, "INFY");
  await commandLine(page, `buy INFY 990000 @ ${onTick(infy.ltp, infy.tickSize)}`);
  await page.keyboard.press("Enter");
  const prompt = page.getByRole("alertdialog", { name: "Insufficient margin" });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText("Add funds");
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  await expect(page.getByRole("form", { name: "Order window" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
});

test("Enter pressed 10 times fast in the order window places one order", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders");
  const base = process.env.TAPE_URL!;
  const infy = await shareOf(page, base, "INFY");
  const before = (await orderBook(page, base)).length;
  await commandLine(page, `buy INFY 2 @ ${onTick(infy.ltp * 0.9, infy.tickSize)}`);
  for (let i = 0; i < 10; i++) await page.keyboard.press("Enter", { delay: 0 });
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
  await page.keyboard.press("Escape");
  await expect.poll(async () => (await orderBook(page, base)).length).toBe(before + 1);
  // And it stays one: no late duplicate.
  await page.waitForLoadState("networkidle");
  expect((await orderBook(page, base)).length).toBe(before + 1);
});

/** A second paper broker whose clock is in the evening, when every exchange takes AMOs only. */
const eveningBroker = () => startBrokerProcess({ SIM_TIME: "2026-11-24T20:00:00+05:30" });

test("outside market hours the window opens as the AMO it places, and the AMO confirmation asks before it is placed", async ({ page }) => {
  const broker = await eveningBroker();
  try {
    await signIn(page, "DEMO1", "/main/orders", broker.url);
    const infy = await shareOf(page, broker.url, "INFY");
    await commandLine(page, `buy INFY 1 @ ${onTick(infy.ltp * 0.97, infy.tickSize)}`);
    // "The market-status answer marks an exchange as AMO when its entry has AMO = Y": shown from the opening.
    await expect(page.getByTestId("ow-amo-note")).toContainText("Market closed: this order goes as an AMO (after-market order) at the open");
    await expect(page.getByRole("form", { name: "Order window" }).getByRole("checkbox", { name: "AMO" })).toBeChecked();
    await page.keyboard.press("Enter");
    // trading-core's "AMO (after-market order) confirmation".
    const prompt = page.getByRole("alertdialog", { name: "Market is closed" });
    await expect(prompt).toBeVisible();
    await page.screenshot({ path: "/tmp/order-window-amo.png" });
    await expect(prompt.getByRole("button", { name: /Place AMO/ })).toBeFocused();
    // Its Esc button says what Esc does, back to the window (issue 29: "Cancel" is an order's word, not a dialog's).
    await expect(prompt.getByRole("button")).toHaveText([/^Back\s*Esc$/, /^Place AMO\s*Enter$/]);
    await page.keyboard.press("Escape");
    await expect(prompt).toBeHidden();
    await expect(page.getByRole("form", { name: "Order window" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(prompt.getByRole("button", { name: /Place AMO/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();
    await expect.poll(async () => (await orderBook(page, broker.url))[0]?.orderStatus).toBe("after market order req received");
  } finally {
    await broker.stop();
  }
});
