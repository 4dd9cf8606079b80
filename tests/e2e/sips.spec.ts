import type { Page } from "@playwright/test";
import { api, expect, ownBroker, palette, setTheme, signIn, test, token } from "./fixtures";

/**
 * SIPs by keyboard: a start date typed and sent with Enter at once is the date the broker keeps
 * (and a date after today buys nothing today); an amount is shown as money; Delete asks first and
 * names the SIP, which stays listed that day as Cancelled; another window of the browser follows;
 * a SIP cancelled elsewhere is refused with its code. A broker of this file's own, its clock on
 * Monday 7 December 2026 at 10:30 IST, the market open (an instalment due today would go at once).
 * Screenshots dark and light at 1680x1000 and a 1280x800 split under /tmp/shots/sip/.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker({ SIM_TIME: "2026-12-07T10:30:00+05:30", TICK_HZ: "0" });
const SHOTS = "/tmp/shots/sip";

interface SipRow {
  sipId: number;
  tradingSymbol: string;
  startDate: string;
  status: string;
  done: number;
  nextDate: string;
  amount: number;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}-1680-${theme}.png` });
  }
  await setTheme(page, "dark");
}

async function sipsOf(page: Page): Promise<SipRow[]> {
  const res = await page.request.get(`${broker.url}/core/v2/sips`, { headers: { Authorization: `Bearer ${await token(page)}`, Connection: "close" } });
  return ((await res.json()) as { result: SipRow[] }).result;
}

async function sbin(page: Page): Promise<{ token: number; tradingSymbol: string }> {
  const hits = await api<{ token: string; tradingSymbol: string; insType: string }>(page.request, broker.url, await token(page), "/core/search", { searchText: "SBIN", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 });
  const h = hits.result.find((r) => r.insType === "EQ")!;
  return { token: Number(h.token), tradingSymbol: h.tradingSymbol };
}

/** A SIP made through the broker, not a window (so no window is told of it). */
async function makeSip(page: Page, body: Record<string, unknown>): Promise<SipRow> {
  const r = await api<SipRow>(page.request, broker.url, await token(page), "/core/v2/sips", body);
  expect(r.status).toBe("Ok");
  return r.result[0]!;
}

test("a start date typed and sent with Enter at once is the date the broker keeps, and nothing is bought today", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await palette(page, "SIP: create");
  const dialog = page.getByRole("dialog", { name: "Create SIP" });
  await expect(dialog.getByLabel("Instrument")).toBeFocused();
  await page.keyboard.type("SBIN");
  await dialog.getByLabel("Quantity").focus();
  await page.keyboard.type("1");
  // The field is DD/MM/YYYY: 07/01/2027 is Thursday 7 January 2027, a trading day after the broker's today.
  const start = dialog.getByLabel("Start date (DD/MM/YYYY)");
  await start.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("07/01/2027");
  await expect(start).toHaveValue("07/01/2027");
  await shots(page, "sip-date-typed");
  // Enter at once, well inside the field's 1000 ms debounce: what the field shows is what is sent.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^SIP created: SBIN/)).toBeVisible();

  const made = (await sipsOf(page)).find((s) => s.tradingSymbol.startsWith("SBIN"))!;
  expect(made).toMatchObject({ startDate: "2027-01-07", nextDate: "2027-01-07", done: 0, status: "ACTIVE" });
  // Its first date is a month away: no instalment went to the book today (orderTag "SIP <id>").
  const book = await api<{ orderTag?: string }>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  expect(book.result.filter((o) => String(o.orderTag ?? "").startsWith("SIP"))).toEqual([]);
});

test("an amount SIP shows each instalment as money is shown everywhere: ₹5,000.00", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  const s = await sbin(page);
  const made = await makeSip(page, { exchange: "NSEEQ", token: s.token, amount: 5000, frequency: "MONTHLY", startDate: "2027-01-07", count: 12 });
  await palette(page, "SIPs");
  const row = page.locator(`[aria-label="SIPs"] tr[data-sip="${made.sipId}"]`);
  // Column 2 is Each: "Indian digit grouping" with 2 decimals, as every rupee figure is.
  await expect(row.locator("td").nth(1)).toHaveText("₹5,000.00");
});

