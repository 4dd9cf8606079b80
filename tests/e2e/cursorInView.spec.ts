import type { Locator, Page } from "@playwright/test";
import { api, expect, ownBroker, palette, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * FINDINGS-25 s4: in a Positions or Orders pane shorter than its rows, j moved the cursor below the
 * visible rows and the list did not move, so `x`, `v`, `m`, Delete acted on a row the trader could
 * not see. Now every list keeps its cursor's row in view (panes/layout/rowInView.ts): a row is seen
 * when it is inside the pane's body and neither under the sticky header nor under a stuck Total.
 * The trading preset at 1680×1000 with its Orders and Positions panes each split down once (about
 * 200 px each, four rows seen); DEMO1 with 12 intraday buys (12 more positions) and 14 resting limits. A broker of
 * this file's own, with no ticks.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots";
const SHARES = ["RELIANCE", "TCS", "INFY", "HDFCBANK", "ICICIBANK", "SBIN", "ITC", "LT", "AXISBANK", "KOTAKBANK", "WIPRO", "MARUTI"];

interface Seen {
  /** The cursor row's box, and what the trader can see rows in: the body less the header over it and a Total stuck at its bottom. */
  row: { top: number; bottom: number };
  body: { top: number; bottom: number };
  clear: { top: number; bottom: number };
  key: string;
}

/** The cursor's row as drawn, in the pane `pane`, against the pane's visible body. */
function cursorRow(pane: Locator): Promise<Seen> {
  return pane.evaluate((p) => {
    const body = p.querySelector<HTMLElement>(".pane-body")!;
    const row = p.querySelector<HTMLElement>('tr[aria-selected="true"]')!;
    const top = body.getBoundingClientRect().top + body.clientTop;
    const b = { top, bottom: top + body.clientHeight };
    const head = row.closest("table")!.tHead!.getBoundingClientRect();
    const foot = row.closest("table")!.tFoot?.getBoundingClientRect();
    const r = row.getBoundingClientRect();
    return {
      row: { top: r.top, bottom: r.bottom },
      body: b,
      clear: { top: Math.max(b.top, head.bottom), bottom: Math.min(b.bottom, foot ? foot.top : Infinity) },
      key: row.dataset.orderNo ?? `${row.dataset.symbol} ${row.dataset.product}`,
    };
  });
}

/** j, one row at a time to the last row, the cursor's row seen after each. */
async function walkDown(page: Page, pane: Locator, view: string): Promise<void> {
  const count = await pane.locator("table tbody tr").count();
  const height = (await pane.locator(".pane-body").boundingBox())!.height;
  expect(height, `the ${view} pane is short`).toBeLessThan(220);
  expect(count * 20, `more ${view} rows than the pane shows`).toBeGreaterThan(height);
  for (let i = 1; i < count; i += 1) {
    await page.keyboard.press(i % 2 ? "j" : "ArrowDown");
    await expect(pane.locator('tr[aria-selected="true"]')).toHaveCount(1);
    const s = await cursorRow(pane);
    const where = `${view} row ${i + 1} of ${count} (${s.key}): row ${s.row.top.toFixed(1)}-${s.row.bottom.toFixed(1)}, seen ${s.clear.top.toFixed(1)}-${s.clear.bottom.toFixed(1)}`;
    expect(s.row.top >= s.body.top - 0.5 && s.row.bottom <= s.body.bottom + 0.5, `${where}: inside the pane's body`).toBe(true);
    expect(s.row.top >= s.clear.top - 0.5 && s.row.bottom <= s.clear.bottom + 0.5, `${where}: under neither the header nor the Total`).toBe(true);
  }
  // k back to the first: the list comes back up with it.
  await page.keyboard.press("Home");
  const s = await cursorRow(pane);
  expect(s.row.top >= s.clear.top - 0.5, `${view}: Home shows the first row below the header`).toBe(true);
}

/** The pane of `view`, split down once: the first of the two, about 200 px tall. */
async function shortPane(page: Page, view: string): Promise<Locator> {
  const id = await page.locator(`.pane[data-view="${view}"]`).first().getAttribute("data-pane-id");
  const pane = page.locator(`.pane[data-pane-id="${id}"]`);
  await pane.locator(".pane-title").click();
  await palette(page, "Split pane down");
  await expect(page.locator(`.pane[data-view="${view}"]`)).toHaveCount(2);
  return pane;
}

test("j past the visible rows of a short Positions or Orders pane scrolls the list to keep the cursor's row in view", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const bearer = await token(page);
  // The broker's order rate limit (EC970) answers when its next slot is: waited for, then sent again (nothing was placed).
  const place = async (data: Record<string, unknown>) => {
    for (;;) {
      const r = await api<{ retryAfterMs?: number }>(page.request, broker.url, bearer, "/core/v2/orders", data);
      if (r.status !== "EC970") return r.status;
      await page.waitForTimeout((r.result[0]?.retryAfterMs ?? 500) + 50);
    }
  };
  const order = { exchange: "NSEEQ", transactionType: "BUY", product: "INTRADAY", orderComplexity: "REGULAR", validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0 };
  for (const symbol of SHARES) {
    const c = await shareOf(page, broker.url, symbol);
    expect(await place({ ...order, instrumentId: String(c.token), quantity: 1, orderType: "MARKET", price: 0 })).toBe("Ok");
  }
  const infy = await shareOf(page, broker.url, "INFY");
  const below = (k: number) => Number((Math.floor((infy.ltp * (0.96 - k / 500)) / infy.tickSize) * infy.tickSize).toFixed(2));
  for (let k = 0; k < 14; k += 1) {
    expect(await place({ ...order, instrumentId: String(infy.token), quantity: 1, orderType: "LIMIT", price: below(k) })).toBe("Ok");
  }
  await page.reload();
  // The app's keys are bound once its shell is up (the status bar's clock): a Ctrl+K before that reached nothing (project CI of 19ea3ab).
  await expect(page.getByTestId("sim-clock")).toBeVisible();
  await palette(page, "Layout: Trading");
  const positions = await shortPane(page, "position");
  const orders = await shortPane(page, "orders");
  await expect(positions.locator("table tbody tr").nth(13)).toBeAttached();

  await positions.locator(".pane-title").click();
  await walkDown(page, positions, "Positions");
  await page.keyboard.press("End");
  await orders.locator(".pane-title").click();
  await expect(orders.locator("table tbody tr").nth(13)).toBeAttached();
  await walkDown(page, orders, "Orders");
  await page.keyboard.press("End");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/cursor-in-view-1680-${theme}.png` });
  }

  // A new order goes to the top of the book: the cursor stays on its order (by its number), still in view.
  const before = await cursorRow(orders);
  const had = await orders.locator("table tbody tr").count();
  expect(await place({ ...order, instrumentId: String(infy.token), quantity: 1, orderType: "LIMIT", price: below(20) })).toBe("Ok");
  await expect(orders.locator("table tbody tr")).toHaveCount(had + 1);
  const after = await cursorRow(orders);
  expect(after.key, "the cursor is on the same order after the re-sort").toBe(before.key);
  expect(after.row.top >= after.clear.top - 0.5 && after.row.bottom <= after.clear.bottom + 0.5, "and its row is still seen").toBe(true);
});
