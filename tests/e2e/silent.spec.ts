import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort, startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { runLine } from "./chartHelpers";
import { api, commandLine, expect, openPalette, palette, shareOf, signIn, test, token, ownBroker } from "./fixtures";

/**
 * Issue 28, "Nothing is silent" and "An outage loses nothing typed", by keyboard at 1680x1000.
 * The file runs a broker of its own (its cancel all must not touch the shared broker's orders);
 * the outage test runs another one that it stops and starts again.
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1680, height: 1000 } });

const SHOTS = "/tmp/shots-i28-silent";
fs.mkdirSync(SHOTS, { recursive: true });

const broker = ownBroker();

const statusLine = (page: Page) => page.getByTestId("status-line");
const pane = (page: Page, view: string) => page.locator(`.pane[data-view="${view}"]`);

test("Alt+P after `chart INFY 5m` pops that chart out; with the focus elsewhere it pops out the only chart; with none it says why", async ({ page }) => {
  // The Trading layout: watchlist | orders over positions | depth; the watchlist has the focus.
  await signIn(page, "DEMO1", "/main/watchlist", broker.url);
  await openPalette(page);
  await page.keyboard.type("chart INFY 5m");
  await expect(page.locator('[data-command="chart.line"]')).toBeVisible();
  await page.keyboard.press("Enter");
  const chart = page.locator('[data-testid="chart"][data-symbol="INFY-EQ"]');
  await expect(chart).toHaveAttribute("data-interval", "5m");
  // The chart opened beside takes the focus, so Alt+P acts on it.
  await expect(pane(page, "chart")).toHaveAttribute("data-focused", "true");
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+p")]);
  expect(popup.url()).toContain("symbol=INFY-EQ");
  expect(popup.url()).toContain("interval=5m");
  await popup.close();

  // Focus back on the watchlist: the one chart on screen is the one Alt+P means.
  await page.keyboard.press("Alt+1");
  await expect(pane(page, "watchlist")).toHaveAttribute("data-focused", "true");
  const [again] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+p")]);
  expect(again.url()).toContain("symbol=INFY-EQ");
  await again.close();

  // Close the chart pane: Alt+P now says why it cannot, in the status line.
  const n = await pane(page, "chart").locator(".pane-index").innerText();
  await page.keyboard.press(`Alt+${n}`);
  await page.keyboard.press("Alt+w");
  await expect(pane(page, "chart")).toHaveCount(0);
  await page.keyboard.press("Alt+p");
  await expect(statusLine(page)).toHaveText("Pop out needs a chart on screen: c on a row opens one, or type chart INFY in Ctrl+K");
  await expect(statusLine(page)).toHaveAttribute("data-kind", "warn");
});

test("c on a watchlist row opens the chart beside and focuses it: the next key, 2, acts on the chart; m on the watchlist says why it cannot", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/watchlist", broker.url);
  const wl = pane(page, "watchlist");
  // The predefined NIFTY 50 list; the cursor on its first row.
  await page.keyboard.press("BracketRight");
  const first = wl.locator('[role="row"][data-symbol]').first();
  await expect(first).toBeVisible();
  await page.keyboard.press("Home");
  await expect(first).toHaveAttribute("aria-selected", "true");
  const symbol = (await first.getAttribute("data-symbol"))!;

  // A key that cannot run says why, naming the pane to focus and its key (the Orders pane is pane 2 of this layout).
  await page.keyboard.press("m");
  await expect(statusLine(page)).toHaveText("Modify needs an order under the cursor: focus Orders (Alt+2)");
  await page.screenshot({ path: `${SHOTS}/status-line-dark.png` });
  await page.keyboard.press("Alt+t");
  await page.keyboard.press("m");
  await expect(statusLine(page)).toHaveText("Modify needs an order under the cursor: focus Orders (Alt+2)");
  await page.screenshot({ path: `${SHOTS}/status-line-light.png` });
  await page.keyboard.press("Alt+t");

  await page.keyboard.press("c");
  const chart = page.locator(`[data-testid="chart"][data-symbol="${symbol}"]`);
  await expect(chart).toHaveAttribute("data-interval", "1m");
  await expect(pane(page, "chart")).toHaveAttribute("data-focused", "true");
  await page.keyboard.press("2");
  await expect(chart).toHaveAttribute("data-interval", "5m");
});

test("Go to X shows X in the focused pane even when the route is already X's (a depth pane had the focus)", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  const orders = pane(page, "orders");
  await expect(orders).toHaveAttribute("data-focused", "true");
  // Depth is a pane of its own, not a page: focusing it leaves the route at /main/orders.
  const depth = pane(page, "depth");
  await page.keyboard.press(`Alt+${await depth.locator(".pane-index").innerText()}`);
  await expect(depth).toHaveAttribute("data-focused", "true");
  await expect(page).toHaveURL(/\/main\/orders/);
  await palette(page, "Go to Orders");
  await expect(orders).toHaveAttribute("data-focused", "true");
  await expect(depth).toHaveAttribute("data-focused", "false");
});

interface BookRow {
  orderNo: string;
  orderStatus: string;
}

/** Resting buys of INFY at 90% of its price, through the API (the subject here is cancelling them). */
async function placeResting(page: Page, quantities: number[]): Promise<void> {
  const bearer = await token(page);
  const infy = await shareOf(page, broker.url, "INFY");
  const { ltp, tickSize } = infy;
  const price = Number((Math.floor((ltp * 0.9) / tickSize) * tickSize).toFixed(2));
  for (const quantity of quantities) {
    const r = await api(page.request, broker.url, bearer, "/core/v2/orders", {
      exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity, product: "DELIVERY", orderComplexity: "REGULAR",
      orderType: "LIMIT", price, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
    });
    expect(r.status).toBe("Ok");
  }
}

