import { api, commandLine, expect, openPalette, ownBroker, palette, setTheme, signIn, test, token } from "./fixtures";

/**
 * A trader's finding: a GTT placed after the day's loss limit had tripped was taken without a word,
 * and when it triggered that day its order was refused and the GTT ended Failed. The GTT is still
 * taken (it can trigger on a later day), but the form and its toast say that an order it triggers
 * today will be refused (rules/gttKillSwitch.ts). A broker of this file's own (TICK_HZ=0), so that
 * DEMO2's tripped day touches no other spec. Screenshots go to /tmp/shots/h2/ (looked at by hand).
 */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots/h2";
const broker = ownBroker({ TICK_HZ: "0" });
const INFY = { exchange: "NSEEQ", token: 1244 };

const WARNING = "The day's loss limit has tripped (Maximum loss: ₹300.00 of ₹200.00): an order this GTT triggers today will be refused and the GTT will end Failed; it can still trigger on a later day";

test("a GTT placed after the day's loss limit tripped is taken, with a warning in the form and in its toast; it triggers into EC712 and Failed", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  // DEMO2 carries no positions in: the day's P&L is the INFY bought here alone.
  await signIn(page, "DEMO2", "/dashboard", broker.url);
  const bearer = await token(page);
  const call = async <T,>(p: string, data: unknown = {}) => api<T>(page.request, broker.url, bearer, p, data);
  const setInfy = async (price: number) => {
    const res = await page.request.post(`${broker.url}/dev/price`, { data: { ...INFY, price } });
    expect(((await res.json()) as { status: string }).status).toBe("Ok");
  };

  // Before any trip the form says nothing of the limit.
  await palette(page, "Go to GTT orders");
  await expect(page).toHaveURL(/\/main\/orders\?tab=3/);
  const form = page.getByRole("form", { name: "GTT form" });
  const gttLine = async (line: string) => {
    await openPalette(page);
    await page.keyboard.type(line);
    await expect(page.getByRole("dialog", { name: "Command palette" }).locator("[cmdk-item]").first()).toHaveAttribute("data-command", "gtt.line");
    await page.keyboard.press("Enter");
    await expect(form.locator("#gtt-leg1-trigger")).toHaveValue("1000.00");
  };
  await gttLine("gtt buy INFY 10 trigger 1000 @ 1001");
  await expect(form.getByTestId("gtt-limit-tripped")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();

  // 10 INFY bought, the price 30 under the cost: the day has lost 10 x 30 = ₹300.00; a maximum loss of ₹200.00 trips on saving.
  await commandLine(page, "buy INFY 10 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  await expect.poll(async () => (await call<{ tradingSymbol: string; netQuantity: number }>("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")?.netQuantity ?? 0).toBe(10);
  const cost = (await call<{ tradingSymbol: string; buyPrice: number }>("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!.buyPrice;
  await setInfy(cost - 30);
  expect((await call<{ tripped: string }>("/core/v2/risk/limits/set", { maxLoss: 200 })).result[0]!.tripped).toBe("loss");
  await expect(page.getByTestId("limits-readout")).toHaveAttribute("data-tripped", "true");

  // The form says so before Enter.
  await gttLine("gtt buy INFY 10 trigger 1000 @ 1001");
  await expect(form.getByTestId("gtt-limit-tripped")).toHaveText(WARNING);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/gtt-limit-tripped-form-1680-${theme}.png` });
  }
  await setTheme(page, "dark");

  // Enter places it all the same, and the toast says it again.
  await page.keyboard.press("Enter");
  const toast = page.locator(".toasts").getByText(`GTT Placed Successfully: Qty 10 BUY INFY-EQ trigger ₹1,000.00 @ ₹1,001.00 (SINGLE GTT) DELIVERY, GTT`).filter({ hasText: WARNING });
  await expect(toast).toBeVisible();
  await expect(form).toBeHidden();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    // Whole on screen, its entrance over: the screenshot shows all of it.
    await expect(toast).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/gtt-limit-tripped-toast-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  const row = page.locator("table[aria-label='GTT orders'] tbody tr.gtt-row[data-status='ACTIVE']");
  await expect(row).toHaveCount(1);

  // What it warned of: through the trigger today, the order is refused with EC712 and the GTT reads Failed.
  const gttId = await row.getAttribute("data-gtt");
  await setInfy(999);
  const ours = page.locator(`table[aria-label='GTT orders'] tbody tr[data-gtt='${gttId}']`);
  await expect(ours).toHaveAttribute("data-status", "FAILED");
  await expect(page.locator(".toasts").getByText(/^GTT SINGLE INFY-EQ: triggered at ₹999\.00, order refused: Qty 10 BUY INFY-EQ @ ₹1,001\.00 \(LIMIT Order\) DELIVERY\. EC712/)).toHaveCount(1);
});
