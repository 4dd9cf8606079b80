import type { Page } from "@playwright/test";
import fs from "node:fs";
import { api, cancelWorking, commandLine, expect, setTheme, signIn, test, token } from "./fixtures";
import { recordToasts, toastsShown } from "./toastRecorder";

/**
 * A sliced order's one line of the order book (issue 19) stands for every slice: `m` on it
 * modifies every open slice, `Delete` cancels every open slice, and the line shows what rests at
 * the broker, never its first slice's figures as the group's (core/rules/sliceGroup.ts).
 * NIFTY's freeze quantity is 1800 and its lot 75: 1875 goes out as slices of 1800 and 75. A buy at
 * 10 rests (an ATM put is worth far more). The broker's book is read back for every slice.
 */
interface BookRow {
  orderNo: string;
  orderStatus: string;
  tradingSymbol: string;
  quantity: number;
  price: number;
  product: string;
  clientOrderKey: string;
}

async function slicesAtBroker(page: Page, symbol: string): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, process.env.TAPE_URL!, await token(page), "/core/v2/orders/book", {});
  const rows = env.status === "Ok" ? env.result.filter((o) => o.tradingSymbol === symbol && /-s\dof2$/.test(o.clientOrderKey)) : [];
  return rows.sort((a, b) => a.clientOrderKey.localeCompare(b.clientOrderKey));
}

const SHOTS = "/tmp/shots/slices";

test("m and Delete on a sliced order's line modify and cancel every slice; the line shows each slice's price when they differ", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders");
  await commandLine(page, "buy NIFTY ATM PE 1875 @ 10");
  await expect(page.getByTestId("ow-slices")).toContainText("goes out as 2 slices (1800 + 75)");
  const symbol = (await page.locator(".ow-symbol").innerText()).trim();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await slicesAtBroker(page, symbol)).map((o) => [o.quantity, o.price])).toEqual([[1800, 10], [75, 10]]);

  const orders = page.locator('[data-view="orders"]');
  const line = orders.locator("tr.slice-group", { hasText: symbol });
  const cell = (col: string) => line.locator(`td[data-col="${col}"]`);
  await expect(line).toHaveCount(1);
  await page.keyboard.press("Alt+2");
  await page.keyboard.press("Home");
  await expect(line).toHaveAttribute("aria-selected", "true");

  // m on the folded line: one window for the group, which says so; quantity is each slice's own.
  await page.keyboard.press("m");
  const win = page.getByRole("form", { name: "Order window" });
  await expect(win).toBeVisible();
  await expect(page.getByTestId("ow-note")).toContainText("2 open slices");
  await expect(page.locator("#ow-quantity")).toBeDisabled();
  await expect(page.locator("#ow-quantity")).toHaveValue("1875");
  await expect(page.getByTestId("ow-submit")).toContainText("Modify 2 slices");
  await expect(page.locator("#ow-price")).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/group-modify-window.png` });
  await page.keyboard.press("Control+a");
  await page.keyboard.type("12");
  await page.keyboard.press("Enter");
  await expect(win).toBeHidden();
  // Every slice at 12.00 at the broker, each keeping its quantity; the toast says the two slices and their total.
  await expect.poll(async () => (await slicesAtBroker(page, symbol)).map((o) => [o.quantity, o.price])).toEqual([[1800, 12], [75, 12]]);
  await expect(page.getByText(new RegExp(`^Modified 2 slices: Qty 1875 BUY ${symbol} @ ₹12\\.00 \\(LIMIT Order\\)`))).toBeVisible();
  await expect(cell("price")).toHaveText("12.00");

  // One slice alone (expanded, its own row): the folded line then shows both prices, not the first slice's.
  await page.keyboard.press("o");
  await expect(orders.locator("tbody tr", { hasText: symbol })).toHaveCount(3);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("m");
  await expect(win).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue("75");
  await expect(page.locator("#ow-price")).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("11");
  await page.keyboard.press("Enter");
  await expect(win).toBeHidden();
  await expect.poll(async () => (await slicesAtBroker(page, symbol)).map((o) => o.price)).toEqual([12, 11]);
  await page.keyboard.press("o");
  await expect(orders.locator("tbody tr", { hasText: symbol })).toHaveCount(1);
  await page.keyboard.press("Home");
  await expect(line).toHaveAttribute("aria-selected", "true");
  await expect(cell("price")).toHaveText("12.00 / 11.00");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/mixed-price-${theme}.png` });
  }

  // Delete on the folded line: one dialog for both slices; Enter cancels each.
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog", { name: "Cancel order" });
  await expect(dialog).toContainText(`Cancel 2 slices of Qty 1875 BUY ${symbol}`);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await slicesAtBroker(page, symbol)).map((o) => o.orderStatus)).toEqual(["cancelled", "cancelled"]);
  await expect(cell("status")).toHaveText("CANCELLED");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/cancelled-${theme}.png` });
  }
});

const SHOTS_GROUP = "/tmp/shots/groupmodify";

/** j from the top of the orders pane until the group's folded line is under the cursor. */
async function cursorToLine(page: Page, line: ReturnType<Page["locator"]>): Promise<void> {
  await page.keyboard.press("Alt+2");
  await page.keyboard.press("Home");
  for (let i = 0; i < 20 && (await line.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(line).toHaveAttribute("aria-selected", "true");
}

/**
 * The order of a resting NIFTY ATM call at `price`, placed after a group action: the broker's updates
 * reach the window in order and an open is held 500 ms before it is shown, so once this order's
 * "Placed" toast is up, every slice update the group action caused has been shown or folded.
 */
async function afterUpdates(page: Page, price: number): Promise<void> {
  await commandLine(page, `buy NIFTY ATM CE 75 @ ${price}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });
  await expect(page.locator(".toasts [role='status']").filter({ hasText: new RegExp(`^Placed: Qty 75 BUY NIFTY\\w+CE @ ₹${price}\\.00 \\(LIMIT Order\\)`) })).toHaveCount(1);
}

