import type { Locator, Page } from "@playwright/test";
import { basketsInOrdersPane, expect, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";
import { clipped as clippedIn } from "./clipped";
import { chainClipped, chainLine, chainPanes, misaligned } from "./chainFit";

/**
 * Four places where a pane cut or hid what a trader must read (a trader's hour in Chromium):
 * 1. The option chain of BOSCHLTD (a 37,000 share, strikes 1,000 apart): a deep in-the-money call's
 *    LTP "10,235.95" was wider than its column (10ch held "9,999.95"); the cell widened, its row ran
 *    past the head the fit measured, and the strike went past the pane's edge in the narrowest split.
 * 2. The Baskets view split below ~460 px scrolled sideways, and its folded columns had no sign.
 * 3. The strategy pane at half width: a leg's long refusal (the F&O kill switch's) widened the legs'
 *    grid until its fit folded the Result column away, and with it why the leg was refused.
 * 4. After a flip (f) the status line said "BUY … is no longer in Strategy legs": the leg was flipped.
 * Screenshots go to /tmp/fix-deskfit/ (looked at by hand).
 */
const SHOTS = "/tmp/fix-deskfit";
test.describe.configure({ mode: "serial" });
// Its own broker: its layouts, baskets and kill switch are nobody else's.
const broker = ownBroker();
const THEMES = ["dark", "light"] as const;





test("the option chain of BOSCHLTD: an LTP of 10,000 and more whole in every split, both themes", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  for (const size of [{ width: 1680, height: 1000, splits: 2 }, { width: 1280, height: 800, splits: 1 }]) {
    await page.setViewportSize(size);
    await palette(page, "Layout: Trading");
    await chainLine(page, "chain BOSCHLTD");
    await expect(chainPanes(page).locator("tr[data-atm]")).toHaveCount(1);
    // Strikes 1,000 apart on a ~37,000 share: the window's deepest call, ten strikes in the money, is above 10,000.
    await expect(chainPanes(page).first().locator('td[data-field="ltp"][data-side="CE"] .chain-val').first()).toHaveText(/^\d\d,\d{3}\.\d\d$/);
    for (let split = 0; split <= size.splits; split++) {
      if (split > 0) {
        await chainPanes(page).last().locator(".pane-title").click();
        await page.keyboard.press("Alt+Backslash");
        await expect(chainPanes(page)).toHaveCount(split + 1);
      }
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const [i, pane] of (await chainPanes(page).all()).entries()) {
          const tag = `${size.width} split ${split} pane ${i} ${theme}`;
          await expect.poll(() => chainClipped(pane), tag).toEqual([]);
          expect(await misaligned(pane), tag).toEqual([]);
        }
        await page.screenshot({ path: `${SHOTS}/chain-boschltd-${size.width}-split${split}-${theme}.png` });
      }
    }
  }
  // Maximised: every column, the bid and ask as wide as the LTP.
  await page.setViewportSize({ width: 1680, height: 1000 });
  const pane = chainPanes(page).first();
  await pane.locator(".pane-title").click();
  await page.keyboard.press("Alt+m");
  await expect(pane.locator('thead th[data-field="ask"]:visible')).toHaveCount(2);
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await expect.poll(() => chainClipped(pane), `maximised ${theme}`).toEqual([]);
    expect(await misaligned(pane), `maximised ${theme}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/chain-boschltd-maximised-${theme}.png` });
  }
});

const basketsPanes = (page: Page) => page.locator('.pane[data-view="baskets"]');

