import { api, commandLine, expect, palette, setTheme, signIn, test, token, ownBroker } from "./fixtures";

/**
 * Issue 33, the daily loss limit's figures (an explorer's finding): the dialog showed "Today ₹0.00"
 * beside open positions, the limit tripped seconds after it was saved at ₹2,647.50, the limits call
 * then said used 1,617.50 left 382.50 and the dialog "Today ₹233.75"; orders were refused with the
 * kill switch's EC710 though the trader never turned it on. README: the loss is measured from the
 * day's start, "the dialog shows how far each limit is from tripping", and EC712 "Daily loss limit
 * reached: trading is stopped for the rest of the day". A broker of this file's own (TICK_HZ=0).
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots";

test("a limit the day's loss is already past: the dialog says so before Enter and asks again; after the trip it shows the trip's amount, and the order window says EC712", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  // DEMO2 carries no positions in: the day's P&L is the INFY bought here alone.
  await signIn(page, "DEMO2", "/dashboard", broker.url);
  const bearer = await token(page);
  const call = async <T,>(p: string, data: unknown = {}) => api<T>(page.request, broker.url, bearer, p, data);
  const infy = (await call<{ token: string; tradingSymbol: string }>("/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
  const setInfy = async (price: number) => {
    const res = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: Number(infy.token), price } });
    expect(((await res.json()) as { status: string }).status).toBe("Ok");
  };

  await commandLine(page, "buy INFY 10 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  await expect.poll(async () => (await call<{ tradingSymbol: string; netQuantity: number }>("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")?.netQuantity ?? 0).toBe(10);
  const cost = (await call<{ tradingSymbol: string; buyPrice: number }>("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!.buyPrice;
  // One order resting well under the price: the trip cancels it.
  const resting = await call("/core/v2/orders/", { exchange: "NSEEQ", instrumentId: infy.token, transactionType: "BUY", quantity: 1, product: "INTRADAY", orderType: "LIMIT", price: Math.floor(cost * 0.95), validity: "DAY" });
  expect(resting.status).toBe("Ok");
  // 30 under the cost: the day has lost 10 x 30 = ₹300.00, before any limit is set.
  await setInfy(cost - 30);

  await palette(page, "Loss limits");
  const dialog = page.getByRole("dialog", { name: "Daily loss limits" });
  const loss = dialog.locator('[data-limit="loss"]');
  await expect(loss.locator('[data-field="used"]')).toHaveText("₹300.00");
  await expect(dialog.getByLabel("Maximum loss, ₹ (realised + unrealised)")).toBeFocused();
  await page.keyboard.type("200");
  const warning = dialog.getByTestId("loss-limits-warning");
  await expect(warning).toHaveText("Today's loss ₹300.00 is already past ₹200.00: saving trips the limit now: cancels 1 open order and stops trading for the day");
  await expect(dialog.getByRole("button", { name: /Save and trip now/ })).toBeVisible();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/loss-limit-past-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  // The first Enter only asks again: nothing is saved yet.
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("Saving trips the limit now and cannot be undone today: Enter again to save, Esc to leave the limits as they are");
  expect((await call<{ maxLoss: number; tripped: string }>("/core/v2/risk/limits")).result[0]).toMatchObject({ maxLoss: 0, tripped: "" });
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Daily loss limit reached: trading is stopped for the rest of the day \(Maximum loss: ₹300\.00 of ₹200\.00\); 1 open order cancelled/)).toBeVisible();

  // The price comes back above the cost: the day still shows the ₹300.00 it tripped at.
  await setInfy(cost + 5);
  await palette(page, "Loss limits");
  await expect(dialog.getByRole("columnheader", { name: "At the trip" })).toBeVisible();
  await expect(loss.locator('[data-field="used"]')).toHaveText("₹300.00");
  await expect(loss.locator('[data-field="left"]')).toHaveText("tripped");
  await expect(dialog.getByTestId("loss-limits-tripped")).toContainText("(Maximum loss: ₹300.00 of ₹200.00)");
  const row = (await call<{ dayPnl: number; headroom: Array<{ used: number; left: number }> }>("/core/v2/risk/limits")).result[0]!;
  expect([row.dayPnl, row.headroom[0]!.used, row.headroom[0]!.left]).toEqual([-300, 300, 0]);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/loss-limit-tripped-dialog-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The trader never turned the kill switch on: the order window says it was the loss limit.
  await commandLine(page, "buy INFY 1");
  await page.keyboard.press("Enter");
  const window = page.getByRole("form", { name: "Order window" });
  await expect(window).toContainText(/EC712: Daily loss limit reached: trading is stopped for the rest of the day: Maximum loss: ₹300\.00 of ₹200\.00; Equity until \d\d\/\d\d\/\d{4} 00:00:00 IST/);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/loss-limit-order-refused-1680-${theme}.png` });
  }
});
