import type { Page } from "@playwright/test";
import { api, commandLine, expect, palette, setTheme, signIn, test, token, ownBroker } from "./fixtures";

/**
 * Issue 33, the risk desk, by keyboard. A broker of this file's own (TICK_HZ=0: prices move only
 * by /dev/price), so that turning DEMO1's switches on does not touch the other specs' broker.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });

const SHOTS = "test-results/screenshots";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1680, height: 1000 },
] as const;

/** A basket line in the palette (basket new / add). */
async function basketLine(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+k");
  const p = page.getByRole("dialog", { name: "Command palette" });
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type(text);
  await expect(p.locator("[cmdk-item]").first()).toHaveAttribute("data-command", "basket.line");
  await page.keyboard.press("Enter");
  await expect(p).toBeHidden();
}

test("alert INFY above L then basket Breakout: the alert fires once and places the basket once, and says so", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const bearer = await token(page);
  const call = async <T,>(p: string, data: unknown = {}) => api<T>(page.request, broker.url, bearer, p, data);
  const infy = (await call<{ token: string; tradingSymbol: string }>("/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
  const setInfy = async (price: number): Promise<number> => {
    const res = (await (await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: Number(infy.token), price } })).json()) as { status: string; result: Array<{ ltp: number }> };
    expect(res.status).toBe("Ok");
    return res.result[0]!.ltp;
  };
  const level = await setInfy(1100);
  await basketLine(page, "basket new Breakout");
  await expect(page.getByText("Basket Breakout created")).toBeVisible();
  await basketLine(page, "basket add breakout INFY 1 buy");
  await expect(page.getByText("Added to Breakout: Qty 1 BUY INFY-EQ (MARKET Order) DELIVERY")).toBeVisible();
  const ordersBefore = (await call("/core/v2/orders/book")).result.length;

  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type(`alert INFY above ${level + 10} then basket Breakout`);
  await expect(page.locator("[cmdk-item]").first()).toContainText(`then place basket Breakout`);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Alert set: INFY-EQ")).toBeVisible();

  // Through the level, back, and through again: one firing, one basket.
  await setInfy(level + 12);
  await expect(page.getByText(new RegExp(`Alert INFY-EQ above ₹${(level + 10).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}: basket Breakout: 1 of 1 placed \\(\\d+\\)`))).toBeVisible();
  await setInfy(level);
  await setInfy(level + 15);
  await expect.poll(async () => (await call("/core/v2/orders/book")).result.length - ordersBefore).toBe(1);
  await palette(page, "Alerts");
  const row = page.locator('[aria-label="Price alerts"] tr[data-alert]').first();
  await expect(row).toBeVisible();
  // The Alerts pane alone (Alt+M), so that its Orders column has the room to show.
  await page.keyboard.press("Alt+m");
  await expect(row.locator('[data-field="orders"]')).toBeVisible();
  // What its firing toast said, the basket's order numbers too.
  await expect(row.locator('[data-field="orders"]')).toHaveText(/^basket Breakout: 1 of 1 placed \(\d+\)$/);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/risk-ato-alerts-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Alt+m");
  expect((await call("/core/v2/orders/book")).result.length - ordersBefore).toBe(1);
});

