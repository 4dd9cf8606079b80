import fs from "node:fs";
import type { Page } from "@playwright/test";
import { api, cancelWorking, commandLine, expect, setTheme, signIn, test, token, ownBroker } from "./fixtures";
import { recordToasts, toastsShown } from "./toastRecorder";

/**
 * Issue 28, "Toasts say what happened to what": "Qty 10 BUY (MARKET Order)" named no symbol and no
 * fill price, and a cancel of SBIN's SL read exactly like its placement. The order-update toast is
 * now "{Word}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order){product}{by}{fill}{no}" (src/core/rules/orderToast.ts):
 * Filled says the average traded price; SL says trigger and limit; a modify says Modified, once.
 * Keyboard only, against a paper broker of this file's own (a clean book, and prices it may force).
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();

const SHOTS = "/tmp/shots-i28-toasts";

interface BookRow {
  orderNo: string;
  orderStatus: string;
  orderType: string;
  tradingSymbol: string;
  product: string;
  price: number;
  averageTradedPrice: number;
}

async function book(page: Page): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result : [];
}

async function tokenOf(page: Page, symbol: string): Promise<number> {
  const hits = await api<{ token: number; symbol: string; insType: string }>(page.request, broker.url, await token(page), "/core/search", { searchText: symbol, exchange: ["NSEEQ"], pageSize: 20 });
  return hits.result.find((h) => h.symbol === symbol && h.insType === "EQ")!.token;
}

/** Forces an NSE share's last price (paper mode's /dev/price), so that the test's prices are known by hand. */
async function setPrice(page: Page, symbol: string, price: number): Promise<void> {
  const res = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: await tokenOf(page, symbol), price } });
  expect(((await res.json()) as { result: Array<{ ltp: number }> }).result[0]?.ltp).toBe(price);
}

const toasts = (page: Page) => page.locator(".toasts [role='status']");
const orderWindow = (page: Page) => page.getByRole("form", { name: "Order window" });


/** In the orders pane's Pending tab, j (then k) until the row of `orderNo` is under the cursor. */
async function cursorTo(page: Page, orderNo: string): Promise<void> {
  const row = page.locator(`[data-view="orders"] tr[data-order-no="${orderNo}"]`);
  await expect(row).toBeVisible();
  for (let i = 0; i < 20 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  // Below the row already (a second order of the same list): k back up to it.
  for (let i = 0; i < 20 && (await row.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("k");
  await expect(row).toHaveAttribute("aria-selected", "true");
}

test("a market buy of INFY: the toast says Filled, names INFY, the fill price the order book has, the product and the order number", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await commandLine(page, "buy INFY 10");
  await page.keyboard.press("Enter");
  const filled = toasts(page).filter({ hasText: /^Filled: Qty 10 BUY INFY-EQ/ });
  await expect(filled).toHaveCount(1);
  await expect(orderWindow(page)).toBeHidden();
  // "Filled: Qty {q} {side} {tradingSymbol} @ ₹{average traded price} ({type} Order) {product}, order {no}".
  const text = (await filled.textContent()) ?? "";
  const m = /^Filled: Qty 10 BUY INFY-EQ @ ₹([\d,]+\.\d{2}) \(MARKET Order\) (\S+), order (\S+)$/.exec(text);
  expect(m, text).not.toBeNull();
  const row = (await book(page)).find((o) => o.tradingSymbol === "INFY-EQ" && o.orderType === "MARKET" && o.orderStatus === "complete")!;
  expect(row.averageTradedPrice).toBeGreaterThan(0);
  // The toast's rupees, commas dropped, are the book's average to the paisa.
  expect(Number(m![1]!.replace(/,/g, ""))).toBe(Math.round(row.averageTradedPrice * 100) / 100);
  // The product as the order window offers it (the book's NORMAL reads NRML), and the book's order number.
  expect(m![2]).toBe(row.product === "NORMAL" ? "NRML" : row.product);
  expect(m![3]).toBe(row.orderNo);
  // Looked at by hand, dark and light: the pointer on the toast holds it while the theme changes.
  fs.mkdirSync(SHOTS, { recursive: true });
  await filled.hover();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await expect(filled).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/fill-toast-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
});

test("an SL buy of SBIN, then cancelled with Delete: the cancel says Cancelled and names SBIN, unlike its placement", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  // SBIN at 900: a buy stop triggering at 950 waits (trigger pending).
  await setPrice(page, "SBIN", 900);
  await commandLine(page, "buy SBIN 10 @ 951 sl 950");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  // Placed as trigger pending: "Trigger pending: Qty 10 BUY SBIN-EQ trigger ₹950.00 @ ₹951.00 (SL Order)".
  const placement = "Trigger pending: Qty 10 BUY SBIN-EQ trigger ₹950.00 @ ₹951.00 (SL Order)";
  await expect(toasts(page).filter({ hasText: placement })).toHaveCount(1);

  const order = (await book(page)).find((o) => o.tradingSymbol === "SBIN-EQ" && o.orderStatus === "trigger pending")!;
  await page.keyboard.press("]");
  await cursorTo(page, order.orderNo);
  await page.keyboard.press("Delete");
  await expect(page.getByRole("dialog", { name: "Cancel order" })).toBeVisible();
  await page.keyboard.press("Enter");
  // "cancelled is neutral": the same terms, another word.
  const cancel = "Cancelled: Qty 10 BUY SBIN-EQ trigger ₹950.00 @ ₹951.00 (SL Order)";
  await expect(toasts(page).filter({ hasText: cancel })).toHaveCount(1);
  expect(cancel).not.toBe(placement);
  await expect.poll(async () => (await book(page)).find((o) => o.orderNo === order.orderNo)?.orderStatus).toBe("cancelled");
});

// Each order's toast names its order number, so two orders of the same terms are two toasts, each
// found in the book by its number: they are no longer identical ("×2" stays for one toast told again).
test("two orders of the same terms in a row: a toast each, told apart by the order number", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  // SBIN at 900: a buy limit at 800 rests; placed twice, the two placements read alike.
  await setPrice(page, "SBIN", 900);
  for (let i = 0; i < 2; i++) {
    await commandLine(page, "buy SBIN 2 @ 800");
    await page.keyboard.press("Enter");
    await expect(orderWindow(page)).toBeHidden();
  }
  const placed = "Placed: Qty 2 BUY SBIN-EQ @ ₹800.00 (LIMIT Order)";
  const orders = (await book(page)).filter((o) => o.tradingSymbol === "SBIN-EQ" && o.price === 800 && o.orderStatus === "open");
  expect(orders).toHaveLength(2);
  for (const o of orders) await expect(toasts(page).filter({ hasText: `${placed} ${o.product === "NORMAL" ? "NRML" : o.product}, order ${o.orderNo}` })).toHaveCount(1);
  await expect(toasts(page).filter({ hasText: placed })).toHaveCount(2);
  await cancelWorking(page, broker.url);
});

