import type { Page } from "@playwright/test";
import { openChart, shown } from "./chartHelpers";
import { expect, palette, shareOf, signIn, test } from "./fixtures";

/**
 * FINDINGS-29 s1, two windows of one user: a GTT's quantity raised 1 → 2 in window 2 (its GTT tab,
 * m, Quantity, Enter) stayed 1 in window 1, on its chart line, until "Refresh GTT orders"; a one-tick
 * nudge of that line then sent a modify with the old quantity, silently putting it back. A GTT place,
 * modify or cancel now reaches every window (gttChange on the order topic, src/core/rules/gttChange.ts),
 * and the line's move sends the broker's terms, only the trigger and its limit moved.
 */
test.use({ viewport: { width: 1680, height: 1000 } });

// A share no other spec trades: the worker's broker keeps every earlier spec's GTTs.
const SHARE = "EICHERMOT";

async function selectGttLine(page: Page, canvas: ReturnType<Page["locator"]>): Promise<void> {
  for (let i = 0; i < 8 && !((await canvas.getAttribute("data-selected-line")) ?? "").startsWith("gtt:"); i++) await page.keyboard.press("Tab");
  await expect(canvas).toHaveAttribute("data-selected-line", /^gtt:.+:1$/);
}

test("a GTT modified in window 2 shows in window 1's chart at once; window 1's line move then keeps window 2's quantity", async ({ page, context, baseURL }) => {
  const origin = baseURL!;
  await signIn(page, "DEMO1", "/dashboard");
  await palette(page, "Layout: Monitor");
  const { ltp, tickSize } = await shareOf(page, origin, SHARE);
  const onTick = (p: number) => Number((Math.round(p / tickSize) * tickSize).toFixed(2));
  const trigger = onTick(ltp * 0.95);
  const limit = onTick(trigger + 10 * tickSize);
  await palette(page, `gtt buy ${SHARE} 1 trigger ${trigger} @ ${limit}`);
  const form = page.getByRole("form", { name: "GTT form" });
  await expect(form).toBeVisible();
  await page.keyboard.press("Enter");
  const placed = page.getByText(new RegExp(`GTT Placed Successfully: Qty 1 BUY ${SHARE}-EQ .* GTT (\\d+)$`));
  await expect(placed).toBeVisible();
  const gttId = /GTT (\d+)$/.exec((await placed.textContent()) ?? "")![1]!;
  await expect(form).toBeHidden();

  // Window 1: the chart, its GTT line selected.
  const { canvas } = await openChart(page, SHARE);
  await selectGttLine(page, canvas);
  // The chart pane whether focused or not: the tabs share the layout, and window 2's Orders page takes the focus in both.
  const bar = page.locator(`[data-view="chart"] [data-testid="chart"][data-symbol="${SHARE}-EQ"]`).getByTestId("order-line-bar");
  await expect(bar).toContainText("GTT Buy 1 trigger");

  // Window 2: its GTT tab, the GTT's row, m, Quantity 2, Enter.
  const w2 = await context.newPage();
  await w2.goto("/main/orders?tab=3");
  const row2 = w2.locator(`table[aria-label='GTT orders'] tbody tr[data-gtt='${gttId}']`);
  await row2.click();
  await w2.keyboard.press("m");
  const form2 = w2.getByRole("form", { name: "GTT form" });
  await expect(form2).toBeVisible();
  await form2.locator("#gtt-quantity").focus();
  await w2.keyboard.press("Control+a");
  await w2.keyboard.type("2");
  await w2.keyboard.press("Enter");
  await expect(w2.getByText(`GTT Modified Successfully: Qty 2 BUY ${SHARE}-EQ trigger ₹${shown(trigger)} @ ₹${shown(limit)} (SINGLE GTT) DELIVERY, GTT ${gttId}`)).toBeVisible();

  // Window 1, no reload, no "Refresh GTT orders": its line says 2.
  await expect(bar).toContainText("GTT Buy 2 trigger");

  // Back to window 1's chart (Alt+2, its pane), its line still selected.
  await page.bringToFront();
  await page.keyboard.press("Alt+2");
  await expect(canvas).toHaveAttribute("data-selected-line", `gtt:${gttId}:1`);
  // Window 1 nudges the line one tick down: the modify keeps quantity 2, the trigger and its limit one tick down.
  await page.keyboard.press("ArrowDown");
  const down = (p: number) => onTick(p - tickSize);
  await expect(bar.locator("b")).toHaveText("GTT Buy 2 trigger");
  await expect(bar).toContainText(`₹${shown(trigger)} → ₹${shown(down(trigger))}, price ₹${shown(limit)} → ₹${shown(down(limit))}`);
  await page.keyboard.press("Enter");
  await expect(page.getByText(`GTT Modified Successfully: Qty 2 BUY ${SHARE}-EQ trigger ₹${shown(down(trigger))} @ ₹${shown(down(limit))} (SINGLE GTT) DELIVERY, GTT ${gttId}`)).toBeVisible();
  // And window 2's row shows window 1's move, unasked.
  await expect(row2).toContainText(shown(down(trigger)));
  await w2.close();
});
