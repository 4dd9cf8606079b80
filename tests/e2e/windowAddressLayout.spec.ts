import type { Page } from "@playwright/test";
import { expect, ownBroker, palette, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * FINDINGS-23 F1 and F5: work lost without a word.
 * F1: window 1 had a chart pane focused (INFY with RSI, EMA, BB, VWAP); a second tab of the same
 * browser opened on /home showed Home in that pane, and window 1 (through the shared layout's
 * storage event) switched it to Home too; a reload kept Home, the chart and its indicators gone.
 * Now a window opened on an address joins the shared layout: a pane already showing the page takes
 * the focus, else the page opens in a new pane beside the focused one; the status line says so.
 * F5: "Layout: Trading" closed a strategy pane with legs and a chart with indicators at once. Now
 * it asks first, naming each (Enter switches, Esc keeps).
 * Against a paper broker of this file's own.
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();
const SHOTS = process.env.H5_SHOTS ?? "/tmp/h5-shots";
const INDICATORS = "rsi 14|ema 20|bb 20 2|vwap";

const views = async (page: Page) => (await page.locator(".workspace .pane[data-view]").evaluateAll((els) => els.map((e) => e.getAttribute("data-view")))).sort();
const chartWithIndicators = (page: Page) => page.locator('.pane[data-view="chart"] [data-testid="chart"][data-symbol="INFY-EQ"]').locator(`[data-indicators="${INDICATORS}"]`);

/** The finding's chart: INFY 5m with four indicators, in a pane of its own, focused. */
async function infyChart(page: Page): Promise<void> {
  await runLine(page, "chart INFY 5m", "chart.line");
  const canvas = page.locator('.pane-focused[data-view="chart"] [data-testid="chart"][data-symbol="INFY-EQ"]').getByTestId("chart-canvas");
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  await runLine(page, "chart add rsi 14 ema 20 bb 20 2 vwap", "chart.indicators.line");
  await expect(chartWithIndicators(page)).toBeAttached();
}

test("a second window opened on /home joins the layout: Home in a new pane, the chart and its indicators kept in both windows and over a reload", async ({ page, context }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await infyChart(page);
  await expect(page.locator('.pane-focused[data-view="chart"]')).toBeVisible();
  const before = await views(page);
  expect(before).not.toContain("home");

  const b = await context.newPage();
  await b.setViewportSize({ width: 1680, height: 1000 });
  await b.goto(`${broker.url}/home`);
  // Home is shown in the new window, in a pane of its own; the chart stays, with its indicators.
  await expect(b.locator('.pane-focused[data-view="home"]')).toBeVisible();
  // Both status lines say what happened (each sentence stays 8 s: read first).
  await expect(b.getByTestId("status-line")).toHaveText(/^Home opened in a new pane \d: your windows share this layout, no pane was replaced$/);
  await expect(page.getByTestId("status-line")).toHaveText(/^Another window opened Home in a new pane \d$/);
  await expect(chartWithIndicators(b)).toBeAttached();
  await expect.poll(() => views(b)).toEqual([...before, "home"].sort());
  await b.screenshot({ path: `${SHOTS}/f1-second-window-dark.png` });
  // The first window shows the same layout: its chart was not replaced.
  await expect.poll(() => views(page)).toEqual([...before, "home"].sort());
  await expect(chartWithIndicators(page)).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/f1-first-window-after-dark.png` });

  // Saved so: a reload of the first window still has the chart with its four indicators.
  await page.reload();
  await expect(page.locator(".workspace .pane").first()).toBeVisible();
  await expect(chartWithIndicators(page)).toBeAttached();
  await expect.poll(() => views(page)).toEqual([...before, "home"].sort());

  // A third window on an address a pane already shows: that pane takes the focus, nothing is added.
  const c = await context.newPage();
  await c.setViewportSize({ width: 1680, height: 1000 });
  await c.goto(`${broker.url}/main/orders`);
  await expect(c.locator('.pane-focused[data-view="orders"]')).toBeVisible();
  await expect.poll(() => views(c)).toEqual([...before, "home"].sort());
  await expect(chartWithIndicators(c)).toBeAttached();
  await setTheme(c, "light");
  await c.screenshot({ path: `${SHOTS}/f1-third-window-light.png` });
  await c.close();
  await b.close();
});

test("Layout: Trading over a strategy with legs and a chart with indicators asks first, naming both; Esc keeps them, Enter switches", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await infyChart(page);
  await runLine(page, "strategy NIFTY straddle ATM", "strategy.line");
  await expect(page.getByTestId("strategy")).toHaveAttribute("data-legs", "2");
  const before = await views(page);

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await palette(page, "Layout: Trading");
    const ask = page.getByRole("dialog", { name: "Switch to Layout: Trading?" });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(/Pane \d Strategy: NIFTY long straddle, 2 legs/);
    await expect(ask).toContainText(/Pane \d Chart: INFY-EQ 5m: rsi 14, ema 20, bb 20 2, vwap/);
    await page.screenshot({ path: `${SHOTS}/f5-ask-${theme}.png` });
    // Esc keeps the layout as it was.
    await page.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    await expect.poll(() => views(page)).toEqual(before);
    await expect(chartWithIndicators(page)).toBeAttached();
    await expect(page.getByTestId("strategy")).toHaveAttribute("data-legs", "2");
  }

  // Enter on the question switches: the Trading layout, the strategy and the chart gone as asked.
  await palette(page, "Layout: Trading");
  const ask = page.getByRole("dialog", { name: "Switch to Layout: Trading?" });
  await expect(ask).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(ask).toBeHidden();
  await expect.poll(() => views(page)).toEqual(["depth", "orders", "position", "watchlist"]);

  // The Trading layout holds no work: choosing it again switches at once, no question.
  await palette(page, "Layout: Monitor");
  await expect.poll(() => views(page)).toEqual(["chart", "orders", "watchlist"]);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

// The presets' question is the one rule for every change that takes panes away: opening a named
// workspace closed a strategy's legs without a word. It asks the same question, naming the pane.
test("workspace Plain over a strategy with legs asks the presets' question, naming it; Esc keeps it, Enter opens the workspace", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // Saved before any work is made: a layout of no work switches at once.
  await palette(page, "Layout: Monitor");
  await expect.poll(() => views(page)).toEqual(["chart", "orders", "watchlist"]);
  await runLine(page, "workspace save Plain", "workspace.line");
  await runLine(page, "strategy NIFTY straddle ATM", "strategy.line");
  await expect(page.getByTestId("strategy")).toHaveAttribute("data-legs", "2");
  const before = await views(page);

  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await runLine(page, "workspace Plain", "workspace.line");
    const ask = page.getByRole("dialog", { name: "Switch to Workspace Plain?" });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(/Pane \d Strategy: NIFTY long straddle, 2 legs/);
    await page.screenshot({ path: `${SHOTS}/workspace-ask-1680-${theme}.png` });
    await page.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    await expect.poll(() => views(page)).toEqual(before);
    await expect(page.getByTestId("strategy")).toHaveAttribute("data-legs", "2");
  }

  await runLine(page, "workspace Plain", "workspace.line");
  const ask = page.getByRole("dialog", { name: "Switch to Workspace Plain?" });
  await expect(ask).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(ask).toBeHidden();
  await expect.poll(() => views(page)).toEqual(["chart", "orders", "watchlist"]);
  await expect(page.getByTestId("strategy")).toHaveCount(0);
});