test("Baskets split to ~405, ~310, ~200 and ~150 px: no sideways scroll, no cell cut, the folded columns counted in a sign", async ({ page }) => {
  test.setTimeout(180_000);
  // The Baskets view in the orders' pane (~820 px), a basket of a share and an option (the longest name).
  await basketsInOrdersPane(page, broker.url);
  await runLine(page, "basket new Morning", "basket.line");
  await expect(page.getByText("Basket Morning created")).toBeVisible();
  await runLine(page, "basket add Morning INFY 10 buy @ 1500", "basket.line");
  await runLine(page, "basket add Morning NIFTY ATM CE 75 buy", "basket.line");
  await expect(basketsPanes(page).locator("tr.basket-leg")).toHaveCount(2);
  // Nothing folded at ~820 px: no sign.
  await expect(basketsPanes(page).locator("[data-fold-sign]")).toBeHidden();
  await basketsPanes(page).locator(".pane-title").click();
  await page.keyboard.press("Alt+Backslash");
  await basketsPanes(page).last().locator(".pane-title").click();
  await page.keyboard.press("Alt+Backslash");
  await expect(basketsPanes(page)).toHaveCount(3);
  for (const size of [{ width: 1680, height: 1000 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      for (const [i, pane] of (await basketsPanes(page).all()).entries()) {
        const tag = `${size.width} pane ${i} ${theme}`;
        // The body does not scroll sideways: the grid is no wider than its pane.
        await expect.poll(() => pane.locator(".pane-body").evaluate((b) => b.scrollWidth - b.clientWidth), tag).toBeLessThanOrEqual(1);
        expect(await clippedIn(pane, ".fit th, .fit td"), tag).toEqual([]);
        // Every head folded away is counted by the sign ("+3 cols", or "+3" where the words do not fit).
        const heads = pane.locator("thead th[data-fold]");
        const hidden = (await heads.count()) - (await pane.locator("thead th[data-fold]:visible").count());
        expect(hidden, `${tag}: something folds below ~460 px`).toBeGreaterThan(0);
        await expect(pane.locator("[data-fold-sign]"), tag).toHaveText(new RegExp(`^\\+${hidden}( cols?)?$`));
        // Its title names what folded, and no column chooser: the baskets' grid has none.
        await expect(pane.locator("[data-fold-sign]"), tag).toHaveAttribute("title", /^Folded to fit the pane: .*Widen the pane to see (it|them)\.$/);
        // The leg and its basket still read.
        await expect(pane.locator('tr[data-basket="Morning"]')).toBeVisible();
      }
      await page.screenshot({ path: `${SHOTS}/baskets-split-${size.width}-${theme}.png` });
    }
  }
});

const strategy = (page: Page) => page.getByTestId("strategy");
const legRows = (page: Page) => strategy(page).locator("tbody tr[data-side]");

test("a flip says what it did in the status line, not that the leg is gone", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Single pane");
  await runLine(page, "strategy NIFTY straddle ATM", "strategy.line");
  await expect(strategy(page)).toHaveAttribute("data-legs", "2");
  await expect(page.locator('.pane-focused[data-view="strategy"]')).toBeVisible();
  const pe = (await legRows(page).nth(1).getAttribute("data-leg"))!;
  await page.keyboard.press("Home");
  await page.keyboard.press("j");
  await expect(legRows(page).nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("f");
  await expect(legRows(page).nth(1)).toHaveAttribute("data-side", "SELL");
  // The leg is there, flipped, and the cursor stays on it.
  const said = page.getByTestId("status-line");
  await expect(said).not.toHaveText("");
  expect(await said.innerText(), "the leg was flipped, not removed").not.toContain("is no longer in");
  await expect(said).toHaveText(`BUY ${pe} flipped to SELL`);
  await expect(legRows(page).nth(1)).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: `${SHOTS}/strategy-flip-status-1680.png` });
  // And back.
  await page.keyboard.press("f");
  await expect(legRows(page).nth(1)).toHaveAttribute("data-side", "BUY");
  await expect(page.getByTestId("status-line")).toHaveText(`SELL ${pe} flipped to BUY`);
  await expect(legRows(page).nth(1)).toHaveAttribute("aria-selected", "true");
});

test("the strategy pane at half width and split: a leg's long refusal stays readable (last: it turns the F&O kill switch on)", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Single pane");
  await palette(page, "Kill switch: turn on for F&O");
  const ks = page.getByRole("dialog", { name: "Turn on the F&O kill switch?" });
  await expect(ks).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(ks).toBeHidden();
  // The strategy beside the home pane: half the screen.
  await runLine(page, "strategy NIFTY straddle ATM", "strategy.line");
  await expect(strategy(page)).toHaveAttribute("data-legs", "2");
  await expect(page.locator('.pane-focused[data-view="strategy"]')).toBeVisible();
  await page.keyboard.press("Enter");
  const confirm = page.getByTestId("strategy-confirm");
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(strategy(page).locator('td[data-report="refused"]')).toHaveCount(2);
  // The risk desk's refusal as the baskets' Last run and the order window read it (riskMessage.ts refusalText): "EC710: …".
  const why = /^EC710: Kill switch is on for this segment: no new orders: F&O until \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d IST$/;
  /** Each leg's refusal as shown (its Result cell, or the line beneath the leg where that column is folded), whole, and nothing of the legs cut. */
  const check = async (pane: Locator, tag: string) => {
    const shown = pane.locator('[data-report="refused"]:visible, [data-report-line="refused"]:visible');
    await expect(shown, tag).toHaveCount(2);
    for (const t of await shown.evaluateAll((els) => els.map((e) => (e.querySelector("[data-report-text]") ?? e).textContent ?? ""))) expect(t, tag).toMatch(why);
    await expect.poll(() => clippedIn(pane, ".strategy-legs th, .strategy-legs td"), tag).toEqual([]);
    expect(await pane.locator(".strategy-legs").evaluate((g) => g.scrollWidth - g.parentElement!.clientWidth), `${tag}: no sideways scroll`).toBeLessThanOrEqual(1);
  };
  const pane = page.locator('.pane[data-view="strategy"]');
  for (const size of [{ width: 1680, height: 1000 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      // Half width (~835 and ~635 px): every column stays, the refusal wraps in its own.
      await check(pane, `${size.width} half ${theme}`);
      await expect(pane.getByRole("columnheader", { name: "Result" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/strategy-refused-half-${size.width}-${theme}.png` });
    }
  }
  // Split again (~420 and ~310 px): each pane keeps the legs' results, beneath each leg where the column folds. The copy
  // takes the pane's state, its last placement run with it (core/strategy/run.ts), so an Enter in either retries under its keys.
  await page.setViewportSize({ width: 1680, height: 1000 });
  await pane.locator(".pane-title").click();
  await page.keyboard.press("Alt+Backslash");
  await expect(pane).toHaveCount(2);
  const placed = pane.filter({ has: page.locator('[data-report="refused"]') });
  for (const size of [{ width: 1680, height: 1000 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await expect(placed).toHaveCount(2);
      for (const [i, one] of (await placed.all()).entries()) await check(one, `${size.width} quarter ${theme}, pane ${i + 1}`);
      await page.screenshot({ path: `${SHOTS}/strategy-refused-split-${size.width}-${theme}.png` });
    }
  }
});
