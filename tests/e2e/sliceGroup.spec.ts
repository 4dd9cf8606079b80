import type { Page } from "@playwright/test";
import { api, commandLine, expect, setTheme, signIn, test, token } from "./fixtures";

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
  clientOrderKey: string;
}

async function slicesAtBroker(page: Page, symbol: string): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, process.env.TAPE_URL!, await token(page), "/core/v2/orders/book", {});
  const rows = env.status === "Ok" ? env.result.filter((o) => o.tradingSymbol === symbol && /-s\dof2$/.test(o.clientOrderKey)) : [];
  return rows.sort((a, b) => a.clientOrderKey.localeCompare(b.clientOrderKey));
}

const SHOTS = "/tmp/fix-s18-slices";

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
  await expect(dialog).toContainText(`Cancel 2 slices of BUY 1875 ${symbol}`);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await slicesAtBroker(page, symbol)).map((o) => o.orderStatus)).toEqual(["cancelled", "cancelled"]);
  await expect(cell("status")).toHaveText("CANCELLED");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/cancelled-${theme}.png` });
  }
});
