import type { Locator, Page } from "@playwright/test";
import { api, contractOf, expect, openSearch, ownBroker, palette, shareOf, signIn, test, token } from "./fixtures";

/**
 * Issue 11, item 7, "Grids that fit", at 1680×1000: the trading preset in both themes and a split
 * layout with narrow panes. No grid is wider than its pane, the columns a trader needs
 * (positions' Unrealised and P&L, the watchlists' LTP, depth's bid and offer) are inside their pane,
 * no time is a raw UTC ISO string. Screenshots go to test-results/screenshots/ (looked at by hand).
 * On a broker of its own: what the grids hold is this file's (on the shared one, another spec's
 * positions once folded Unrealised here), and its GTTs and positions are in no other spec's count.
 */
test.use({ viewport: { width: 1680, height: 1000 } });
const own = ownBroker();

/** Every grid that fits by priority is no wider than its pane's body. */
async function gridsFit(page: Page): Promise<void> {
  // Polled: the grids fold their columns a frame after a pane's size changes (a split, the window resized), and a read
  // taken before that found them wide (the clean-clone CI of 3675735, right after the resize to 1280 × 800). A grid
  // that never fits still fails.
  await expect.poll(() => overflowingGrids(page)).toEqual([]);
}

/** The visible fitted grids wider than their pane, by pane view and grid name. */
function overflowingGrids(page: Page): Promise<string[]> {
  return page.locator(".pane .fit").evaluateAll((grids) =>
    grids
      .filter((g) => (g as HTMLElement).offsetParent !== null)
      .flatMap((g) => {
        const body = g.closest(".pane-body")!.getBoundingClientRect();
        const head = (g.classList.contains("wl-grid") ? g.firstElementChild! : g) as HTMLElement;
        const wide = g.classList.contains("wl-grid") ? head.scrollWidth > head.clientWidth + 1 : g.getBoundingClientRect().right > body.right + 1;
        return wide ? [`${g.closest(".pane")!.getAttribute("data-view")}: ${g.getAttribute("aria-label") ?? g.className}`] : [];
      }),
  );
}

/** A column header is shown and lies inside its pane. */
async function inside(header: Locator): Promise<void> {
  await expect(header).toBeVisible();
  const pane = header.locator("xpath=ancestor::*[contains(@class,'pane-body')]");
  const [h, p] = [(await header.boundingBox())!, (await pane.boundingBox())!];
  expect(h.x + h.width).toBeLessThanOrEqual(p.x + p.width + 1);
}

async function noUtcTimes(page: Page): Promise<void> {
  expect(await page.locator("body").innerText()).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
}

async function tradingScreen(page: Page): Promise<string> {
  await signIn(page, "DEMO1", "/dashboard", own.url);
  // Orders and positions of this test's own, so that the grids have rows: HDFCBANK twice, and a
  // BANKNIFTY monthly option, the longest name a position has (21 letters: 9 + 26DEC + 5-figure strike + CE).
  const bearer = await token(page);
  const hdfc = await shareOf(page, own.url, "HDFCBANK");
  const option = await contractOf(page, own.url, { searchText: "BANKNIFTY", exchange: "NSEFO", pick: (h) => /^BANKNIFTY\d\d[A-Z]{3}\d{5}CE$/.test(h.tradingSymbol) });
  for (const [exchange, contract, quantity] of [["NSEEQ", hdfc, 2], ["NSEEQ", hdfc, 3], ["NSEFO", option, option.lotSize]] as const) {
    const placed = await api(page.request, own.url, bearer, "/core/v2/orders", {
      exchange, instrumentId: String(contract.token), transactionType: "BUY", quantity, product: "INTRADAY", orderComplexity: "REGULAR",
      orderType: "MARKET", price: 0, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
    });
    expect(placed.status).toBe("Ok");
  }
  await palette(page, "Layout: Trading");
  await page.reload();
  await expect(page.locator(".pane")).toHaveCount(4);
  // The watchlist's predefined NIFTY 50 list; the depth pane on the NIFTY 50 index.
  await page.keyboard.press("Alt+1");
  await page.keyboard.press("BracketRight");
  await expect(page.locator('.pane[data-view="watchlist"] [role="row"][data-symbol]').first()).toBeVisible();
  await page.keyboard.press("Alt+4");
  await openSearch(page);
  await page.keyboard.type("nifty 50");
  const dialog = page.getByRole("dialog", { name: "Search instrument" });
  await expect(dialog.locator('[role="option"]').first()).toContainText(/NIFTY 50/);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.locator('.pane[data-view="depth"] .depth-head .sym')).toContainText("NIFTY");
  await expect(page.locator('.pane[data-view="position"] tr[data-symbol="HDFCBANK-EQ"]').first()).toBeVisible();
  await expect(page.locator(`.pane[data-view="position"] tr[data-symbol="${option.tradingSymbol}"]`).first()).toBeVisible();
  return option.tradingSymbol;
}

