import { expect, orderBook, ownBroker, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-27 4: with one leg priced outside its circuit the fire confirmation said "Required margin:
 * not available (Qty 2 BUY RELIANCE-EQ: Price is outside the circuit limits …)", its charges counted
 * that leg, and Enter placed the other legs, whose margin was never shown. Now the margin and charges
 * are those of the legs that can be placed and the refused leg is named as left out of them, with
 * why. It is still sent, as the dialog says ("Place 3 orders"): the broker refuses it and the Last
 * run keeps the refusal (`f` retries it). A broker of this file's own.
 */
const broker = ownBroker();

test("a basket leg the margin check refuses is left out, named; the margin shown is the going legs'", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await runLine(page, "basket new Mixed", "basket.line");
  // Intraday limit legs: 20 % of the value at the limit price (rules/basketMargin.ts, the broker's intraday rate).
  await runLine(page, "basket add Mixed buy INFY 10 @ 1100 intraday", "basket.line"); // 20 % of 11,000 = 2,200
  await runLine(page, "basket add Mixed buy RELIANCE 2 @ 5000 delivery", "basket.line"); // far above its upper circuit
  await runLine(page, "basket add Mixed sell TCS 3 @ 2400 intraday", "basket.line"); // 20 % of 7,200 = 1,440
  await expect(page.getByText("Added to Mixed: Qty 3 SELL TCS-EQ @ ₹2,400.00 (LIMIT Order) INTRADAY")).toBeVisible();
  await runLine(page, "Baskets", "basket.open");
  const view = page.getByTestId("baskets");
  await expect(view.locator('tr[data-leg="TCS-EQ"]')).toBeVisible();
  const before = (await orderBook(page, broker.url)).length;

  await page.keyboard.press("Home");
  await expect(view.locator('tr[data-basket="Mixed"]')).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("f");
  const confirm = page.getByRole("dialog", { name: "Fire basket Mixed" });
  // 2,200 + 1,440 = 3,640: the two legs that go; RELIANCE's refusal no longer hides it.
  await expect(confirm).toContainText("Required margin (the 2 legs that can be placed): ₹3,640.00");
  await expect(confirm).toContainText(/Sent, but the broker will refuse it \(not counted below\): Qty 2 BUY RELIANCE-EQ @ ₹5,000\.00 \(LIMIT Order\) DELIVERY: Price is outside the circuit limits/);
  await expect(confirm).toContainText(/Charges \(the 2 legs that can be placed\): ₹[\d,]+\.\d\d/);
  await expect(confirm.getByRole("button", { name: "Place 3 orders" })).toBeVisible();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await expect(confirm).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`basket-left-out-${theme}-1680x1000.png`) });
  }

  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  // The broker placed the two legs the figures were of, and refused RELIANCE (kept on the Last run).
  await expect.poll(async () => (await orderBook(page, broker.url)).length - before, { timeout: 20_000 }).toBe(2);
  const placed = (await orderBook(page, broker.url)).map((o) => o.tradingSymbol).sort();
  expect(placed).toEqual(["INFY-EQ", "TCS-EQ"]);
  await expect(view.locator('tr[data-basket="Mixed"]')).toContainText("2 of 3 legs placed");
  // The Last run reads as the order window's refusal does: the broker's sentence, not its code (FINDINGS-27 6).
  const lastRun = view.locator('tr[data-leg="RELIANCE-EQ"] [data-report="refused"]');
  await expect(lastRun).toContainText(/^Price is outside the circuit limits/);
  await expect(lastRun).not.toContainText("EC918");
  // The fire toast: a line a leg. Each placed leg with its product and its order number, the one the book shows (the trader
  // finds it there by it); the refused leg as an order toast names an order: price, type and product (FINDINGS-27 6).
  const book = await orderBook(page, broker.url);
  const no = (symbol: string) => book.filter((o) => o.tradingSymbol === symbol).at(-1)!.orderNo;
  const toast = page.locator(".toasts [role='status']").filter({ hasText: "Basket Mixed fired" });
  await expect(toast).toHaveText(
    new RegExp(
      `^Basket Mixed fired: 2 of 3 legs placed:\\sQty 10 BUY INFY-EQ INTRADAY, order ${no("INFY-EQ")}\\sQty 3 SELL TCS-EQ INTRADAY, order ${no("TCS-EQ")}\\s` +
        "Not placed: Qty 2 BUY RELIANCE-EQ @ ₹5,000\\.00 \\(LIMIT Order\\) DELIVERY \\(Price is outside the circuit limits",
    ),
  );
  // The lines as the toast writes them: the head, then each placed leg.
  const lines = (await toast.innerText()).split("\n");
  expect(lines.slice(0, 3)).toEqual(["Basket Mixed fired: 2 of 3 legs placed:", `Qty 10 BUY INFY-EQ INTRADAY, order ${no("INFY-EQ")}`, `Qty 3 SELL TCS-EQ INTRADAY, order ${no("TCS-EQ")}`]);
  // Each placed leg's line drawn on one line (the toast widens for its lines, not wrapped at the library's 350 px).
  const rowsDrawn = await toast.evaluate((el) => {
    const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").includes("\n"))!;
    const all = text.textContent!;
    let from = 0;
    return all.split("\n").map((line) => {
      const r = document.createRange();
      r.setStart(text, from);
      r.setEnd(text, from + line.length);
      from += line.length + 1;
      return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
    });
  });
  expect(rowsDrawn.slice(0, 3)).toEqual([1, 1, 1]);
  await expect(toast).toBeInViewport({ ratio: 1 });
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: test.info().outputPath(`basket-fire-toast-${theme}-1680x1000.png`) });
  }
});
