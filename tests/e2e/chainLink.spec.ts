import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, openPalette, searchAndChoose, setTheme, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, linkFocused, watchlistWith, type WatchRow } from "./linkHelpers";

/**
 * An option chain in a colour group (README, colour link groups: "Choosing an instrument in a
 * linked pane (moving a watchlist's … cursor, `/` search, …) retargets every chart, depth, option
 * chain (the instrument's underlying) … of that group"):
 * 1. A red watchlist, a red chain and a red chart: the chain follows the cursor to each share's
 *    chain, and the chart shows the share the cursor is on, never the chain's at-the-money call
 *    (the chain centring its own cursor as it loads chooses nothing for the group); after a
 *    reload too.
 * 2. A weekly contract chosen in a red chain (its nearest NIFTY expiry): the chain stays NIFTY's
 *    (the underlying of "NIFTY26D08…CE"); a typed `chain BANKNIFTY` in it retargets red.
 * 3. An option chosen in a red watchlist (`/`): the red chain opens on the option's own expiry, not
 *    NIFTY's nearest, its cursor on the option's strike and side; `]` then steps on from it; a
 *    monthly's name (only its month) opens the month's last expiry.
 * Keyboard only (a click focuses a pane), a paper broker per test. Screenshots at 1680x1000, dark
 * and light, go to /tmp/shots/chainlink to be looked at.
 */
test.describe.configure({ mode: "serial" });
const broker = ownBroker({}, { perTest: true });
const SHOTS = "/tmp/shots/chainlink";
fs.mkdirSync(SHOTS, { recursive: true });

const FIVE: readonly WatchRow[] = [
  ["infy", /INFY-EQ/, "INFY-EQ"],
  ["reliance", /RELIANCE-EQ/, "RELIANCE-EQ"],
  ["tcs", /TCS-EQ/, "TCS-EQ"],
  ["sbin", /SBIN-EQ/, "SBIN-EQ"],
  ["hdfcbank", /HDFCBANK-EQ/, "HDFCBANK-EQ"],
];

const chainPane = (page: Page): Locator => page.locator('.pane[data-view="optionchain"]');
const chartOf = (page: Page): Locator => page.locator('.pane[data-view="chart"] [data-testid="chart"]');
const depthSymbol = (page: Page): Locator => page.locator('.pane[data-view="depth"] [data-testid="depth"] .depth-head .sym');

async function chainLine(page: Page, text: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-command="chain.line"]').first()).toBeVisible();
  await page.keyboard.press("Enter");
}

/** The chain shows `symbol`'s strikes with its cursor placed (a highlighted row): its loading and centring are done. */
async function chainSettledOn(page: Page, symbol: string): Promise<void> {
  await expect(chainPane(page).getByTestId("optionchain")).toHaveAttribute("data-symbol", symbol);
  await expect(chainPane(page).locator('tr[data-strike][aria-selected="true"]')).toHaveCount(1);
}

test("a red watchlist, chain and chart: the chart shows each share the cursor is on, never the chain's call, and after a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page, FIVE);
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "INFY-EQ");
  await linkFocused(page, "red");
  // c: a chart of INFY beside, in red (it joins the watchlist's group).
  await page.keyboard.press("c");
  await expect(chartOf(page)).toHaveAttribute("data-symbol", "INFY-EQ");
  // The chain in the orders pane's place, linked red: it shows INFY's chain.
  await page.locator('.pane[data-view="orders"] .pane-title').click();
  await expect(page.locator('.pane-focused[data-view="orders"]')).toBeVisible();
  await chainLine(page, "chain NIFTY");
  await expect(page.locator('.pane-focused[data-view="optionchain"]')).toBeVisible();
  await linkFocused(page, "red");
  await chainSettledOn(page, "INFY");
  await expect(chartOf(page)).toHaveAttribute("data-symbol", "INFY-EQ");

  await page.keyboard.press("Alt+1");
  await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
  const shares = ["RELIANCE-EQ", "TCS-EQ", "SBIN-EQ", "HDFCBANK-EQ", "INFY-EQ"];
  for (const share of shares) {
    await cursorOn(page, wl, share);
    // Once the chain has loaded the share's strikes and placed its cursor, the group is still the share's.
    await chainSettledOn(page, share.replace(/-EQ$/, ""));
    await expect(chartOf(page)).toHaveAttribute("data-symbol", share);
    await expect(depthSymbol(page)).toHaveText(share);
  }

  // A reload restores the layout and its groups: the chain loads again and centres, choosing nothing.
  await page.reload();
  await chainSettledOn(page, "INFY");
  await expect(chartOf(page)).toHaveAttribute("data-symbol", "INFY-EQ");
  await expect(depthSymbol(page)).toHaveText("INFY-EQ");
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/red-watchlist-chain-chart-after-reload-${theme}.png` });
  }
  await setTheme(page, "dark");
});

test("a weekly call chosen in a red chain keeps it on NIFTY's chain; a typed chain BANKNIFTY retargets red", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await page.locator('.pane[data-view="orders"] .pane-title').click();
  await chainLine(page, "chain NIFTY");
  await expect(page.locator('.pane-focused[data-view="optionchain"]')).toBeVisible();
  await linkFocused(page, "red");
  await chainSettledOn(page, "NIFTY");
  // A weekly expiry: one with another of its weekday a week later in the same month (the monthly is the month's last).
  const expiries = await chainPane(page).locator(".chain-expiries [data-expiry]").evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.expiry!));
  const weekly = expiries.find((e) => new Date(Date.parse(e) + 7 * 86_400_000).getUTCMonth() === new Date(Date.parse(e)).getUTCMonth());
  expect(weekly, `a weekly among ${expiries.join(", ")}`).toBeDefined();
  await chainPane(page).locator(`.chain-expiries [data-expiry="${weekly}"]`).click();
  await expect(chainPane(page).getByTestId("optionchain")).toHaveAttribute("data-expiry", weekly!);
  await chainSettledOn(page, "NIFTY");
  // The trader's move in the chain chooses its call for red: a weekly name, "NIFTY26D08…CE".
  await page.keyboard.press("ArrowDown");
  await expect(depthSymbol(page)).toHaveText(/^NIFTY\d{2}[1-9OND]\d{2}\d+CE$/);
  // The chain stays on NIFTY's strikes (not "Loading the NIFTY26D08…CE option chain…").
  await chainSettledOn(page, "NIFTY");
  await expect(chainPane(page).getByText(/No option chain|Loading the/)).toHaveCount(0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/red-chain-weekly-call-${theme}.png` });
  }
  await setTheme(page, "dark");

  // chain BANKNIFTY typed in the red chain: the chain is BANKNIFTY's and red takes the index.
  await page.locator('.pane[data-view="optionchain"] .pane-title').click();
  await chainLine(page, "chain BANKNIFTY");
  await chainSettledOn(page, "BANKNIFTY");
  await expect(depthSymbol(page)).toHaveText("BANKNIFTY");
  await expect(chainPane(page).locator(".pane-title .pane-link")).toHaveAttribute("data-link", "red");
});

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