test("the trading preset fits in the dark and the light theme", async ({ page }) => {
  await tradingScreen(page);
  for (const theme of ["dark", "light"]) {
    await gridsFit(page);
    await inside(page.getByRole("table", { name: "Positions" }).getByRole("columnheader", { name: "Unrealised" }));
    await inside(page.getByRole("table", { name: "Positions" }).getByRole("columnheader", { name: "P&L", exact: true }));
    await inside(page.locator('.pane[data-view="watchlist"] [role="columnheader"]', { hasText: "LTP" }));
    // The NIFTY 50 index has no order book: its figures flow within the pane.
    await inside(page.locator('.pane[data-view="depth"] .depth-stat').last());
    await noUtcTimes(page);
    await page.screenshot({ path: `test-results/screenshots/trading-${theme}.png` });
    await page.keyboard.press("Alt+t");
  }
});

/** A NIFTY future bought INTRADAY and NRML: two positions of one contract, told apart by their product alone. */
async function oneFutureTwoProducts(page: Page): Promise<string> {
  const fut = await contractOf(page, own.url, { searchText: "NIFTY", exchange: "NSEFO", pick: (h) => /^NIFTY\d\d[A-Z]{3}FUT$/.test(h.tradingSymbol) });
  const bearer = await token(page);
  for (const product of ["INTRADAY", "NORMAL"]) {
    const placed = await api(page.request, own.url, bearer, "/core/v2/orders", {
      exchange: "NSEFO", instrumentId: String(fut.token), transactionType: "BUY", quantity: fut.lotSize, product, orderComplexity: "REGULAR",
      orderType: "MARKET", price: 0, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
    });
    expect(placed.status).toBe("Ok");
  }
  return fut.tradingSymbol;
}

/**
 * FINDINGS-24 §9: each row of `symbol` in a positions pane says its product, inside the pane: in its
 * column, or under the name when the grid is squeezed past every fold (positions.css).
 */
async function productsShown(pane: Locator, symbol: string): Promise<void> {
  const products = pane.locator(`tr[data-symbol="${symbol}"]`).locator('td[data-col="product"], [data-product-in-name]').filter({ visible: true });
  await expect(products).toHaveCount(2);
  await expect.poll(async () => (await products.allInnerTexts()).map((t) => t.trim()).sort()).toEqual(["INTRADAY", "NRML"]);
  for (const cell of await products.all()) await inside(cell);
}

