import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { api, expect, palette, setTheme, signIn, test, token, ownBroker } from "./fixtures";

/**
 * Issue 31's "Done when", by keyboard only, against a broker of this file's own (its order book is
 * counted): an iron condor built from the option chain with `a` and `Shift+A`, the what-if keys
 * moving the T+0 figures, and Enter pressed twice on the one confirmation placing four orders,
 * each once, the BUY legs before the SELL legs. At 1680x1000, dark and light; the pane is
 * photographed beside the chain (a split layout) in both themes.
 */
test.describe.configure({ mode: "serial" });
// The axe scan's script is added to the page, as a11y.spec.ts adds it.
test.use({ bypassCSP: true });

const broker = ownBroker();

const SHOTS = "/tmp/shots-i31-strategy";
const THEMES = ["dark", "light"] as const;

interface BookRow {
  orderNo: string;
  tradingSymbol: string;
  transactionType: string;
  clientOrderKey: string;
}

async function book(page: Page): Promise<BookRow[]> {
  const env = await api<BookRow>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result : [];
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** The serious and critical axe violations inside the strategy pane (as a11y.spec.ts scans the other views). */
async function axeIssues(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Rule = { id: string; impact: string; nodes: Array<{ target: string[] }> };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Rule[] }> } }).axe;
    const r = await axe.run({ include: ['.pane[data-view="strategy"]'] }, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
  });
}

/** A figure of the strategy pane as a number ("-1,234.50" -> -1234.5). */
const figure = async (page: Page, id: string) => Number((await page.getByTestId(id).innerText()).replace(/[₹,\s]/g, ""));

/** A command line typed in the palette, run once the palette reads it as `command` (chain.line, strategy.line). */
async function paletteLine(page: Page, text: string, command: string): Promise<void> {
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type(text);
  await expect(page.locator(`[data-command="${command}"]`)).toBeVisible();
  await page.keyboard.press("Enter");
}
const chainLine = (page: Page, text: string) => paletteLine(page, text, "chain.line");
const strategyLine = (page: Page, text: string) => paletteLine(page, text, "strategy.line");

