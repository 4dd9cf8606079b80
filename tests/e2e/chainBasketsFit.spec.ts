import type { Locator, Page } from "@playwright/test";
import { basketsInOrdersPane, expect, ownBroker, palette, runLine, setTheme, shareOf, signIn, test } from "./fixtures";
import { clipped as clippedIn } from "./clipped";
import { chainLine, chainPanes, misaligned } from "./chainFit";

/**
 * An exploratory run found the option chain and the Baskets view cut at their panes' edges:
 * 1. The chain at 1280x800 (a 187 px pane) and split (Alt+\): the put LTP read "170" for 170.xx,
 *    its head "Put", the strikes "24,50"; the puts went out of sight with no sign. Whole columns
 *    fold instead, the same on both sides, and the bar's sign counts them; where even both LTPs
 *    and the strike do not fit, they close up, and then one side folds (the cursor's stays: ← and →
 *    choose) and is named.
 * 2. The Baskets view lost LTP, Scrips and Required margin for every basket once a leg was refused
 *    (its long "Last run" message widened the grid), and the message was cut ("₹911.00 to ₹1,3…");
 *    its fire confirmation read "Required margin: 83,170.00", "Charges: 32.10", with no ₹.
 * Screenshots go to /tmp/fix-chain/ (looked at by hand).
 */
const SHOTS = "/tmp/fix-chain";
test.describe.configure({ mode: "serial" });
// Its own broker: the layout it splits and the basket it fires are nobody else's (baskets.spec counts DEMO1's legs).
const broker = ownBroker();
const THEMES = ["dark", "light"] as const;

/** Every shown cell, head and bar item of a pane cut or past its edges (clipped.ts). */
const clipped = (pane: Locator) => clippedIn(pane, ".fit th, .fit td, .chain-bar > *, .chain-readings > *");



/** The fields of a side's shown head cells, from the strike outwards. */
async function shownSide(pane: Locator, side: "ce" | "pe"): Promise<string[]> {
  const fields = await pane.locator(`thead th.chain-${side}:visible`).evaluateAll((hs) => hs.map((h) => h.getAttribute("data-field") ?? ""));
  return side === "ce" ? fields.reverse() : fields;
}

/**
 * A chain pane: nothing cut; the two sides show the same columns (the strike in the middle) unless one
 * side is folded; and the sign counts what is not shown: 12 columns a side (columns.ts; 13 with build-up), less those shown.
 */
async function checkChain(pane: Locator, tag: string): Promise<{ calls: string[]; puts: string[] }> {
  await expect.poll(() => clipped(pane), tag).toEqual([]);
  // Every row's cells under the head's: a figure wider than its column widened its cell, and so its row past what the fit measured.
  expect(await misaligned(pane), tag).toEqual([]);
  const [calls, puts] = [await shownSide(pane, "ce"), await shownSide(pane, "pe")];
  expect(calls.length + puts.length, `${tag}: the strike's neighbours`).toBeGreaterThan(0);
  if (calls.length > 0 && puts.length > 0) {
    expect(calls, `${tag}: both sides alike`).toEqual(puts);
    // The strike in the middle of the rows (the sides share the room alike).
    const [strike, table] = [(await pane.locator('thead th[data-field="strike"]').boundingBox())!, (await pane.locator("table.chain").boundingBox())!];
    expect(Math.abs(strike.x + strike.width / 2 - (table.x + table.width / 2)), `${tag}: the strike centred`).toBeLessThanOrEqual(1.5);
  }
  const sign = pane.getByTestId("chain-fold-sign");
  const hidden = (await pane.locator("thead th.chain-ce, thead th.chain-pe").count()) - calls.length - puts.length;
  if (hidden === 0) await expect(sign).toBeHidden();
  else await expect(sign, tag).toHaveText(new RegExp(`^\\+${hidden} cols${calls.length === 0 ? ", calls folded \\(←\\)" : puts.length === 0 ? ", puts folded \\(→\\)" : ""}$`));
  return { calls, puts };
}


