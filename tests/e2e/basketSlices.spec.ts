import { expect, orderBook, runLine, signIn, test, token } from "./fixtures";

/**
 * A basket leg above the freeze quantity (an explorer's finding): `basket add OptDesk BANKNIFTY …
 * PE 3500 …` then `f` said "Required margin: not available (… freeze quantity 900)" and the leg was
 * refused EC939, although the order window sends such an order as slices. The leg now goes as the
 * order window sends it (slicing.ts: the largest multiple of the lot at or below the freeze
 * quantity, then the remainder; BANKNIFTY's lot 35 and freeze 900 make 875), the confirmation says
 * so with the slices' margin, and `f` again places no slice a second time.
 */
test("a basket leg of 3500 BANKNIFTY puts goes as 4 slices of 875, said before Enter; f again places none twice", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard");
  // The nearest expiry's lowest-strike put: a few rupees, so 3500 of it is well within DEMO1's funds.
  type Chain = { expiry: string; strikes: Array<{ strike: number; pe: { tradingSymbol: string } | null }> };
  const answer = await page.request.get(`${baseURL!}/core/optionchain?symbol=BANKNIFTY`, { headers: { authorization: `Bearer ${await token(page)}`, Connection: "close" } });
  const res = ((await answer.json()) as { result: Chain[] }).result[0]!;
  const low = res.strikes.find((s) => s.pe !== null)!;
  const [, month, day] = res.expiry.split("-");
  const mon = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"][Number(month) - 1]!;
  const symbol = low.pe!.tradingSymbol;

  await runLine(page, "basket new OptDesk", "basket.line");
  await expect(page.getByText("Basket OptDesk created")).toBeVisible();
  await runLine(page, `basket add OptDesk BANKNIFTY ${day}${mon} ${low.strike} PE 3500 buy`, "basket.line");
  await expect(page.getByText(`Added to OptDesk: Qty 3500 BUY ${symbol} (MARKET Order) NRML`)).toBeVisible();
  await runLine(page, "Baskets", "basket.open");
  const view = page.getByTestId("baskets");
  await expect(view.locator(`tr[data-leg="${symbol}"]`)).toBeVisible();
  const before = (await orderBook(page, baseURL!)).filter((o) => o.tradingSymbol === symbol).length;

  await page.keyboard.press("Home");
  await expect(view.locator('[data-basket="OptDesk"]')).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("f");
  const confirm = page.getByRole("dialog", { name: "Fire basket OptDesk" });
  // Before Enter: how the leg goes, and the slices' margin (not "not available").
  await expect(confirm).toContainText("goes out as 4 slices (875 + 875 + 875 + 875): above the freeze quantity of 900, each slice its own order");
  await expect(confirm).toContainText(/Required margin: ₹[\d,]+\.\d\d/);
  await expect(confirm.getByRole("button", { name: /^Place 4 orders/ })).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/fundsfx/basket-slices-confirm.png" });
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(view.locator('[data-basket="OptDesk"]')).toContainText("1 of 1 leg placed");
  await expect.poll(async () => (await orderBook(page, baseURL!)).filter((o) => o.tradingSymbol === symbol).length - before, { timeout: 20_000 }).toBe(4);
  await page.screenshot({ path: "/tmp/shots/fundsfx/basket-slices-placed.png" });

  // `f` again: every leg went in the last run, nothing is placed a second time.
  await page.keyboard.press("f");
  await expect(page.getByText(/Every leg of basket OptDesk was placed in its last run/)).toBeVisible();
  expect((await orderBook(page, baseURL!)).filter((o) => o.tradingSymbol === symbol).length - before).toBe(4);
});
