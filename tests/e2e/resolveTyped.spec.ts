import type { Page } from "@playwright/test";
import { api, contractOf, expect, ownBroker, palette, runLine, setTheme, signIn, test, token } from "./fixtures";

/**
 * One way per job, by keyboard: a bare contract symbol ("GOLD27FEBFUT") is found on the
 * exchange that lists it by `chart` and by the alert dialog's instrument field, as the order window
 * finds it; a chart line made an alert (Shift+A) says so in the alert commands' words, and a refusal
 * carries its code. A broker of this file's own (TICK_HZ=0: nothing fires while the test reads it).
 * Screenshots 1680x1000 dark and light under /tmp/shots/resolve/.
 */
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/shots/resolve";

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
}

const goldOf = (page: Page) => contractOf(page, broker.url, { searchText: "GOLD", exchange: "MCXCOMM", pick: (h) => h.insType === "FUTCOM" && /^GOLD\d/.test(h.tradingSymbol) });

test("`chart GOLD…FUT` with no exchange opens MCXCOMM's chart, and says BSECOMM lists it too", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const gold = await goldOf(page);

  // "A trading symbol names one contract: found wherever it is listed" (core/search/typedSymbol.ts): MCXCOMM's, and BSECOMM's named.
  await runLine(page, `chart ${gold.tradingSymbol}`, "chart.line");
  const chart = page.locator(`[data-testid="chart"][data-exchange="MCXCOMM"][data-symbol="${gold.tradingSymbol}"]`);
  await expect(chart).toBeVisible();
  await expect(page.getByText(`${gold.tradingSymbol}: Found on MCXCOMM (also on BSECOMM: type BSECOMM:${gold.tradingSymbol} for it)`)).toBeVisible();
  await expect(page.getByText(`Unknown symbol ${gold.tradingSymbol} on NSEFO`)).toHaveCount(0);
  await expect(chart.getByTestId("chart-canvas")).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await shots(page, "chart-bare-gold");
});

test("the alert dialog takes GOLD…FUT with no exchange and sets the alert on MCXCOMM", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const gold = await goldOf(page);
  // The alert dialog's instrument field reads the word as the order window and `chart` do: the alert is on MCXCOMM's contract.
  await palette(page, "Alert: create a price alert");
  const dialog = page.getByTestId("alert-dialog");
  await expect(dialog.getByLabel("Instrument")).toBeFocused();
  await page.keyboard.type(gold.tradingSymbol);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Condition")).toHaveValue("ABOVE");
  await page.keyboard.press("Tab");
  const level = Math.round(gold.ltp) + 500;
  await page.keyboard.type(String(level));
  await shots(page, "alert-dialog-bare-gold");
  await page.keyboard.press("Enter");
  // alertSetText: "Alert set: <symbol> at or above ₹<value grouped the Indian way, two decimals as MCX prices>".
  await expect(page.getByText(`Alert set: ${gold.tradingSymbol} at or above ₹${level.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const listed = (await (await page.request.get(`${broker.url}/core/v2/alerts`, { headers: { authorization: `Bearer ${await token(page)}` } })).json()) as { result: Array<{ exchange: string; token: number; tradingSymbol: string }> };
  expect(listed.result.map((a) => `${a.exchange}:${a.tradingSymbol}`)).toEqual([`MCXCOMM:${gold.tradingSymbol}`]);
});

test("a chart line made an alert (Shift+A) says it in the alert commands' words; the broker's refusal carries its code", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const bearer = await token(page);
  await runLine(page, "chart HCLTECH", "chart.line");
  const pane = page.locator('.pane-focused[data-view="chart"]');
  const canvas = pane.locator('[data-testid="chart"][data-symbol="HCLTECH-EQ"]').getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  const rows = pane.getByTestId("chart-drawings").getByRole("option");

  // h starts a line at the last bar's close, ↑ ×(100 + 10n) steps it over 5 rupees up (HCLTECH's tick is 0.05 or 0.10), h sets it:
  // above the last price (the broker's TICK_HZ=0 keeps it within a rupee of that close), so ABOVE. l lists it, Esc closes the list.
  const drawLine = async (n: number) => {
    await page.keyboard.press("h");
    for (let i = 0; i < 100 + 10 * n; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("h");
    await page.keyboard.press("l");
    await expect(rows).toHaveCount(n);
    const text = (await rows.nth(n - 1).locator(".what").innerText()).trim();
    await page.keyboard.press("Escape");
    await expect(pane.getByTestId("chart-drawings")).toBeHidden();
    return text;
  };
  const lineText = await drawLine(1);
  await page.keyboard.press("Shift+A");
  // alertSetText, as `alert HCLTECH above …` says it: "at or above ₹" and the price grouped the Indian way (the line's own text).
  // describeCondition writes the value as a price: NSE's two decimals ("₹1,150.00", "₹1,150.50").
  const asTyped = Number(lineText.replace(/,/g, "")).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByText(`Alert set: HCLTECH-EQ at or above \u20b9${asTyped}`, { exact: true })).toBeVisible();
  await shots(page, "chart-line-alert-set");

  // The broker keeps at most 100 active alerts (MAX_ACTIVE_ALERTS): filled up to it, then a second line's alert is refused.
  const hcl = await contractOf(page, broker.url, { searchText: "HCLTECH", pick: (h) => h.symbol === "HCLTECH" && h.insType === "EQ" });
  const listed = (await (await page.request.get(`${broker.url}/core/v2/alerts`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { result: Array<{ status: string }> };
  const active = listed.result.filter((a) => a.status === "ACTIVE").length;
  for (let i = active; i < 100; i++) {
    const made = await api(page.request, broker.url, bearer, "/core/v2/alerts", { exchange: "NSEEQ", token: Number(hcl.token), condition: "ABOVE", value: 100000 + i });
    expect(made.status).toBe("Ok");
  }
  await drawLine(2);
  await page.keyboard.press("Shift+A");
  // "Every refusal carries its code" (alertRefusalText): EC990 before the broker's message.
  await expect(page.getByText("EC990: Invalid alert: you can keep at most 100 active alerts", { exact: true })).toBeVisible();
  await shots(page, "chart-line-alert-refused");
});