async function press(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

test("an iron condor from the chain by keyboard: what-if keys move the T+0 figures, Enter twice places four orders once, buys first", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  for (const theme of THEMES) {
    await setTheme(page, theme);
    // One pane, the chain in it: the strategy pane then opens beside it.
    await palette(page, "Layout: Single pane");
    await expect(page.locator(".tiling .pane:visible")).toHaveCount(1);
    await chainLine(page, "chain NIFTY");
    const chain = page.getByTestId("optionchain");
    await expect(chain).toHaveAttribute("data-symbol", "NIFTY");
    const cursor = chain.locator("tr[data-cursor-side]");
    await expect(cursor).toHaveAttribute("data-cursor-side", "CE");
    const atm = Number(await cursor.getAttribute("data-strike"));

    // Calls: sell two strikes up, buy four strikes up. Puts: sell two strikes down, buy four down.
    await press(page, "ArrowDown", 2);
    await page.keyboard.press("Shift+A");
    const strategy = page.getByTestId("strategy");
    await expect(strategy).toHaveAttribute("data-legs", "1");
    // The focus stayed in the chain: the next key moves its cursor.
    await expect(page.locator('.pane-focused[data-view="optionchain"]')).toBeVisible();
    await press(page, "ArrowDown", 2);
    await page.keyboard.press("a");
    await page.keyboard.press("ArrowRight");
    await press(page, "ArrowUp", 6);
    await expect(cursor).toHaveAttribute("data-cursor-side", "PE");
    await page.keyboard.press("Shift+A");
    await press(page, "ArrowUp", 2);
    await page.keyboard.press("a");
    await expect(strategy).toHaveAttribute("data-legs", "4");
    const sides = await strategy.locator("tbody tr[data-side]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-side")));
    expect(sides).toEqual(["SELL", "BUY", "SELL", "BUY"]);
    const sellCall = await strategy.locator("tbody tr[data-side]").first().getAttribute("data-leg");
    expect(sellCall).toMatch(/CE$/);
    expect(Number(/(\d+)CE$/.exec(sellCall!)![1])).toBeGreaterThan(atm);

    // The strategy pane: its figures once the prices are in (an iron condor's loss is limited both ways).
    await page.keyboard.press("Alt+2");
    await expect(page.locator('.pane-focused[data-view="strategy"]')).toBeVisible();
    await expect(page.getByTestId("desk-max-loss")).toHaveText(/^-₹[\d,]+\.\d{2}$/);
    await expect(page.getByTestId("desk-max-profit")).toHaveText(/^₹[\d,]+\.\d{2}$/);
    await expect(page.getByTestId("desk-breakevens")).toHaveText(/^[\d,.]+, [\d,.]+$/);
    await expect(page.getByTestId("payoff-chart").locator("canvas").first()).toBeVisible();

    // T+0 at today's prices is no gain, no loss (every entry is its live price).
    await expect(page.getByTestId("desk-iv")).toHaveText("live");
    const today = await page.getByTestId("desk-target").innerText();
    expect(Math.abs(await figure(page, "desk-pnl"))).toBeLessThan(1);
    // One IV point up, today: the set is short volatility (vega below zero), so its P&L falls.
    await page.keyboard.press("}");
    await expect(page.getByTestId("desk-iv")).toHaveText("+1 pt");
    expect(await figure(page, "desk-vega")).toBeLessThan(0);
    await expect.poll(() => figure(page, "desk-pnl")).toBeLessThan(0);
    const ivUp = await figure(page, "desk-pnl");
    // A day later the short options have lost more time value than the long ones: the condor gains. (The day is
    // read at its close, as the scenario grid reads it: with the weekly expiring tomorrow, that is the expiry,
    // where no option has vega left; so the IV step comes first, today.)
    await page.keyboard.press("]");
    await expect(page.getByTestId("desk-target")).not.toHaveText(today);
    await expect.poll(() => figure(page, "desk-pnl")).toBeGreaterThan(ivUp + 1);
    // Reset: today and the live IV again.
    await page.keyboard.press("0");
    await expect(page.getByTestId("desk-target")).toHaveText(today);
    await expect(page.getByTestId("desk-iv")).toHaveText("live");
    await page.screenshot({ path: `${SHOTS}/split-1680x1000-${theme}.png` });
    expect(await axeIssues(page)).toEqual([]);

    // Place: one confirmation listing the four legs, BUY legs first; Enter twice.
    const before = await book(page);
    await page.keyboard.press("Enter");
    const confirm = page.getByTestId("strategy-confirm");
    await expect(confirm).toBeVisible();
    const listed = await confirm.locator("tbody tr td:nth-child(2)").allInnerTexts();
    expect(listed).toEqual(["BUY", "BUY", "SELL", "SELL"]);
    await expect(page.getByTestId("confirm-margin")).toHaveText(/^₹[\d,]+\.\d{2}$/);
    await page.screenshot({ path: `${SHOTS}/confirm-1680x1000-${theme}.png` });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(strategy.locator('td[data-report="placed"]')).toHaveCount(4);
    // A second Enter that arrives after the placement opens a new confirmation, which places nothing until confirmed.
    if (await confirm.isVisible()) await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();

    await expect.poll(async () => (await book(page)).length - before.length).toBe(4);
    const mine = (await book(page)).filter((o) => !before.some((b) => b.orderNo === o.orderNo));
    expect(new Set(mine.map((o) => o.clientOrderKey)).size).toBe(4);
    // The broker numbers orders as they arrive: both BUY legs were placed before either SELL leg.
    const byArrival = [...mine].sort((a, b) => (BigInt(a.orderNo) < BigInt(b.orderNo) ? -1 : 1));
    expect(byArrival.map((o) => o.transactionType)).toEqual(["BUY", "BUY", "SELL", "SELL"]);
    // A second placement of the same run would carry the same keys: the pane keeps each leg's result.
    await expect(page.getByTestId("desk-hedge")).toHaveText(/^-?₹[\d,]+\.\d{2}$/);
    await page.screenshot({ path: `${SHOTS}/placed-1680x1000-${theme}.png` });
  }
});

