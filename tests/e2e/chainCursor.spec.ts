import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, openPalette, orderBook, ownBroker, setTheme, signIn, test } from "./fixtures";

/**
 * The chain's cursor holds its strike through a change of expiry (README, keys: the
 * cursor "holds its row"; what is selected is what is acted on). An explorer moved to 24,350 in
 * `chain NIFTY`, pressed `]`, then `b`: the cursor had jumped to the strike at the money and `b`
 * opened "Buy NIFTY26D1524500CE", not the strike picked.
 * 1. Three strikes below the money, the put side; `]`, `b`: the order window is the next expiry's
 *    put of that strike, and Enter puts that contract in the broker's book; `[` back keeps it too.
 * 2. A strike past the money-centred window (`+`, End, `-`): `]` and the expiry chooser keep the
 *    cursor on it, the window shifted to show it.
 * Every expiry of the paper broker's NIFTY lists the same strikes, so "not listed" is a unit test
 * (tests/unit/core/rules/optionChain.test.ts). Screenshots at 1680x1000, dark, light and a split,
 * go to /tmp/shots/chaincursor to be looked at.
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1680, height: 1000 } });
const broker = ownBroker({}, { perTest: true });
const SHOTS = "/tmp/shots/chaincursor";
fs.mkdirSync(SHOTS, { recursive: true });

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

const chainOf = (page: Page): Locator => page.locator('.pane[data-view="optionchain"] [data-testid="optionchain"]');
const cursorRow = (page: Page): Locator => chainOf(page).locator('tr[data-strike][aria-selected="true"]');

async function chainLine(page: Page, text: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-command="chain.line"]').first()).toBeVisible();
  await page.keyboard.press("Enter");
}

/** The chain shows `expiry` with its cursor placed: its loading and placing are done. */
async function settledOn(page: Page, expiry: string): Promise<void> {
  await expect(chainOf(page)).toHaveAttribute("data-expiry", expiry);
  await expect(cursorRow(page)).toHaveCount(1);
}

/**
 * NIFTY's contract name, worked out from the master's naming (server/market/instruments/derivatives.ts
 * contractNames): a weekly is "NIFTY" yy, the month's character (1-9, O, N, D), dd; the monthly (the
 * month's last, a week later is another month) "NIFTY" yy MON; then the strike and CE or PE.
 */
function niftyOption(expiry: string, strike: string, side: "CE" | "PE"): string {
  const [yyyy, mm, dd] = expiry.split("-");
  const monthly = new Date(Date.parse(expiry) + 7 * 86_400_000).getUTCMonth() !== new Date(Date.parse(expiry)).getUTCMonth();
  const date = monthly ? `${yyyy!.slice(2)}${MONTHS[Number(mm) - 1]}` : `${yyyy!.slice(2)}${"123456789OND"[Number(mm) - 1]}${dd}`;
  return `NIFTY${date}${strike}${side}`;
}

async function openNiftyChain(page: Page): Promise<string[]> {
  await chainLine(page, "chain NIFTY");
  await expect(page.locator('.pane-focused[data-view="optionchain"]')).toBeVisible();
  await expect(chainOf(page)).toHaveAttribute("data-symbol", "NIFTY");
  await expect(cursorRow(page)).toHaveCount(1);
  return page.locator('.pane[data-view="optionchain"] .chain-expiries [data-expiry]').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.expiry!));
}

