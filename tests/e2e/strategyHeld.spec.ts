import type { Page } from "@playwright/test";
import { api, expect, ownBroker, palette, runLine, setTheme, signIn, test, token } from "./fixtures";

/**
 * "Analyse positions" then Enter (a tester's finding): the confirmation offered to place every open
 * position again, each a LIMIT at its average (94.625 on a 0.05 tick, shown "₹94.63" and refused),
 * all NRML. Analysed legs are held now: Enter with nothing added says there is nothing to place;
 * a lot added to a held leg sends that lot only, at the market, in the position's own product,
 * and the broker's order book shows exactly that. A new strategy line then asks before replacing
 * the held legs. The market only moves by /dev/price (TICK_HZ=0), in market hours. 1680x1000.
 */
const broker = ownBroker({ TICK_HZ: "0", SIM_TIME: "2026-11-25T11:00:00+05:30" }, { perTest: true });
const SHOTS = "/tmp/shots/analyse";

interface Listed { token: string; tradingSymbol: string; strikePrice: number; expiry: string; optionType: string; lotSize?: number }
interface BookRow { orderNo: string; tradingSymbol: string; transactionType: string; quantity: number; orderType: string; product: string; price: number }

const strategy = (page: Page) => page.getByTestId("strategy");
const legRows = (page: Page) => strategy(page).locator("tbody tr[data-side]");

/** Two INTRADAY buys of one NIFTY call, one tick apart: an average half a tick off (x.x25 or x.x75). Answers the contract. */
async function holdOffTick(page: Page): Promise<{ symbol: string; token: string; lotSize: number; average: number }> {
  const bearer = await token(page);
  const chain = (await api<{ spot: number; contracts: Listed[] }>(page.request, broker.url, bearer, "/core/v2/contractChain", { symbol: "NIFTY" })).result[0]!;
  const calls = chain.contracts.filter((c) => c.optionType === "CE");
  const expiry = calls.map((c) => c.expiry).sort()[0]!;
  // A call some 300 points out of the money: not the seeded book's ATM call.
  const c = calls.filter((x) => x.expiry === expiry).sort((a, b) => Math.abs(a.strikePrice - chain.spot - 300) - Math.abs(b.strikePrice - chain.spot - 300))[0]!;
  const info = (await api<{ ltp: number; tickSize: number; lotSize: number }>(page.request, broker.url, bearer, "/core/v2/security/info", { exchange: "NSEFO", token: Number(c.token) })).result[0]!;
  const p1 = Math.round(Math.max(20, info.ltp) * 20) / 20;
  const order = { exchange: "NSEFO", instrumentId: c.token, transactionType: "BUY", quantity: info.lotSize, product: "INTRADAY", orderType: "MARKET", price: 0, orderComplexity: "REGULAR", validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0 };
  for (const price of [p1, p1 + 0.05]) {
    const set = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEFO", token: Number(c.token), price } });
    expect(set.ok()).toBe(true);
    expect((await api(page.request, broker.url, bearer, "/core/v2/orders", order)).status).toBe("Ok");
  }
  const position = async () => (await api<{ tradingSymbol: string; netQuantity: number; buyPrice: number; product: string }>(page.request, broker.url, bearer, "/core/v2/positions", {})).result.find((p) => p.tradingSymbol === c.tradingSymbol && p.product === "INTRADAY");
  await expect.poll(async () => (await position())?.netQuantity ?? 0).toBe(2 * info.lotSize);
  const average = (await position())!.buyPrice;
  // The finding's case: an average off the tick (a price the broker would refuse as a LIMIT).
  expect(Math.abs(Math.round(average * 20) - average * 20)).toBeGreaterThan(0.01);
  return { symbol: c.tradingSymbol, token: c.token, lotSize: info.lotSize, average };
}