test("kill switch on Equity: the confirmation names it, the status bar shows it, an order and a basket are refused with EC710", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // A basket made before the switch, fired after it.
  await basketLine(page, "basket new Guarded");
  await expect(page.getByText("Basket Guarded created")).toBeVisible();
  await basketLine(page, "basket add guarded INFY 1 buy");
  await expect(page.getByText("Added to Guarded: Qty 1 BUY INFY-EQ (MARKET Order) DELIVERY")).toBeVisible();

  await palette(page, "Kill switch: turn on for Equity");
  const confirm = page.getByRole("dialog", { name: "Turn on the Equity kill switch?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("Every open Equity order is cancelled now");
  // The default cooling-off period is 12 hours, and the window says until when on the broker's clock.
  await expect(confirm.getByLabel("Cooling-off period")).toHaveValue("12");
  await expect(confirm.getByTestId("kill-switch-until")).toContainText(/Equity orders refused until \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d IST/);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/risk-kill-confirm-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  const badge = page.getByTestId("kill-switch-badge");
  await expect(badge).toContainText(/KILL SWITCH Equity until \d\d\/\d\d\/\d{4} \d\d:\d\d/);

  // An order: the window stays with the refusal and its code.
  await commandLine(page, "buy INFY 1");
  await page.keyboard.press("Enter");
  const window = page.getByRole("form", { name: "Order window" });
  await expect(window).toContainText("EC710: Kill switch is on for this segment: no new orders: Equity until");
  await page.screenshot({ path: `${SHOTS}/risk-kill-order-refused-1680-dark.png` });
  await page.keyboard.press("Escape");
  await expect(window).toBeHidden();

  // The basket: fired with one confirmation, its leg refused with the code in the view.
  await palette(page, "Baskets");
  const view = page.getByTestId("baskets");
  await expect(view.locator('[data-basket="Guarded"]')).toBeVisible();
  // Breakout (the test above) comes first: down to Guarded.
  await page.keyboard.press("Home");
  const guarded = view.locator('[data-basket="Guarded"]');
  for (let i = 0; i < 10 && (await guarded.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(guarded).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("f");
  const fire = page.getByRole("dialog", { name: "Fire basket Guarded" });
  await expect(fire).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(fire).toBeHidden();
  await expect(view.locator('[data-report="refused"]')).toContainText("EC710: Kill switch is on for this segment: no new orders: Equity until");
  // Guarded's own legs (the rows after its own): Breakout's leg shows as placed, its alert's run (test above).
  await expect(view.locator('tr[data-basket="Guarded"] ~ tr [data-report="placed"]')).toHaveCount(0);

  // Settings › Security lists it as on, with its end, in each screen size and theme; F&O stays off.
  await palette(page, "Settings: Security");
  const equity = page.getByTestId("kill-switch-equity");
  await equity.scrollIntoViewIfNeeded();
  await expect(equity).toHaveAttribute("data-on", "true");
  await expect(equity).toContainText(/On until \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d IST/);
  await expect(page.getByTestId("kill-switch-derivatives")).toContainText("Off");
  for (const size of SIZES) {
    for (const theme of ["dark", "light"] as const) {
      await page.setViewportSize(size);
      await setTheme(page, theme);
      await equity.scrollIntoViewIfNeeded();
      await expect(badge).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/risk-kill-settings-${size.width}-${theme}.png` });
    }
  }
});

test("a daily loss limit trips when the price falls through it: the toast says so, the position is squared off, the status bar shows it", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  // DEMO2 (equity only): the switches DEMO1 turned on above are not theirs.
  await signIn(page, "DEMO2", "/dashboard", broker.url);
  const bearer = await token(page);
  const call = async <T,>(p: string, data: unknown = {}) => api<T>(page.request, broker.url, bearer, p, data);
  const infy = (await call<{ token: string; tradingSymbol: string }>("/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
  const setInfy = async (price: number) => {
    const res = await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: Number(infy.token), price } });
    expect(((await res.json()) as { status: string }).status).toBe("Ok");
  };

  await palette(page, "Loss limits");
  const dialog = page.getByRole("dialog", { name: "Daily loss limits" });
  await expect(dialog.getByLabel("Maximum loss, ₹ (realised + unrealised)")).toBeFocused();
  await page.keyboard.type("500");
  await dialog.getByLabel("Square off every position when a limit trips").check();
  await dialog.getByLabel("Maximum loss, ₹ (realised + unrealised)").focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  // Saving says what was saved, as every risk-desk action does.
  await expect(page.locator(".toasts").getByText("Loss limits saved: Maximum loss ₹500.00; positions squared off on a trip")).toBeVisible();
  const readout = page.getByTestId("limits-readout");
  await expect(readout).toHaveText("limits left loss ₹500");

  // Buy 10 INFY at market, then the price falls 80 below the fill: a loss of about 800.
  await commandLine(page, "buy INFY 10 intraday");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("ow-submit")).toBeHidden();
  await expect.poll(async () => (await call<{ tradingSymbol: string; netQuantity: number }>("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")?.netQuantity ?? 0).toBe(10);
  const bought = (await call<{ tradingSymbol: string; buyPrice: number }>("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")!;
  // 30 lower first: 300 lost, 200 left; the dialog shows how far the limit is.
  await setInfy(bought.buyPrice - 30);
  await palette(page, "Loss limits");
  const left = dialog.locator('[data-limit="loss"] [data-field="left"]');
  await expect(left).toHaveText(/^₹\d{3}\.\d\d$/);
  // The dialog opens on the figures last read and asks the broker again at once: wait for the fall to show.
  const leftRupees = async () => Number((await left.innerText()).replace(/[₹,]/g, ""));
  await expect.poll(leftRupees).toBeLessThanOrEqual(200);
  expect(await leftRupees()).toBeGreaterThan(0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/risk-limits-dialog-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await setInfy(bought.buyPrice - 80);
  await expect(page.getByText(/Daily loss limit reached: trading is stopped for the rest of the day \(Maximum loss: ₹\d{3}\.\d\d of ₹500\.00\)/)).toBeVisible();
  await expect(readout).toHaveText("LOSS LIMIT TRIPPED");
  await expect(page.getByTestId("kill-switch-badge")).toContainText(/KILL SWITCH all segments until \d\d\/\d\d\/\d{4} 00:00/);
  await expect.poll(async () => (await call<{ tradingSymbol: string; netQuantity: number }>("/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ")?.netQuantity).toBe(0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/risk-limits-tripped-${size.width}-dark.png` });
  }
  // Lower still: it does not trip again (the day's trip keeps its time; nothing more is cancelled or placed).
  const trip = (await call<{ tripped: string; trippedAt: string }>("/core/v2/risk/limits")).result[0]!;
  expect(trip.tripped).toBe("loss");
  const ordersAfterTrip = (await call("/core/v2/orders/book")).result.length;
  await setInfy(bought.buyPrice - 120);
  await palette(page, "Loss limits");
  await expect(dialog.getByTestId("loss-limits-tripped")).toContainText("Maximum loss");
  // The day is stopped: no room is left, whatever the loss reads now.
  await expect(left).toHaveText("tripped");
  expect((await call<{ trippedAt: string }>("/core/v2/risk/limits")).result[0]!.trippedAt).toBe(trip.trippedAt);
  expect((await call("/core/v2/orders/book")).result.length).toBe(ordersAfterTrip);
});