test("strategy lines: an iron condor typed in the palette, saved by name and opened again", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await palette(page, "Layout: Single pane");
  await strategyLine(page, "strategy NIFTY iron condor width 200 lots 2");
  const strategy = page.getByTestId("strategy");
  await expect(strategy).toHaveAttribute("data-legs", "4");
  // The preset's legs, two lots each, and the pane has the focus (its keys work at once).
  await expect(strategy.locator('td[data-field="lots"]')).toHaveText(["2", "2", "2", "2"]);
  await expect(page.locator('.pane-focused[data-view="strategy"]')).toBeVisible();
  await expect(page.getByTestId("desk-max-loss")).toHaveText(/^-₹[\d,]+\.\d{2}$/);

  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("save strategy Wide condor");
  await expect(page.locator('[data-command="strategy.saved.save"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Strategy Wide condor saved (4 legs)")).toBeVisible();

  // Another strategy in its place, then the saved one back.
  await strategyLine(page, "strategy NIFTY straddle ATM");
  await expect(strategy).toHaveAttribute("data-legs", "2");
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("open strategy wide condor");
  await expect(page.locator('[data-command="strategy.saved.open"]')).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(strategy).toHaveAttribute("data-legs", "4");
  await expect(strategy.locator('td[data-field="lots"]')).toHaveText(["2", "2", "2", "2"]);
});

test("beside the chain in the Home layout, a quarter of the screen: each leg's P&L inside the pane, its side in the lots cell; the chain keeps both sides' prices", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/home", broker.url);
  await chainLine(page, "chain NIFTY");
  await expect(page.locator('.pane[data-view="optionchain"] tr[data-strike]').first()).toBeVisible();
  // An expiry a week or more out, so the scenario grid has more dates than a quarter pane shows
  // (on a Monday the nearest weekly is a day away: two dates, nothing to fold).
  const expiries = await page.locator('.pane[data-view="optionchain"] .chain-expiries [data-expiry]').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.expiry!));
  const far = expiries.find((e) => Date.parse(e) - Date.parse(expiries[0]!) >= 6 * 86_400_000) ?? expiries.at(-1)!;
  const month = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"][Number(far.slice(5, 7)) - 1];
  await strategyLine(page, `strategy NIFTY straddle ${Number(far.slice(8, 10))}${month} ATM`);
  const strategy = page.getByTestId("strategy");
  await expect(strategy).toHaveAttribute("data-legs", "2");
  const pane = page.locator('.pane[data-view="strategy"] .pane-body');
  const width = (await pane.boundingBox())!.width;
  expect(width).toBeLessThan(420);
  // The Side column folded away, its word in the lots cell: a straddle buys both legs.
  const legs = strategy.getByRole("table", { name: "Strategy legs" });
  await expect(legs.getByRole("columnheader", { name: "Side" })).toBeHidden();
  const tags = await legs.locator('td[data-field="lots"]').evaluateAll((cells) => cells.map((c) => getComputedStyle(c, "::before").content));
  expect(tags).toEqual(['"B "', '"B "']);
  // Every leg's P&L and its header lie inside the pane.
  for (const cell of [legs.getByRole("columnheader", { name: "P&L" }), ...(await legs.locator("tbody tr td.num:last-of-type").all())]) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual((await pane.boundingBox())!.x + width + 1);
  }
  // The scenario grid fits the pane: dates fold from the middles outward, today's and the expiry's
  // stay, and every column shown lies inside the pane (it once ran past the edge, a date cut in half).
  const scenario = page.getByTestId("scenario-grid");
  const dates = scenario.locator("th[data-date]");
  const shownDates = await dates.evaluateAll((hs) => hs.filter((h) => getComputedStyle(h).display !== "none").map((h) => (h as HTMLElement).dataset.date!));
  const allDates = await dates.evaluateAll((hs) => hs.map((h) => (h as HTMLElement).dataset.date!));
  expect(allDates.length).toBeGreaterThan(2);
  expect(shownDates.length).toBeLessThan(allDates.length);
  expect(shownDates[0]).toBe(allDates[0]);
  expect(shownDates.at(-1)).toBe(allDates.at(-1));
  const scenarioBox = (await scenario.locator("xpath=..").boundingBox())!;
  expect(scenarioBox.x + scenarioBox.width).toBeLessThanOrEqual((await pane.boundingBox())!.x + width + 1);
  for (const h of await scenario.locator("thead th").all()) {
    if (!(await h.isVisible())) continue;
    const box = (await h.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(scenarioBox.x + scenarioBox.width + 1);
  }
  // The chain beside it, as narrow, keeps each side's price either side of the strike (IV folds first).
  const chainBody = page.locator('.pane[data-view="optionchain"] .pane-body');
  const chainRight = async () => {
    const b = (await chainBody.boundingBox())!;
    return b.x + b.width + 1;
  };
  for (const side of ["chain-ce", "chain-pe"]) {
    const ltp = page.locator(`.pane[data-view="optionchain"] th.${side}[data-field="ltp"]`);
    await expect(ltp).toBeVisible();
    const box = (await ltp.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(await chainRight());
  }
  for (const theme of THEMES) {
    await setTheme(page, theme);
    // The payoff chart repaints in the theme's colours on its next frames: its background is light in
    // the light theme (it once kept the dark one, reading the page's colours before the page changed).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const brightness = await page.locator(".strategy-chart canvas").first().evaluate((c: HTMLCanvasElement) => {
      const [r, g, b] = c.getContext("2d")!.getImageData(3, 3, 1, 1).data;
      return (r! + g! + b!) / 3;
    });
    if (theme === "light") expect(brightness).toBeGreaterThan(180);
    else expect(brightness).toBeLessThan(80);
    await page.screenshot({ path: `${SHOTS}/quarter-${theme}-1680x1000.png` });
  }
});