test("a put three strikes below the money, ] then b: the order window and the book have that strike's put of the next expiry", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // The chain in the orders pane's place: a split, as a trader works.
  await page.locator('.pane[data-view="orders"] .pane-title').click();
  const expiries = await openNiftyChain(page);
  expect(expiries.length, expiries.join(", ")).toBeGreaterThanOrEqual(3);
  await settledOn(page, expiries[0]!);
  // The cursor starts at the money; three strikes down the list (lower strikes are above: the list ascends) and across to the put.
  const start = Number(await cursorRow(page).getAttribute("data-strike"));
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  const strike = String(start - 150);
  await expect(cursorRow(page)).toHaveAttribute("data-strike", strike);
  await expect(cursorRow(page)).toHaveAttribute("data-cursor-side", "PE");

  await page.keyboard.press("]");
  await settledOn(page, expiries[1]!);
  // The same strike and side in the next expiry, not the money's.
  await expect(cursorRow(page)).toHaveAttribute("data-strike", strike);
  await expect(cursorRow(page)).toHaveAttribute("data-cursor-side", "PE");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/split-after-next-expiry-${theme}.png` });
  }
  await setTheme(page, "dark");

  const want = niftyOption(expiries[1]!, strike, "PE");
  await page.keyboard.press("b");
  const ow = page.getByRole("form", { name: "Order window" });
  await expect(ow).toBeVisible();
  await expect(ow.locator(".ow-symbol")).toHaveText(want);
  await page.screenshot({ path: `${SHOTS}/split-b-order-window-dark.png` });
  const before = new Set((await orderBook(page, broker.url)).map((o) => o.orderNo));
  await page.keyboard.press("Enter");
  await expect(ow).toBeHidden();
  const added = async () => (await orderBook(page, broker.url)).filter((o) => !before.has(o.orderNo));
  await expect.poll(async () => (await added()).length).toBe(1);
  expect((await added())[0]!.tradingSymbol).toBe(want);

  // [ back: the first expiry's put of the same strike.
  await page.locator('.pane[data-view="optionchain"] .pane-title').click();
  await page.keyboard.press("[");
  await settledOn(page, expiries[0]!);
  await expect(cursorRow(page)).toHaveAttribute("data-strike", strike);
  await expect(cursorRow(page)).toHaveAttribute("data-cursor-side", "PE");
});

test("a strike past the money's window: ] and the expiry chooser keep the cursor on it, the window shifted to show it", async ({ page }) => {
  await signIn(page, "DEMO1", "/home", broker.url);
  const expiries = await openNiftyChain(page);
  await settledOn(page, expiries[0]!);
  const atm = Number(await chainOf(page).locator('tr[data-atm="true"]').getAttribute("data-strike"));
  // 31 strikes, End: fifteen above the money, past the 21 centred on it (ten either side).
  await page.keyboard.press("Shift+Equal");
  await expect(chainOf(page)).toHaveAttribute("data-strikes", "31");
  await page.keyboard.press("End");
  const far = await cursorRow(page).getAttribute("data-strike");
  expect(Math.abs(Number(far) - atm), `${far} against the money ${atm}`).toBeGreaterThan(10 * 50);
  // 21 again: the window moves to keep the cursor's strike; the cursor stays on it.
  await page.keyboard.press("Minus");
  await expect(chainOf(page)).toHaveAttribute("data-strikes", "21");
  await expect(cursorRow(page)).toHaveAttribute("data-strike", far!);
  await expect(cursorRow(page)).toHaveAttribute("data-cursor-side", "CE");

  await page.keyboard.press("]");
  await settledOn(page, expiries[1]!);
  await expect(chainOf(page)).toHaveAttribute("data-strikes", "21");
  await expect(cursorRow(page)).toHaveAttribute("data-strike", far!);
  await expect(cursorRow(page)).toBeInViewport();
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/far-strike-after-next-expiry-${theme}.png` });
  }
  await setTheme(page, "dark");

  // The expiry chooser: the third expiry, the same strike.
  await page.locator(`.pane[data-view="optionchain"] .chain-expiries [data-expiry="${expiries[2]}"]`).click();
  await settledOn(page, expiries[2]!);
  await expect(cursorRow(page)).toHaveAttribute("data-strike", far!);
  await page.keyboard.press("b");
  const ow = page.getByRole("form", { name: "Order window" });
  await expect(ow.locator(".ow-symbol")).toHaveText(niftyOption(expiries[2]!, far!, "CE"));
  await page.keyboard.press("Escape");
  await expect(ow).toBeHidden();

  // Another underlying starts at the money.
  await chainLine(page, "chain BANKNIFTY");
  await expect(chainOf(page)).toHaveAttribute("data-symbol", "BANKNIFTY");
  // The money as the chain loaded it: the live ATM mark follows the spot, so the two may sit a strike (100) apart.
  await expect(cursorRow(page)).toHaveCount(1);
  const banknifty = Number(await cursorRow(page).getAttribute("data-strike"));
  const liveAtm = Number(await chainOf(page).locator('tr[data-atm="true"]').getAttribute("data-strike"));
  expect(Math.abs(banknifty - liveAtm)).toBeLessThanOrEqual(100);
});