test("the option chain in narrow panes: whole columns fold alike on both sides, the sign says so, no digit cut", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  for (const size of [{ width: 1680, height: 1000, splits: 2 }, { width: 1280, height: 800, splits: 1 }]) {
    await page.setViewportSize(size);
    await palette(page, "Layout: Trading");
    // The chain takes the focused pane, the watchlist's (30 % of the width).
    await chainLine(page, "chain NIFTY");
    await expect(chainPanes(page).locator("tr[data-atm]")).toHaveCount(1);
    // 1680: ~500, ~250 and ~125 px; 1280: ~380 and ~187 px (where the puts' LTP was cut).
    for (let split = 0; split <= size.splits; split++) {
      if (split > 0) {
        await chainPanes(page).last().locator(".pane-title").click();
        await page.keyboard.press("Alt+Backslash");
        await expect(chainPanes(page)).toHaveCount(split + 1);
      }
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const [i, pane] of (await chainPanes(page).all()).entries()) await checkChain(pane, `${size.width} split ${split} pane ${i} ${theme}`);
        await page.screenshot({ path: `${SHOTS}/chain-${size.width}-split${split}-${theme}.png` });
      }
    }
    const narrow = chainPanes(page).last();
    await narrow.locator(".pane-title").click();
    if (size.width === 1280) {
      // ~187 px: both LTPs and the strike took 30ch (217 px) and the puts were cut; closed up, 2 × (8ch + 4px) and
      // 6ch + 10px and 2px of borders, 179 px, they fit: 11 columns folded a side, 22, and no side folded.
      expect(await checkChain(narrow, "1280 split")).toEqual({ calls: ["ltp"], puts: ["ltp"] });
      continue;
    }
    // ~122 px, the narrowest: 179 px of both sides do not fit, one side's 116 px do. 11 columns folded a side and
    // the other side's LTP, 23; the cursor's side is shown, and ← and → choose it.
    expect(await checkChain(narrow, "1680 narrowest")).toEqual({ calls: ["ltp"], puts: [] });
    await page.keyboard.press("ArrowRight");
    await expect(narrow.locator("tr[data-cursor-side]")).toHaveAttribute("data-cursor-side", "PE");
    expect(await checkChain(narrow, "1680 narrowest, puts")).toEqual({ calls: [], puts: ["ltp"] });
    await page.screenshot({ path: `${SHOTS}/chain-1680-narrowest-puts.png` });
    await page.keyboard.press("ArrowLeft");
    expect(await checkChain(narrow, "1680 narrowest, calls again")).toEqual({ calls: ["ltp"], puts: [] });
  }
});

test("counts in the chain abbreviated as the spec says (K at 1e3, L at 1e5), each column lined up, maximised with build-up", async ({ page }) => {
  // The exploratory run: BANKNIFTY's OI "90,090" among "12.93L", volumes whole, CRUDEOIL's OI "50,975".
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Trading");
  for (const symbol of ["BANKNIFTY", "CRUDEOIL"]) {
    await chainLine(page, `chain ${symbol}`);
    const pane = chainPanes(page).first();
    await expect(pane.getByTestId("optionchain")).toHaveAttribute("data-symbol", symbol);
    await expect(pane.locator("tr[data-atm]")).toHaveCount(1);
    if (symbol === "BANKNIFTY") await page.keyboard.press("Alt+m");
    else await page.keyboard.press("u");
    await expect(pane.locator('th[data-field="oi"]')).toHaveCount(2);
    // Whole below a thousand (no comma), two decimals and K, L or Cr from there.
    const counts = await pane.locator('td[data-field="oi"] .chain-val, td[data-field="volume"] .chain-val, td[data-field="oiChg"] .chain-val').allInnerTexts();
    expect(counts.length).toBeGreaterThan(20);
    expect(counts.filter((t) => !/^[+-]?(\d{1,3}|\d{1,3}\.\d\d(K|L|Cr))$/.test(t)), symbol).toEqual([]);
    expect(counts.some((t) => /K$/.test(t)), `${symbol}: some count in thousands`).toBe(true);
    await checkChain(pane, `${symbol} maximised`);
    await page.screenshot({ path: `${SHOTS}/chain-${symbol.toLowerCase()}-maximised.png` });
  }
});