test("Delete asks first and names the SIP; the cancelled SIP stays listed that day, and another window follows", async ({ page, context }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  const s = await sbin(page);
  const made = await makeSip(page, { exchange: "NSEEQ", token: s.token, amount: 2500, frequency: "WEEKLY", startDate: "2026-12-14", count: 4 });

  // A second window of the same browser with its SIPs listed.
  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 800 });
  await other.goto(`${broker.url}/main/orders`);
  await expect(other.locator(".workspace .pane").first()).toBeVisible();
  await palette(other, "SIPs");
  const otherRow = other.locator(`[aria-label="SIPs"] tr[data-sip="${made.sipId}"]`);
  await expect(otherRow).toContainText("Active");

  await page.bringToFront();
  await palette(page, "SIPs");
  const row = page.locator(`[aria-label="SIPs"] tr[data-sip="${made.sipId}"]`);
  await row.click();
  await expect(row).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Delete");
  // Asked, as a cancel of an order or a GTT is; named by instrument, each instalment, frequency.
  const named = `${s.tradingSymbol}, ₹2,500.00 weekly, 0 of 4 done`;
  const confirm = page.getByRole("dialog", { name: `Cancel SIP on ${s.tradingSymbol}` });
  await expect(confirm).toContainText(named);
  await expect(confirm).toContainText("No instalment from 14/12/2026 on. Cancel it?");
  // Not cancelled before the answer.
  expect((await sipsOf(page)).find((x) => x.sipId === made.sipId)?.status).toBe("ACTIVE");
  await shots(page, "sip-cancel-confirm");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`SIP cancelled: ${named}`, { exact: true })).toBeVisible();

  // Listed the rest of the day as Cancelled, as the broker lists it.
  await expect(row).toContainText("Cancelled");
  expect((await sipsOf(page)).find((x) => x.sipId === made.sipId)).toMatchObject({ status: "CANCELLED", nextDate: "" });
  await shots(page, "sip-cancelled");

  // The other window follows without a reload.
  await other.bringToFront();
  await expect(otherRow).toContainText("Cancelled");
  // Split: the SIPs pane beside another at 1280x800.
  await other.locator('.pane[data-view="sips"] .pane-title').click();
  await other.keyboard.press("Alt+Backslash");
  await expect(other.locator('.pane[data-view="sips"]')).toHaveCount(2);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(other, theme);
    await other.screenshot({ path: `${SHOTS}/sips-1280-split-${theme}.png` });
  }
  await setTheme(other, "dark");
  await other.close();
});

test("Delete on a SIP cancelled elsewhere is refused with its code, and the list then shows it cancelled", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  const s = await sbin(page);
  const made = await makeSip(page, { exchange: "NSEEQ", token: s.token, quantity: 3, frequency: "DAILY", startDate: "2026-12-08", count: 5 });
  await palette(page, "SIPs");
  const row = page.locator(`[aria-label="SIPs"] tr[data-sip="${made.sipId}"]`);
  await expect(row).toContainText("Active");
  // Cancelled at the broker, no window told: this window's row still says Active.
  const bearer = await token(page);
  const gone = await page.request.delete(`${broker.url}/core/v2/sips/${made.sipId}`, { headers: { Authorization: `Bearer ${bearer}`, Connection: "close" } });
  expect(((await gone.json()) as { status: string }).status).toBe("Ok");

  await row.click();
  await page.keyboard.press("Delete");
  await page.keyboard.press("Enter");
  // The catalogue's EC979 "SIP not found", with its code, and the SIP it was about.
  await expect(page.getByText(`EC979: SIP not found: ${s.tradingSymbol}, 3 shares daily, 0 of 5 done`, { exact: true })).toBeVisible();
  await expect(row).toContainText("Cancelled");
});
