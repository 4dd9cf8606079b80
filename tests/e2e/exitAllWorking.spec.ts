import { api, cancelWorking, expect, ownBroker, palette, setTheme, signIn, test, token } from "./fixtures";

/**
 * Exit all beside a working exit (rules/exitWorking.ts, the rule x follows): long NIFTY26DECFUT 75
 * NRML (DEMO1's carried future) with the trader's SELL 75 LIMIT resting above the price. Exit all
 * sent another SELL 75 at market, and the position ended short once the LIMIT filled. The preview
 * now sends no exit for it and names the order that already exits it. Aborted with Esc: nothing is
 * sent. A broker of this file's own with no ticks.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots";

test("Exit all leaves out the future a working SELL 75 LIMIT already exits, and says which order does", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/position", broker.url);
  await palette(page, "Layout: Single pane");
  const bearer = await token(page);
  const call = <T,>(p: string, data: unknown) => api<T>(page.request, broker.url, bearer, p, data);
  const fut = (await call<{ tradingSymbol: string; token: string; netQuantity: number; ltp: number }>("/core/v2/positions", {})).result.find((p) => p.tradingSymbol === "NIFTY26DECFUT" && p.netQuantity === 75)!;
  // 500 above the price (a multiple of the 0.05 tick): it rests.
  const price = Math.round(fut.ltp) + 500;
  const placed = await call<{ orderNo: string }>("/core/v2/orders/", { exchange: "NSEFO", instrumentId: fut.token, transactionType: "SELL", quantity: 75, product: "NORMAL", orderType: "LIMIT", price, validity: "DAY" });
  expect(placed.status).toBe("Ok");
  const orderNo = placed.result[0]!.orderNo;

  await palette(page, "Exit all positions");
  const preview = page.getByTestId("bulk-preview");
  await expect(preview).toContainText("Working orders already exiting:");
  await expect(preview).toContainText(`NIFTY26DECFUT NRML 75: SELL 75 @ ${price.toLocaleString("en-IN", { minimumFractionDigits: 2 })}, order ${orderNo}, already exits all 75: not sent`);
  await expect(preview).not.toContainText("Exit Qty 75 SELL NIFTY26DECFUT");
  // The product as the screens write it: the option exits "NRML", not the wire's "NORMAL".
  await expect(preview).toContainText(/Exit Qty 75 SELL NIFTY\w+CE NRML at market/);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/exit-all-working-1680-${theme}.png` });
  }
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();
});

test("a SELL 75 that fills during Exit all's countdown: the future's exit is cut to 0 when sent, and the position ends flat, not short", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/position", broker.url);
  await cancelWorking(page, broker.url);
  const bearer = await token(page);
  const call = <T,>(p: string, data: unknown) => api<T>(page.request, broker.url, bearer, p, data);
  const future = async () => (await call<{ tradingSymbol: string; token: string; netQuantity: number; product: string }>("/core/v2/positions", {})).result.find((p) => p.tradingSymbol === "NIFTY26DECFUT" && p.product === "NORMAL")!;
  const fut = await future();
  expect(fut.netQuantity).toBe(75);

  await palette(page, "Exit all positions");
  const preview = page.getByTestId("bulk-preview");
  await expect(preview).toContainText("Exit Qty 75 SELL NIFTY26DECFUT NRML at market");
  // Another device sells the 75 at market during the 3 s.
  const sold = await call("/core/v2/orders/", { exchange: "NSEFO", instrumentId: fut.token, transactionType: "SELL", quantity: 75, product: "NORMAL", orderType: "MARKET", price: 0, validity: "DAY" });
  expect(sold.status).toBe("Ok");
  await expect(preview).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText(/[Cc]ut when sent: Qty 75 SELL NIFTY26DECFUT: 0 sent, 0 open now/)).toBeVisible();
  expect((await future()).netQuantity).toBe(0);
});