test("a group modify and a group cancel each say it once; the group modify's margin releases what every slice blocks", async ({ page }) => {
  test.setTimeout(90_000);
  fs.mkdirSync(SHOTS_GROUP, { recursive: true });
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders");
  await cancelWorking(page, process.env.TAPE_URL!);
  await commandLine(page, "buy NIFTY ATM PE 1875 @ 10");
  const symbol = (await page.locator(".ow-symbol").innerText()).trim();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden({ timeout: 20_000 });
  // This test's slices: the file's first test left its own, cancelled, of the same contract.
  const open = async () => (await slicesAtBroker(page, symbol)).filter((o) => o.orderStatus === "open");
  await expect.poll(async () => (await open()).map((o) => [o.quantity, o.price])).toEqual([[1800, 10], [75, 10]]);
  const mine = (await open()).map((o) => o.orderNo);
  const base = (await open())[0]!.clientOrderKey.replace(/-s\dof2$/, "");
  const slices = async () => (await slicesAtBroker(page, symbol)).filter((o) => mine.includes(o.orderNo));
  await recordToasts(page);
  // What a group action says of the slices (the placements' toasts, already up, are recorded too: left out).
  const told = async () => (await toastsShown(page)).filter((t) => t.includes(symbol) && /^(Modified|Cancelled)/.test(t));

  const line = page.locator(`[data-view="orders"] tr.slice-group[data-slice-group="${base}"]`);
  await cursorToLine(page, line);
  await page.keyboard.press("m");
  const win = page.getByRole("form", { name: "Order window" });
  await expect(win).toBeVisible();
  await expect(page.locator("#ow-price")).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("12");
  // An option buy blocks its premium, price × quantity (core/rules/margin.ts). The slices block
  // 1800 × 10 + 75 × 10 = 18,750 now; at 12 they would block 1800 × 12 + 75 × 12 = 22,500; the
  // modify needs 22,500 − 18,750 = 3,750 (core/rules/groupModifyMargin.ts). Before, the check
  // released slice 1's 18,000 alone.
  const basis = page.getByTestId("ow-margin-basis");
  await expect(basis).toContainText("The 2 open slices block ₹18,750.00 now and would block ₹22,500.00: the modify needs ₹3,750.00 of the trading limit");
  await expect(page.getByTestId("ow-margin")).toHaveText("₹22,500.00");
  // "Available" is the trading limit plus what all of them release: 18,750 above the funds' limit.
  const limits = await api<{ segment: string; tradingLimit: number }>(page.request, process.env.TAPE_URL!, await token(page), "/core/limits", {});
  const limit = Math.max(0, limits.result.find((l) => l.segment === "OVERALL")!.tradingLimit);
  const available = Number((await win.locator(".ow-margin span", { hasText: "Available" }).locator("b").innerText()).replace(/[₹,]/g, ""));
  expect(Math.round((available - limit) * 100) / 100).toBe(18_750);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS_GROUP}/group-modify-margin-${theme}.png` });
  }
  await page.keyboard.press("Enter");
  await expect(win).toBeHidden();
  await expect.poll(async () => (await slices()).map((o) => [o.quantity, o.price])).toEqual([[1800, 12], [75, 12]]);
  // The order toasts' format: the product as the order window names it (NORMAL reads NRML), then the group's first order number and how many more.
  const product = (await slices())[0]!.product.replace(/^NORMAL$/, "NRML");
  const modified = `Modified 2 slices: Qty 1875 BUY ${symbol} @ ₹12.00 (LIMIT Order) ${product}, order ${mine[0]} and 1 more`;
  await expect(page.locator(".toasts [role='status']").filter({ hasText: modified })).toHaveCount(1);
  await afterUpdates(page, 9);
  // One toast for the group modify: not one more per slice ("Modified: Qty 1800 …", "Modified: Qty 75 …").
  expect(await told()).toEqual([modified]);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS_GROUP}/group-modify-toast-${theme}.png` });
  }

  await cursorToLine(page, line);
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog", { name: "Cancel order" });
  await expect(dialog).toContainText(`Cancel 2 slices of Qty 1875 BUY ${symbol}`);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await slices()).map((o) => o.orderStatus)).toEqual(["cancelled", "cancelled"]);
  const cancelled = `Cancelled 2 slices: Qty 1875 BUY ${symbol} ${product}, order ${mine[0]} and 1 more`;
  await expect(page.locator(".toasts [role='status']").filter({ hasText: cancelled })).toHaveCount(1);
  await afterUpdates(page, 8);
  // One toast for the group cancel too: not "Cancelled: Qty 1800 …" and "Cancelled: Qty 75 …" after it.
  expect(await told()).toEqual([modified, cancelled]);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS_GROUP}/group-cancel-toast-${theme}.png` });
  }
  await cancelWorking(page, process.env.TAPE_URL!);
});