async function openCount(page: Page): Promise<number> {
  const env = await api<BookRow>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.result.filter((o) => o.orderStatus === "open").length;
}

test("Enter during the armed countdown sends now, as its button says; Esc aborts and says so", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await placeResting(page, [1, 2]);
  await expect.poll(() => openCount(page)).toBe(2);
  await expect(page.locator('.pane[data-view="orders"] tr[data-order-no]')).toHaveCount(2);

  await page.keyboard.press("Shift+Delete");
  await expect(page.getByTestId("bulk-countdown")).toContainText(/Sending in [1-3] s/);
  await expect(page.getByTestId("bulk-preview")).toContainText("Cancel 2 open orders");
  await page.keyboard.press("Enter");
  // Sent, not aborted: both orders are cancelled and the log says what went.
  await expect.poll(() => openCount(page), { timeout: 20_000 }).toBe(0);
  await expect(statusLine(page)).not.toContainText("aborted");
  await palette(page, "Session log of bulk actions");
  const newest = page.getByTestId("session-log").locator(".session-log-entry").first();
  await expect(newest).toContainText("Cancel all (2 open): 2 cancelled");
  await page.keyboard.press("Escape");

  // Esc: nothing is sent, and the status line says so.
  await placeResting(page, [3]);
  // The preview is what the client knows when the key is pressed: wait until its book shows the third (two cancelled, one open).
  await expect(page.locator('.pane[data-view="orders"] tr[data-order-no]')).toHaveCount(3);
  await page.keyboard.press("Shift+Delete");
  await expect(page.getByTestId("bulk-preview")).toContainText("Cancel 1 open order");
  // What Enter does is the focused button's label.
  await expect(page.getByRole("button", { name: /Send now/ })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/countdown-dark.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("bulk-preview")).toBeHidden();
  await expect(statusLine(page)).toHaveText("Cancel all open orders aborted: nothing sent");
  expect(await openCount(page)).toBe(1);
});

