import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { api, commandLine, expect, ownBroker, palette, setTheme, signIn, test, token } from "./fixtures";

/**
 * After a few market buys Funds read "Realised MTM -14.31", the sum of the trade book's charges,
 * while every position and Home's Trading card read Realised 0.00. The funds rule (rules/funds.ts):
 * realizedMTOM = realised P&L of every position - charges of every fill. Funds says "after
 * charges", and Home shows the charges and that figure beside the positions' realised P&L.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/shots/funds";

const rupees = (t: string | null): number => Number((t ?? "").replace(/[₹,\s]/g, ""));
const amount = async (cell: Locator): Promise<number> => {
  await expect(cell).toBeVisible();
  return rupees(await cell.textContent());
};

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-1680x1000-${theme}.png` });
  }
  await setTheme(page, "dark");
}

test("market buys: Funds' realised MTM is the positions' realised P&L less the charges Home shows", async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/home", broker.url);
  await palette(page, "Layout: Single pane");
  for (const line of ["buy INFY 5", "buy SBIN 3"]) {
    await commandLine(page, line);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("ow-submit")).toBeHidden();
  }
  const bearer = await token(page);
  const trades = (await api<{ charges: number }>(page.request, broker.url, bearer, "/core/v2/orders/trades", {})).result;
  const positions = (await api<{ realizedPnl: number }>(page.request, broker.url, bearer, "/core/v2/positions", {})).result;
  // The rule by hand: charges in paise summed, realised P&L of buys alone is 0 (nothing closed).
  const charges = trades.reduce((p, t) => p + Math.round(t.charges * 100), 0) / 100;
  const realised = positions.reduce((s, p) => s + p.realizedPnl, 0);
  expect(trades.length).toBeGreaterThanOrEqual(2);
  expect(charges).toBeGreaterThan(0);
  expect(realised).toBe(0);

  await palette(page, "Go to Funds");
  const mtm = page.getByTestId("funds").locator('tr[data-field="realizedMTOM"]');
  await expect(mtm.locator("td").first()).toHaveText("Realised MTM (after charges)");
  await expect(mtm).toHaveAttribute("title", /less the charges of every fill/);
  await expect.poll(() => amount(mtm.locator("td.num").last())).toBeCloseTo(realised - charges, 2);
  await shoot(page, "funds");

  await palette(page, "Go to Home");
  await page.getByTestId("home").getByRole("tab", { name: "Trading" }).click();
  const card = page.getByRole("table", { name: "Trading summary" });
  await expect(card.locator('tr[data-field="realizedPnl"] td.num')).toHaveText("0.00");
  await expect.poll(() => amount(card.locator('tr[data-field="charges"] td.num'))).toBeCloseTo(charges, 2);
  await expect(card.locator('tr[data-field="realizedMTOM"] td').first()).toHaveText("Realised MTM (after charges)");
  await expect.poll(() => amount(card.locator('tr[data-field="realizedMTOM"] td.num'))).toBeCloseTo(realised - charges, 2);
  await shoot(page, "home-trading");
});