test("a split layout with narrow panes: two watchlists, two positions, depth", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard", own.url);
  const future = await oneFutureTwoProducts(page);
  const longest = await tradingScreen(page);
  // Split the watchlist and the positions pane: four narrow panes beside the orders and depth.
  await page.keyboard.press("Alt+1");
  await page.keyboard.press("Alt+Backslash");
  await page.locator('.pane[data-view="position"] .pane-title').first().click();
  await page.keyboard.press("Alt+Backslash");
  await expect(page.locator('.pane[data-view="watchlist"]')).toHaveCount(2);
  await expect(page.locator('.pane[data-view="position"]')).toHaveCount(2);
  await page.locator('.pane[data-view="orders"] .pane-title').first().click();
  await page.keyboard.press("BracketRight");
  await page.keyboard.press("BracketRight");
  await page.keyboard.press("BracketRight"); // the GTT tab
  // Two GTTs below the price (a SINGLE and an OCO, whose trigger cell is the widest), so the GTT table has rows.
  // The waiting GTTs: the list also shows today's ended ones (cancelled, triggered) after them (issue 29).
  const gttRows = page.getByRole("table", { name: "GTT orders" }).locator('tbody tr[data-status="ACTIVE"]');
  await expect(page.locator('.pane[data-view="orders"]').getByText("No GTT orders").or(page.getByRole("table", { name: "GTT orders" }))).toBeVisible();
  const before = await gttRows.count();
  const contract = await shareOf(page, own.url, "HDFCBANK");
  const at = (f: number) => (Math.round((contract.ltp * f) / contract.tickSize) * contract.tickSize).toFixed(2);
  for (const line of [`gtt buy HDFCBANK 1 trigger ${at(0.9)} @ ${at(0.9)}`, `gtt oco sell HDFCBANK 1 sl ${at(0.85)} tgt ${at(1.15)}`]) {
    await palette(page, line);
    await expect(page.getByRole("form", { name: "GTT form" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "GTT form" })).toBeHidden();
  }
  await expect(gttRows).toHaveCount(before + 2);
  await gridsFit(page);
  for (const pane of await page.locator('.pane[data-view="position"]').all()) {
    // Issue 11: a narrow split pane still shows Unrealised and P&L, however long a position's name:
    // past every fold the option's name wraps in its head and reads whole, strike and CE together.
    await inside(pane.getByRole("columnheader", { name: "Unrealised" }));
    await inside(pane.getByRole("columnheader", { name: "P&L", exact: true }));
    const name = pane.locator(`tr[data-symbol="${longest}"] td[data-col="instrument"]`);
    // The name whole (squeezed, the row's product follows it on a line of its own).
    await expect(name.locator(".sym-head, .sym-keep")).toHaveText([longest.replace(/\d{5}CE$/, ""), /^\d{5}CE$/]);
    await inside(name);
    await expect(name.locator(".sym-keep")).toHaveText(/^\d{5}CE$/);
    await productsShown(pane, future);
  }
  for (const pane of await page.locator('.pane[data-view="watchlist"]').all()) await inside(pane.locator('[role="columnheader"]', { hasText: "LTP" }));
  await noUtcTimes(page);
  await page.screenshot({ path: "test-results/screenshots/split-narrow.png" });
  // A third of 1280 px (about 307 px a positions pane): past every fold the cells close up and "Net Qty"
  // wraps, so Unrealised, P&L and the fold sign that names the rest stay inside the pane.
  await page.setViewportSize({ width: 1280, height: 800 });
  await gridsFit(page);
  for (const pane of await page.locator('.pane[data-view="position"]').all()) {
    await inside(pane.getByRole("columnheader", { name: "Unrealised" }));
    await inside(pane.getByRole("columnheader", { name: "P&L", exact: true }));
    await inside(pane.locator("[data-fold-sign]"));
    await productsShown(pane, future);
  }
  await page.screenshot({ path: "test-results/screenshots/split-narrow-1280.png" });
  await page.setViewportSize({ width: 1680, height: 1000 });

  // Cancel this test's GTTs (the GTT spec counts DEMO1's): the orders pane has focus, its cursor on the newest.
  for (let left = before + 2; left > before; left--) {
    await page.keyboard.press("Home");
    await page.keyboard.press("Delete");
    await expect(page.getByRole("dialog", { name: "Cancel GTT" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(gttRows).toHaveCount(left - 1);
  }
});

test("Ideas in the trading preset's narrow first pane: the instrument, LTP, quantity and investment stay in the pane", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard", own.url);
  await palette(page, "Layout: Trading");
  // Into the first pane, from the palette: an address opened in a new load joins the saved layout in a new pane
  // instead (FINDINGS-23 F1), and the clean-clone CI of ea9cf90 once found no Ideas pane at all after it.
  await page.keyboard.press("Alt+1");
  await palette(page, "Go to Ideas");
  const ideas = page.locator('.pane[data-view="ideas"]');
  await expect(page.locator(".tiling .pane").first()).toHaveAttribute("data-view", "ideas");
  const table = ideas.getByRole("table", { name: "Ideas" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await gridsFit(page);
  for (const name of ["Instrument", "LTP", "Qty", "Investment"]) await inside(table.getByRole("columnheader", { name, exact: true }));
});