const line = (page: Page, text: string) => runLine(page, text, "basket.line");
const basketsPane = (page: Page) => page.locator('.pane[data-view="baskets"]');

test("Baskets: a refused leg's long message keeps LTP, Scrips and Required margin and is not cut; the fire confirmation's amounts in ₹", async ({ page }) => {
  test.setTimeout(180_000);
  // The Baskets view in the orders' pane (~820 px, as wide as the exploratory run's).
  await basketsInOrdersPane(page, broker.url);
  const pane = basketsPane(page);
  const view = pane.getByTestId("baskets");

  // A basket whose margin is known: its confirmation's amounts are rupees (Escape: nothing fired).
  await line(page, "basket new Cash");
  await expect(page.getByText("Basket Cash created")).toBeVisible();
  await line(page, "basket add Cash INFY 1 buy");
  await expect(page.getByText("Added to Cash: Qty 1 BUY INFY-EQ (MARKET Order) DELIVERY")).toBeVisible();
  await view.locator('[data-basket="Cash"]').click();
  await page.keyboard.press("f");
  const cash = page.getByRole("dialog", { name: "Fire basket Cash" });
  await expect(cash).toContainText(/Required margin: ₹[\d,]+\.\d\d/);
  await expect(cash).toContainText(/Charges: ₹[\d,]+\.\d\d/);
  await page.screenshot({ path: `${SHOTS}/basket-fire-confirm.png` });
  await page.keyboard.press("Escape");
  await expect(cash).toBeHidden();

  // A basket with a leg the broker refuses (a limit 30 % above INFY's price, past its circuit) and one it places.
  const infy = await shareOf(page, broker.url, "INFY");
  const high = (Math.round((infy.ltp * 1.3) / infy.tickSize) * infy.tickSize).toFixed(2);
  await line(page, "basket new Opts");
  await expect(page.getByText("Basket Opts created")).toBeVisible();
  await line(page, `basket add Opts INFY 10 buy @ ${high}`);
  await expect(page.getByText(/Added to Opts: Qty 10 BUY INFY-EQ @ ₹[\d,.]+ \(LIMIT Order\) DELIVERY/)).toBeVisible();
  await line(page, "basket add Opts NIFTY ATM CE 75 buy");
  await expect(page.getByText(/Added to Opts: Qty 75 BUY NIFTY\w+CE \(MARKET Order\) NRML/)).toBeVisible();
  const heads = ["LTP", "Scrips", "Required margin"];
  for (const h of heads) await expect(view.getByRole("columnheader", { name: h, exact: true })).toBeVisible();

  await view.locator('[data-basket="Opts"]').click();
  await page.keyboard.press("f");
  const confirm = page.getByRole("dialog", { name: "Fire basket Opts" });
  // The INFY leg past its circuit is refused by the margin check: the figures are the NIFTY call's (6f471f0).
  await expect(confirm).toContainText(/Required margin \(the 1 leg that can be placed\): ₹[\d,]+\.\d\d/);
  await expect(confirm).toContainText(/Charges \(the 1 leg that can be placed\): ₹[\d,]+\.\d\d/);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  const refused = view.locator('[data-report="refused"]');
  await expect(refused).toContainText(/circuit limits: ₹[\d,.]+ to ₹[\d,]+\.\d\d$/);
  await expect(view.locator('[data-report="placed"]')).toHaveCount(1);

  // Fired: the columns stay (at 1680; at 1280 the pane is ~630 px, and they fold as before the fire), and the message is whole.
  for (const size of [{ width: 1680, height: 1000 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      if (size.width === 1680) for (const h of heads) await expect(view.getByRole("columnheader", { name: h, exact: true }), `${h} after the fire`).toBeVisible();
      await expect.poll(() => clipped(pane), `${size.width} ${theme}`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/baskets-fired-${size.width}-${theme}.png` });
    }
  }
  // Split: narrower than what a leg sends (~410 and ~310 px), the grid is squeezed and scrolls sideways, as before: looked at, not asserted.
  await pane.locator(".pane-title").click();
  await page.keyboard.press("Alt+Backslash");
  await expect(page.locator('.pane[data-view="baskets"]')).toHaveCount(2);
  for (const size of [{ width: 1680, height: 1000 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await page.screenshot({ path: `${SHOTS}/baskets-split-${size.width}-${theme}.png` });
    }
  }
});

/**
 * An exploratory run at 1280x800: the Trading layout with the chain in pane 1, a strategy of two legs
 * beside it (`a`, then `Shift+A` two rows down), Time and sales of the selected instrument and
 * Settings in pane 2, six panes. The chain's pane was 93 px: 23 columns folded, but the strike
 * (48 px from x=62) was cut at the pane's edge, every strike reading "24,0", "24,5" (24,500 and 24,550
 * alike), and "Max pain 24,"; Time and sales cut its "At" column to "At"/"Be", Settings its labels
 * ("Test harnes…", "Set up authenticat…"). A figure a trader reads is shown whole or not at all.
 */
test("six panes at 1280x800: the ~90 px chain's strikes and bar, Time and sales' At and Settings' labels whole", async ({ page }) => {
  test.setTimeout(180_000);
  const shots = "/tmp/fix-chainfit";
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Trading");
  await chainLine(page, "chain NIFTY");
  const chain = chainPanes(page).first();
  await expect(chain.locator("tr[data-atm]")).toHaveCount(1);
  await page.keyboard.press("a");
  const strategy = page.getByTestId("strategy");
  await expect(strategy).toHaveAttribute("data-legs", "1");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Shift+A");
  await expect(strategy).toHaveAttribute("data-legs", "2");
  await palette(page, "Time and sales of selected instrument");
  const timeSales = page.locator('.pane[data-view="timesales"]');
  await expect(timeSales).toHaveCount(1);
  // Settings in the first pane that is none of the three (the explorer's pane 2 once Time and sales opened beside the chain).
  const views = await page.locator(".tiling .pane:visible").evaluateAll((ps) => ps.map((p) => p.getAttribute("data-view")));
  const other = views.findIndex((v) => !["optionchain", "strategy", "timesales"].includes(v ?? ""));
  await page.locator(".tiling .pane:visible").nth(other).locator(".pane-title").click();
  await palette(page, "Go to Settings");
  const settings = page.locator('.pane[data-view="settings"]');
  await expect(settings).toHaveCount(1);
  await expect(page.locator(".tiling .pane:visible")).toHaveCount(6);
  const chainWidth = (await chain.locator(".pane-body").boundingBox())!.width;
  expect(chainWidth, "the chain's pane as narrow as the run's").toBeLessThan(110);
  // The strike cells, the head's figures and the bar's readings, each figure whole (clipped.ts), or the chain's words instead.
  const chainCut = () => clippedIn(chain, '.fit th, .fit td[data-field="strike"], .fit td .chain-val, .chain-bar > *, .chain-readings > *, .chain-readings b, [data-testid="chain-too-narrow"]');
  const timeSalesCut = () => clippedIn(timeSales, "th, td, th *, td *");
  const settingsCut = () => clippedIn(settings, "label, th, td:not(:has(button, input, select)), h3, .tab");
  for (const size of [{ width: 1280, height: 800 }, { width: 1680, height: 1000 }]) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const tag = `${size.width} ${theme}`;
      await expect.poll(chainCut, `${tag}: the chain`).toEqual([]);
      // Either every shown strike is whole in the pane, or the chain says in words that it needs more room.
      const strikes = chain.locator('tbody td[data-field="strike"]:visible');
      if ((await strikes.count()) === 0) await expect(chain.getByTestId("chain-too-narrow"), tag).toBeVisible();
      await expect.poll(timeSalesCut, `${tag}: Time and sales`).toEqual([]);
      await expect.poll(settingsCut, `${tag}: Settings`).toEqual([]);
      await page.screenshot({ path: `${shots}/six-panes-${size.width}-${theme}.png` });
    }
  }
});
