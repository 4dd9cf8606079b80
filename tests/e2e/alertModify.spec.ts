import type { Page } from "@playwright/test";
import { api, expect, ownBroker, palette, runLine, setTheme, signIn, test, token } from "./fixtures";

/**
 * By keyboard: an alert set says what it watches; a refusal shows its code; `m` on the
 * alert's row modifies it; once fired, its row says when (IST) and at what, and `m` says it cannot.
 * A broker of this file's own (TICK_HZ=0: INFY moves only by /dev/price). Screenshots dark and light
 * at 1680x1000 under /tmp/shots/alerts/.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "/tmp/shots/alerts";

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
}

test("alert INFY above 1150: set (with its condition), modified with m to 1160, fired at 1161 (shown in IST), then m refuses", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const bearer = await token(page);
  const infy = (await api<{ token: string; tradingSymbol: string }>(page.request, broker.url, bearer, "/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
  const setInfy = async (price: number) => {
    const res = (await (await page.request.post(`${broker.url}/dev/price`, { data: { exchange: "NSEEQ", token: Number(infy.token), price } })).json()) as { status: string };
    expect(res.status).toBe("Ok");
  };
  await setInfy(1100);

  // "A toast says what happened to what", in the firing toast's words: at or above ₹1,150.00 (a price, with the exchange's decimals).
  await runLine(page, "alert INFY above 1150", "alert.line");
  await expect(page.getByText("Alert set: INFY-EQ at or above ₹1,150.00", { exact: true })).toBeVisible();

  // A share has no open interest: the broker's EC730, shown with its code (README: refusals are shown with their code).
  await runLine(page, "alert INFY oi above 1000000", "alert.line");
  await expect(page.getByText("EC730: An open-interest alert needs a future or an option: this instrument has no open interest: INFY-EQ is a share", { exact: true })).toBeVisible();

  // The Alerts view, its one alert under the cursor: m opens the dialog on its terms.
  await palette(page, "Alerts");
  const pane = page.locator('.pane[data-view="alerts"]');
  await expect(pane).toHaveClass(/pane-focused/);
  const row = pane.locator('[aria-label="Price alerts"] tr[data-alert]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("m");
  const dialog = page.getByTestId("alert-dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Modify alert" })).toBeVisible();
  await expect(dialog.getByLabel("Instrument")).toHaveValue("NSEEQ:INFY-EQ");
  await expect(dialog.getByLabel("Condition")).toHaveValue("ABOVE");
  const price = dialog.getByLabel("Price (₹)");
  await expect(price).toBeFocused();
  await expect(price).toHaveValue("1150");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("1160");
  await shots(page, "modify-dialog");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Alert modified: INFY-EQ at or above ₹1,160.00", { exact: true })).toBeVisible();
  await expect(row.locator("td").nth(1)).toHaveText("above ₹1,160.00");
  await expect(row.locator('[data-field="status"]')).toHaveText("Active");

  // 1155 was past the old 1150, not the new 1160: nothing. 1161 fires it.
  await setInfy(1155);
  await expect(row.locator('[data-field="status"]')).toHaveText("Active");
  await setInfy(1161);
  await expect(page.getByText("Alert: INFY-EQ at ₹1,161.00, at or above ₹1,160.00", { exact: true })).toBeVisible();
  // The row says when, in IST (UTC + 5:30, worked out here from the broker's instant), and at what.
  const fired = (await (await page.request.get(`${broker.url}/core/v2/alerts`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { result: Array<{ triggeredAt: string }> };
  const ist = new Date(Date.parse(fired.result[0]!.triggeredAt) + 330 * 60_000).toISOString().slice(11, 19);
  await expect(row.locator('[data-field="status"]')).toHaveText(`Fired ${ist} at ₹1,161.00`);
  await shots(page, "alert-fired");
  // Maximized (Alt+M), the wide list: every column, and no row buttons on a fired alert.
  await page.keyboard.press("Alt+m");
  await shots(page, "alert-fired-wide");
  await page.keyboard.press("Alt+m");

  // A fired alert has done its work: m says so, and opens nothing.
  await page.keyboard.press("m");
  await expect(page.getByTestId("status-line")).toHaveText(`Modify alert: the INFY-EQ alert fired ${ist} at ₹1,161.00; only an active alert can be modified`);
  await expect(dialog).toBeHidden();
});

test("Delete on an active alert asks first, naming it; Esc keeps it; Enter cancels it, and the toast names what it cancelled", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await runLine(page, "alert INFY below 1000", "alert.line");
  await expect(page.getByText("Alert set: INFY-EQ at or below ₹1,000.00", { exact: true })).toBeVisible();
  await palette(page, "Alerts");
  const pane = page.locator('.pane[data-view="alerts"]');
  const row = pane.locator('[aria-label="Price alerts"] tr[data-alert]').filter({ hasText: "below ₹1,000.00" });
  await row.click();
  await expect(row).toHaveAttribute("aria-selected", "true");

  // As a cancelled order, GTT or SIP: the question names the alert the Delete would end.
  await page.keyboard.press("Delete");
  const ask = page.getByRole("dialog", { name: "Cancel alert on INFY-EQ" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("INFY-EQ at or below ₹1,000.00. Cancel it?");
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await expect(row.locator('[data-field="status"]')).toHaveText("Active");

  await page.keyboard.press("Delete");
  await expect(ask).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Alert cancelled: INFY-EQ at or below ₹1,000.00", { exact: true })).toBeVisible();
  // The broker keeps no cancelled alert: the list is what is still watched.
  await expect(row).toHaveCount(0);
  await shots(page, "alert-cancelled");
});