test("a modify with m: one toast, saying Modified with the new price, and no placement of the new terms", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await recordToasts(page);
  // INFY at 1,150: a buy limit at 1,100 rests.
  await setPrice(page, "INFY", 1150);
  await commandLine(page, "buy INFY 10 @ 1100");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect(toasts(page).filter({ hasText: "Placed: Qty 10 BUY INFY-EQ @ ₹1,100.00 (LIMIT Order)" })).toHaveCount(1);
  const order = (await book(page)).find((o) => o.tradingSymbol === "INFY-EQ" && o.orderStatus === "open")!;

  await page.keyboard.press("]");
  await cursorTo(page, order.orderNo);
  await page.keyboard.press("m");
  await expect(page.getByRole("dialog", { name: /\(modify\)/ })).toBeVisible();
  // A modify opens with the focus on the price (issue 29).
  await expect(page.locator("#ow-price")).toBeFocused();
  const puts: string[] = [];
  page.on("request", (r) => void (r.method() === "PUT" && puts.push(r.url())));
  await page.keyboard.press("Control+a");
  await page.keyboard.type("1090");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  // The window's answer and the broker's update name the order's product and number alike: one toast.
  const modified = `Modified: Qty 10 BUY INFY-EQ @ ₹1,090.00 (LIMIT Order) ${order.product === "NORMAL" ? "NRML" : order.product}, order ${order.orderNo}`;
  await expect(toasts(page).filter({ hasText: modified })).toHaveCount(1);

  // The broker's update of the modify is held 500 ms like any open. An order placed after the
  // modify has its update held behind it: once that one's toast is up, the modify's update has
  // been shown too (merged into the window's toast, being the same text).
  await commandLine(page, "buy SBIN 1 @ 800");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect(toasts(page).filter({ hasText: "Placed: Qty 1 BUY SBIN-EQ @ ₹800.00 (LIMIT Order)" })).toHaveCount(1);
  // One modify, one PUT: the toast's text, every text it ever showed, is the modify's without a count
  // (before, the window's answer and the broker's update of the same modify counted as two: "… ×2").
  expect(puts).toHaveLength(1);
  const added = await toastsShown(page);
  expect(added.filter((t) => t.startsWith("Modified:"))).toEqual([modified]);
  // Before issue 28 the modify's update read as a placement of the new terms.
  expect(added.filter((t) => t.includes("@ ₹1,090.00") && !t.startsWith("Modified:"))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/modify.png` });
});

// Two orders modified to the same terms: each modify's toast names its order, so they are two toasts,
// each told once though the window's answer and the broker's update both tell it (never "×2" for one).
test("two modifies of the same terms, one after the other: a toast each, never counted twice", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await cancelWorking(page, broker.url);
  await recordToasts(page);
  // INFY at 1,150: two buy limits at 1,100 rest, each then modified with m to 1,095, so that the two
  // modifies read alike.
  await setPrice(page, "INFY", 1150);
  for (let i = 0; i < 2; i++) {
    await commandLine(page, "buy INFY 7 @ 1100");
    await page.keyboard.press("Enter");
    await expect(orderWindow(page)).toBeHidden();
  }
  await expect.poll(async () => (await book(page)).filter((o) => o.tradingSymbol === "INFY-EQ" && o.orderStatus === "open").length).toBe(2);
  const orders = (await book(page)).filter((o) => o.tradingSymbol === "INFY-EQ" && o.orderStatus === "open");
  await page.keyboard.press("]");
  const modified = (o: BookRow) => `Modified: Qty 7 BUY INFY-EQ @ ₹1,095.00 (LIMIT Order) ${o.product === "NORMAL" ? "NRML" : o.product}, order ${o.orderNo}`;
  for (const [i, order] of orders.entries()) {
    await cursorTo(page, order.orderNo);
    await page.keyboard.press("m");
    await expect(page.locator("#ow-price")).toBeFocused();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("1095");
    await page.keyboard.press("Enter");
    await expect(orderWindow(page)).toBeHidden();
    await expect.poll(async () => (await book(page)).find((o) => o.orderNo === order.orderNo)?.price).toBe(1095);
    // Each modify's update held 500 ms: an order placed after it has its update held behind it, so
    // once that order's toast is up, this modify's update has been shown (SBIN at 800 rests).
    await commandLine(page, `buy SBIN ${i + 1} @ 800`);
    await page.keyboard.press("Enter");
    await expect(orderWindow(page)).toBeHidden();
    await expect(toasts(page).filter({ hasText: `Placed: Qty ${i + 1} BUY SBIN-EQ @ ₹800.00 (LIMIT Order)` })).toHaveCount(1);
  }
  // The count is of modifies, not tellings: each modify, told by the window's answer and by the
  // broker's update, is one toast without a count (not "×2").
  expect((await toastsShown(page)).filter((t) => t.startsWith("Modified:"))).toEqual(orders.map(modified));
  await cancelWorking(page, broker.url);
});

test("toasts stack at the bottom right, inside the window and unclipped, in the dark and the light theme", async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await setPrice(page, "SBIN", 900);
  const html = page.locator("html");
  const first = (await html.getAttribute("data-theme")) ?? "dark";
  for (const [i, theme] of [first, first === "dark" ? "light" : "dark"].entries()) {
    if (i === 1) {
      // Let the first theme's toasts go before the second's stack.
      await page.mouse.move(10, 10);
      await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
      await page.keyboard.press("Alt+t");
      await expect(html).toHaveAttribute("data-theme", theme);
    }
    // A stack: an SL placed, a market buy filled, a limit placed (three orders, three toasts).
    await commandLine(page, `buy SBIN 3 @ ${961 + i * 10} sl ${960 + i * 10}`);
    await page.keyboard.press("Enter");
    await expect(orderWindow(page)).toBeHidden();
    // The pointer rests on the stack, which holds every toast (react-hot-toast pauses on hover), so a
    // slow machine cannot let the first toast go before the third comes.
    await toasts(page).first().hover();
    await commandLine(page, "buy INFY 2");
    await page.keyboard.press("Enter");
    await expect(orderWindow(page)).toBeHidden();
    await commandLine(page, `buy SBIN 1 @ ${850 - i * 10}`);
    await page.keyboard.press("Enter");
    await expect(orderWindow(page)).toBeHidden();
    await expect(toasts(page)).toHaveCount(3);
    // Each toast, once its entrance has played (it slides up from below the window), lies inside the
    // window, and its text wraps inside it rather than running out of it.
    const outside = () =>
      toasts(page).evaluateAll((els) =>
        els.flatMap((el) => {
          const r = el.getBoundingClientRect();
          const inside = r.left >= 0 && r.right <= 1680 && r.bottom <= 1000 && el.scrollWidth <= el.clientWidth;
          return inside ? [] : [`${(el as HTMLElement).innerText}: ${Math.round(r.left)},${Math.round(r.bottom)}`];
        }),
      );
    await expect.poll(outside).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/toasts-${theme}.png` });
  }
});