test("analysed legs are held: Enter says nothing is to place; a lot added sends that lot only, MARKET, in the position's product; a new line asks before replacing them", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  const held = await holdOffTick(page);
  const bearer = await token(page);
  const before = new Set((await api<BookRow>(page.request, broker.url, bearer, "/core/v2/orders/book", {})).result.map((o) => o.orderNo));

  await palette(page, "Analyse positions");
  await expect(page.locator('.pane-focused[data-view="strategy"]')).toBeVisible();
  const row = strategy(page).locator(`tr[data-leg="${held.symbol}"]`);
  await expect(row).toBeVisible();
  const n = await legRows(page).count();
  // Held, in its own product, at the position's average.
  await expect(row.locator('[data-field="entry"]')).toHaveAttribute("data-entry", "held");
  await expect(row.locator('[data-field="entry"] .entry-mark')).toHaveText("held · INTRADAY");
  await expect(row.locator('[data-field="lots"]')).toHaveText("2");

  // Enter with every leg held: no confirmation, the status line says why.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status-line")).toHaveText(`Nothing left to place: all ${n} legs are held (add or change a leg to place)`);
  await expect(page.getByTestId("strategy-confirm")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/held-enter-nothing-1680x1000-dark.png` });

  // One lot more on the held call: the confirmation sends that lot only, and lists the held legs apart.
  await row.click();
  await expect(row).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("+");
  await expect(row.locator('[data-field="lots"]')).toHaveText("3");
  await expect(row.locator('[data-field="entry"] .entry-mark')).toHaveText("2 held · INTRADAY");
  await page.keyboard.press("Enter");
  const confirm = page.getByTestId("strategy-confirm");
  await expect(confirm).toBeVisible();
  const dialog = page.getByRole("dialog", { name: `Place the strategy: 1 of ${n} legs (${n} held)` });
  await expect(dialog).toBeVisible();
  const toPlace = confirm.getByRole("table", { name: "Legs to place, BUY legs first" }).locator("tbody tr");
  await expect(toPlace).toHaveCount(1);
  await expect(toPlace.first()).toHaveAttribute("data-leg", held.symbol);
  await expect(toPlace.first().locator("td").nth(3)).toHaveText(String(held.lotSize));
  await expect(toPlace.first().locator('[data-field="order"]')).toHaveText("MARKET");
  await expect(toPlace.first().locator("td").nth(5)).toHaveText("INTRADAY");
  await expect(confirm.getByRole("table", { name: "Legs held, not sent" }).locator("tbody tr")).toHaveCount(n);
  await expect(confirm).not.toContainText("is not a multiple of the tick size");
  await expect(dialog.getByRole("button", { name: /^Place 1 order\b/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/held-confirm-one-added-1680x1000-dark.png` });
  await setTheme(page, "light");
  await page.screenshot({ path: `${SHOTS}/held-confirm-one-added-1680x1000-light.png` });
  await setTheme(page, "dark");

  // The market moves 5 rupees up before the added lot goes: it fills well off the held average.
  const moved = Math.round((held.average + 5) * 20) / 20;
  expect((await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEFO", token: Number(held.token), price: moved } })).ok()).toBe(true);
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(row.locator("td[data-report]")).toHaveAttribute("data-report", "placed");
  // The leg's entry is the position's average as the book now has it, the added lot in at its fill
  // (2 lots at the average and 1 at the fill, the ask after the move), not the average it was analysed at.
  const position = async () => (await api<{ tradingSymbol: string; netQuantity: number; buyPrice: number; product: string }>(page.request, broker.url, bearer, "/core/v2/positions", {})).result.find((p) => p.tradingSymbol === held.symbol && p.product === "INTRADAY");
  await expect.poll(async () => (await position())?.netQuantity ?? 0).toBe(3 * held.lotSize);
  const added = (await api<BookRow & { averageTradedPrice: number }>(page.request, broker.url, bearer, "/core/v2/orders/book", {})).result.find((o) => !before.has(o.orderNo))!;
  expect(added.averageTradedPrice).toBeGreaterThanOrEqual(moved);
  const average = (held.average * 2 + added.averageTradedPrice) / 3;
  // The broker keeps an average to four decimals.
  expect((await position())!.buyPrice).toBeCloseTo(average, 3);
  await expect(row.locator('[data-field="entry"] [data-entry-price]')).toHaveText(average.toFixed(2));
  await expect(row.locator('[data-field="entry"]')).toHaveAttribute("data-entry", "held");
  // What the broker received: one order, the added lot, at the market, in the position's product.
  const sentOrders = (await api<BookRow>(page.request, broker.url, bearer, "/core/v2/orders/book", {})).result.filter((o) => !before.has(o.orderNo));
  expect(sentOrders).toHaveLength(1);
  const sent = sentOrders[0]!;
  expect({ symbol: sent.tradingSymbol, side: sent.transactionType, qty: sent.quantity, type: sent.orderType, product: sent.product }).toEqual({
    symbol: held.symbol, side: "BUY", qty: held.lotSize, type: "MARKET", product: "INTRADAY",
  });

  // A strategy line over the held legs asks first, saying what it replaces.
  await runLine(page, "strategy NIFTY iron condor width 200 lots 1", "strategy.line");
  const ask = page.getByRole("dialog", { name: "Replace the strategy NIFTY positions?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(`The strategy pane shows NIFTY positions: ${n} legs, ${n} held (open positions), 1 placed from the pane.`);
  await page.screenshot({ path: `${SHOTS}/replace-held-ask-1680x1000-dark.png` });
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await expect(strategy(page)).toHaveAttribute("data-legs", String(n));
  await runLine(page, "strategy NIFTY iron condor width 200 lots 1", "strategy.line");
  await expect(ask).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(strategy(page)).toHaveAttribute("data-legs", "4");
});

test("a wide strategy pane shows each held leg's entry as the position's average, marked held in its product", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  const held = await holdOffTick(page);
  await palette(page, "Layout: Single pane");
  await expect(page.locator(".tiling .pane:visible")).toHaveCount(1);
  await palette(page, "Analyse positions");
  const row = strategy(page).locator(`tr[data-leg="${held.symbol}"]`);
  await expect(row).toBeVisible();
  const entry = row.locator('[data-field="entry"]');
  await expect(entry).toHaveAttribute("data-entry", "held");
  await expect(entry.locator(".entry-mark")).toBeVisible();
  // The average as the Positions pane rounds it, the exact one in the confirmation's held list.
  await expect(entry.locator("[data-entry-price]")).toHaveText(held.average.toFixed(2));
  await page.screenshot({ path: `${SHOTS}/held-wide-1680x1000-dark.png` });
  await setTheme(page, "light");
  await page.screenshot({ path: `${SHOTS}/held-wide-1680x1000-light.png` });
});