test("an option chosen in a red watchlist opens the red chain on its own expiry and strike; ] steps on from it", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await page.keyboard.press("Alt+1");
  await expect(page.locator('.pane-focused[data-view="watchlist"]')).toBeVisible();
  await linkFocused(page, "red");
  await page.locator('.pane[data-view="orders"] .pane-title').click();
  await chainLine(page, "chain NIFTY");
  await expect(page.locator('.pane-focused[data-view="optionchain"]')).toBeVisible();
  await linkFocused(page, "red");
  await chainSettledOn(page, "NIFTY");
  const chain = chainPane(page).getByTestId("optionchain");
  const expiries = await chainPane(page).locator(".chain-expiries [data-expiry]").evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.expiry!));
  await expect(chain).toHaveAttribute("data-expiry", expiries[0]!);
  // The second expiry, a weekly (a week later is still its month): its name is "NIFTY" yy, the month's character, dd, strike, CE.
  const second = expiries[1]!;
  expect(new Date(Date.parse(second) + 7 * 86_400_000).getUTCMonth(), `${second} is a weekly`).toBe(new Date(Date.parse(second)).getUTCMonth());
  const [yyyy, mm, dd] = second.split("-");
  // Three strikes above the money: the cursor goes there, not to the at-the-money row it centres on.
  const strikes = await chainPane(page).locator("tr[data-strike]").evaluateAll((rs) => rs.map((r) => ({ strike: (r as HTMLElement).dataset.strike!, atm: (r as HTMLElement).dataset.atm === "true" })));
  const strike = strikes[strikes.findIndex((r) => r.atm) + 3]!.strike;
  const weekly = `NIFTY${yyyy!.slice(2)}${"123456789OND"[Number(mm) - 1]}${dd}${strike}CE`;

  await page.keyboard.press("Alt+1");
  await searchAndChoose(page, weekly, new RegExp(weekly));
  await expect(depthSymbol(page)).toHaveText(weekly);
  await expect(chain).toHaveAttribute("data-expiry", second);
  await expect(chainPane(page).locator('tr[data-strike][aria-selected="true"]')).toHaveAttribute("data-strike", strike);
  await expect(chainPane(page).locator(`tr[data-strike="${strike}"]`)).toHaveAttribute("data-cursor-side", "CE");
  // The chain's cursor was placed by the pane: red keeps the option the watchlist chose.
  await expect(depthSymbol(page)).toHaveText(weekly);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `/tmp/shots/narrow/red-chain-on-option-expiry-${theme}.png` });
  }
  await setTheme(page, "dark");

  // ] in the chain steps from the option's expiry to the next, and stays there.
  await page.locator('.pane[data-view="optionchain"] .pane-title').click();
  await page.keyboard.press("]");
  await expect(chain).toHaveAttribute("data-expiry", expiries[2]!);
  await chainSettledOn(page, "NIFTY");
  await expect(chain).toHaveAttribute("data-expiry", expiries[2]!);
  // The cursor holds the option's strike and side into the next expiry, placed by the pane: red keeps the watchlist's option.
  await expect(chainPane(page).locator('tr[data-strike][aria-selected="true"]')).toHaveAttribute("data-strike", strike);
  await expect(chainPane(page).locator(`tr[data-strike="${strike}"]`)).toHaveAttribute("data-cursor-side", "CE");
  await expect(depthSymbol(page)).toHaveText(weekly);

  // A monthly's name says its month only ("NIFTY26DEC…CE"): the chain opens on that month's last listed expiry, the monthly.
  const monthly = expiries.filter((e) => e.startsWith(`${yyyy}-${mm}-`)).at(-1)!;
  const monthlyName = `NIFTY${yyyy!.slice(2)}${MONTHS[Number(mm) - 1]}${strike}PE`;
  await page.keyboard.press("Alt+1");
  await searchAndChoose(page, monthlyName, new RegExp(monthlyName));
  await expect(chain).toHaveAttribute("data-expiry", monthly);
  await expect(chainPane(page).locator('tr[data-strike][aria-selected="true"]')).toHaveAttribute("data-strike", strike);
  await expect(chainPane(page).locator(`tr[data-strike="${strike}"]`)).toHaveAttribute("data-cursor-side", "PE");
});