test("broker stopped: a banner says so, a typed order line opens from the contract already looked up or stays in the palette with why; restarted: the banner goes without a reload", async ({ browser }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-outage-"));
  let own: BrokerProcess | undefined = await startBrokerProcess({}, { port, dataDir });
  const context = await browser.newContext({ baseURL: own.url, viewport: { width: 1680, height: 1000 } });
  try {
    const page = await context.newPage();
    await signIn(page, "DEMO1", "/main/watchlist");
    const banner = page.getByTestId("broker-down");
    const ow = page.getByRole("form", { name: "Order window" });
    // INFY's contract is looked up once while the broker answers (the window opened on it).
    await commandLine(page, "buy INFY 1");
    await page.keyboard.press("Escape");
    await expect(ow).toBeHidden();
    await expect(banner).toHaveCount(0);

    const reloads: string[] = [];
    page.on("framenavigated", (f) => f === page.mainFrame() && reloads.push(f.url()));
    await own.kill();
    own = undefined;
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await expect(banner).toHaveAttribute("role", "alert");
    await expect(banner).toContainText(/Broker unreachable since \d\d:\d\d:\d\d IST/);

    // The line opens its window from the contract the app already holds, and the window says so.
    await commandLine(page, "buy INFY 1");
    await expect(ow.locator(".ow-symbol")).toHaveText("INFY-EQ");
    await expect(page.getByTestId("ow-resolved")).toContainText(/^Broker unreachable: contract as looked up at \d\d:\d\d:\d\d IST/);
    await page.screenshot({ path: `${SHOTS}/banner-window-dark.png` });
    await page.keyboard.press("Escape");
    await expect(ow).toBeHidden();

    // A pane whose file the page has not loaded yet, opened in the outage: the file cannot come
    // from the stopped broker, and the page must not reload into the browser's "can't be reached"
    // (the banner and the app would go with it). The pane waits, and draws once the broker is back.
    const chunkFailures: string[] = [];
    page.on("requestfailed", (r) => /\/assets\/[^/]+\.js$/.test(r.url()) && chunkFailures.push(r.url()));
    await runLine(page, "chart grid 2", "chart.grid.line");
    const grid = page.locator('.pane[data-view="multichart"]');
    await expect(grid).toBeVisible();
    await expect.poll(() => chunkFailures.length, { message: "no file of the app was asked for in the outage" }).toBeGreaterThan(0);
    await expect(banner).toBeVisible();

    // A symbol never looked up: the line stays in the palette, as typed, with the reason.
    await openPalette(page);
    await page.keyboard.type("buy YESBANK 1");
    await expect(page.locator('[data-command="order.line"]')).toBeVisible();
    await page.keyboard.press("Enter");
    const kept = page.getByTestId("palette-kept");
    await expect(kept).toContainText("YESBANK on NSEEQ was not looked up since sign-in");
    await expect(page.locator("[cmdk-input]")).toHaveValue("buy YESBANK 1");
    await expect(ow).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/banner-kept-line-dark.png` });
    await page.keyboard.press("Escape");
    await page.keyboard.press("Alt+t");
    await openPalette(page);
    await page.keyboard.type("buy YESBANK 1");
    await page.keyboard.press("Enter");
    await expect(kept).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/banner-kept-line-light.png` });

    // Back on the same port: the banner goes by itself, and Enter on the kept line opens its window.
    own = await startBrokerProcess({}, { port, dataDir });
    await expect(banner).toHaveCount(0, { timeout: 10_000 });
    await expect(kept).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(ow.locator(".ow-symbol")).toHaveText("YESBANK-EQ");
    await expect(page.getByTestId("ow-resolved")).toHaveCount(0);
    // The grid's file came once the broker answered again: its charts draw, with no reload.
    await expect(grid.getByTestId("chart-canvas").first()).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
    expect(reloads).toEqual([]);
  } finally {
    await context.close();
    await own?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
