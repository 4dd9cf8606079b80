import fs from "node:fs";
import type { Page } from "@playwright/test";
import { api, expect, ownBroker, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * An explorer's findings (BO/CO): `m` on a BO/CO sub-leg opens that leg alone, in its own order type,
 * with only its modifiable figure ("Only price is modifiable on sub-leg orders": a target's limit price,
 * a stop's trigger); Enter sends that one change and the broker's book shows it, the main's stop too.
 * Cancel all's preview lists only what the broker's cancel all cancels and says the legs stay.
 */
const SHOTS = "/tmp/shots/boco";
fs.mkdirSync(SHOTS, { recursive: true });

// In market hours: the BO and CO entries fill, and their legs work.
const broker = ownBroker({ SIM_TIME: "2026-11-25T11:00:00+05:30" });
test.use({ viewport: { width: 1680, height: 1000 } });

interface Row { orderNo: string; mainLegOrderId: string; orderType: string; orderStatus: string; price: number; triggerPrice: number; slTriggerPrice: number; targetPrice: number; stopLossPrice: number; quantity: number }
const book = async (page: Page) => (await api<Row>(page.request, broker.url, await token(page), "/core/v2/orders/book", {})).result;
const rowOf = async (page: Page, no: string) => (await book(page)).find((o) => o.orderNo === no)!;
const isOpen = (o: Row) => o.orderStatus === "open" || o.orderStatus === "trigger pending";
const orders = (page: Page) => page.locator('[data-view="orders"]');
const form = (page: Page) => page.getByRole("form", { name: "Order window" });
const onTick = (p: number, t: number) => Number((Math.round(p / t) * t).toFixed(2));

async function place(page: Page, order: Record<string, unknown>): Promise<string> {
  const r = await api<{ orderNo: string }>(page.request, broker.url, await token(page), "/core/v2/orders", {
    exchange: "NSEEQ", transactionType: "BUY", quantity: 1, product: "INTRADAY", validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0, ...order,
  });
  expect(r.status, r.message).toBe("Ok");
  return r.result[0]!.orderNo;
}

async function legsOf(page: Page, main: string, count: number): Promise<Row[]> {
  await expect.poll(async () => (await book(page)).filter((o) => o.mainLegOrderId === main && isOpen(o)).length, { timeout: 20_000 }).toBe(count);
  return (await book(page)).filter((o) => o.mainLegOrderId === main);
}

async function cursorTo(page: Page, orderNo: string): Promise<void> {
  const row = orders(page).locator(`tr[data-order-no="${orderNo}"]`);
  await expect(row).toBeVisible();
  await page.keyboard.press("Home");
  for (let i = 0; i < 12 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

/** `m` on the leg, a new figure in the field the window opened on, Enter. */
async function modifyLeg(page: Page, orderNo: string, field: "#ow-price" | "#ow-trigger", value: number): Promise<void> {
  await cursorTo(page, orderNo);
  await page.keyboard.press("m");
  await expect(form(page)).toBeVisible();
  await expect(page.locator(field)).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(value.toFixed(2));
  await page.keyboard.press("Enter");
  await expect(form(page)).toBeHidden();
}

test("m on a BO target, a BO stop and a CO stop changes that leg's one figure; cancel all says the legs stay", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  const infy = await shareOf(page, broker.url, "INFY");
  const t = infy.tickSize;
  const entry = onTick(infy.ltp * 1.01, t);
  const bo = await place(page, { instrumentId: String(infy.token), orderComplexity: "BO", orderType: "LIMIT", price: entry, targetPrice: onTick(entry * 1.05, t), stopLossPrice: onTick(entry * 0.95, t), trailingSlAmount: 0 });
  const legs = await legsOf(page, bo, 2);
  const target = legs.find((l) => l.orderType === "LIMIT")!;
  const stop = legs.find((l) => l.orderType === "SLM")!;

  // The target leg's window: the leg alone (no Target / Stop-loss fields, no Book profit box), its price only.
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await cursorTo(page, target.orderNo);
    await page.keyboard.press("m");
    await expect(page.getByTestId("ow-leg")).toHaveText(/BO target leg: only its price can change/);
    await expect(page.locator("#ow-target")).toHaveCount(0);
    await expect(page.locator("#ow-quantity")).toBeDisabled();
    await expect(page.locator("#ow-trigger")).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/bo-target-modify-${theme}.png` });
    await page.keyboard.press("Escape");
    await expect(form(page)).toBeHidden();
  }
  await setTheme(page, "dark");

  const newTarget = onTick(target.price + 10 * t, t);
  await modifyLeg(page, target.orderNo, "#ow-price", newTarget);
  await expect.poll(async () => (await rowOf(page, target.orderNo)).price).toBe(newTarget);
  expect(await rowOf(page, target.orderNo)).toMatchObject({ orderType: "LIMIT", quantity: 1 });

  // The stop leg stays an SL-M: its trigger is the field it opens on, and no price is made up.
  await cursorTo(page, stop.orderNo);
  await page.keyboard.press("m");
  await expect(page.locator('select[name="priceType"]')).toHaveValue("SLM");
  await expect(page.locator("#ow-price")).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/bo-stop-modify-dark.png` });
  await page.keyboard.press("Escape");
  const newStop = onTick(stop.triggerPrice + 10 * t, t);
  await modifyLeg(page, stop.orderNo, "#ow-trigger", newStop);
  await expect.poll(async () => (await rowOf(page, stop.orderNo)).triggerPrice).toBe(newStop);
  expect(await rowOf(page, stop.orderNo)).toMatchObject({ orderType: "SLM", quantity: 1 });
  // The main's bracket follows its legs.
  expect(await rowOf(page, bo)).toMatchObject({ targetPrice: newTarget, stopLossPrice: newStop });

  // A CO: its SL-M stop's trigger, and the main row's Trigger says the new stop.
  const co = await place(page, { instrumentId: String(infy.token), orderComplexity: "CO", orderType: "MARKET", price: 0, slTriggerPrice: onTick(infy.ltp * 0.95, t) });
  const [coStop] = await legsOf(page, co, 1);
  const newCoStop = onTick(coStop!.triggerPrice + 5 * t, t);
  await modifyLeg(page, coStop!.orderNo, "#ow-trigger", newCoStop);
  await expect.poll(async () => (await rowOf(page, coStop!.orderNo)).triggerPrice).toBe(newCoStop);
  expect((await rowOf(page, co)).slTriggerPrice).toBe(newCoStop);
  // The CO MAIN row showed the old stop (Trigger 5,500.00 after the leg moved to 5,510).
  const rupee = (n: number) => n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(orders(page).locator(`tr[data-order-no="${co}"] td[data-field="trigger"]`)).toHaveText(rupee(newCoStop));

  // Cancel all with the three legs working and one plain resting order: only that order is previewed and cancelled.
  const plain = await place(page, { instrumentId: String(infy.token), orderComplexity: "REGULAR", product: "DELIVERY", orderType: "LIMIT", price: onTick(infy.ltp * 0.9, t) });
  await expect(orders(page).locator(`tr[data-order-no="${plain}"]`)).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await page.keyboard.press("Shift+Delete");
    const preview = page.getByTestId("bulk-preview");
    await expect(preview).toContainText("Cancel 1 open order");
    await expect(preview).toContainText("3 BO/CO legs stay: exit their positions to close them.");
    await page.screenshot({ path: `${SHOTS}/cancel-all-preview-${theme}.png` });
    if (theme === "light") {
      await page.keyboard.press("Escape");
      await expect(preview).toBeHidden();
    }
  }
  await expect(page.getByTestId("bulk-preview")).toBeHidden({ timeout: 10_000 });
  const toast = page.locator(".toasts").getByText(/^Cancel all open orders: done/);
  await expect(toast).toContainText("3 BO/CO legs stay: exit their positions to close them", { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/cancel-all-toast-dark.png` });
  expect((await rowOf(page, plain)).orderStatus).toBe("cancelled");
  expect((await book(page)).filter((o) => o.mainLegOrderId !== "" && isOpen(o))).toHaveLength(3);
});
