import type { Locator, Page } from "@playwright/test";
import { commandLine, expect, openPalette, palette, signIn, test, ownBroker } from "./fixtures";
import { cursorOn, linkFocused, watchlistWith } from "./linkHelpers";

/**
 * Issue 32, linked panes and a workspace across windows: a pane popped into its own window stays
 * in its colour group; every window of the browser shares ONE WebSocket to the broker, owned by one
 * window (Web Locks) and handed over when it closes; sign-out in one window signs out the rest; an
 * order shows in every window's book with one toast; a workspace saved in one browser opens in
 * another. Against a paper broker of this file's own (a clean watchlist and book).
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();

/** The broker's feed sockets a page opens, and how many of them are open now. */
function countSockets(page: Page): { opened: () => number; open: () => number } {
  let opened = 0;
  let open = 0;
  page.on("websocket", (ws) => {
    opened++;
    open++;
    ws.on("close", () => open--);
  });
  return { opened: () => opened, open: () => open };
}

const chartIn = (page: Page) => page.locator('[data-testid="chart"]').first();
const lastBar = (scope: Locator): Locator => scope.getByTestId("chart-canvas").first();

async function waitForTick(canvas: Locator): Promise<void> {
  await expect(canvas).toHaveAttribute("data-last-bar", /^\d+\|/, { timeout: 20_000 });
  const before = await canvas.getAttribute("data-last-bar");
  await expect.poll(() => canvas.getAttribute("data-last-bar"), { timeout: 20_000 }).not.toBe(before);
}

test("a chart popped into a second window retargets when the main window's green watchlist cursor moves; one socket for both", async ({ page }) => {
  const mainSockets = countSockets(page);
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = await watchlistWith(page);
  await cursorOn(page, wl, "INFY-EQ");
  await linkFocused(page, "green");
  await page.keyboard.press("c");
  await expect(chartIn(page)).toHaveAttribute("data-symbol", "INFY-EQ");
  // The chart (focused now) joins green, then goes out into its own window.
  await linkFocused(page, "green");
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  const popupSockets = countSockets(popup);
  await popup.waitForLoadState();
  await expect(popup.getByTestId("pane-window")).toBeVisible();
  await expect(popup.locator('.pane-link[data-link="green"]')).toBeVisible();
  await expect(chartIn(popup)).toHaveAttribute("data-symbol", "INFY-EQ");
  // Its place in the main window says where it went.
  await expect(page.getByText("In its own window")).toBeVisible();

  // The watchlist's cursor moves in the main window: the chart in the other window follows.
  await page.keyboard.press("Alt+1");
  await cursorOn(page, wl, "SBIN-EQ");
  await expect(chartIn(popup)).toHaveAttribute("data-symbol", "SBIN-EQ");
  await waitForTick(lastBar(chartIn(popup)));
  // One WebSocket for both windows: the main window's.
  expect(mainSockets.open()).toBe(1);
  expect(popupSockets.opened()).toBe(0);

  // Back: the key in the main window brings the pane home and its window closes.
  const closed = popup.waitForEvent("close");
  await page.keyboard.press("Alt+Shift+i");
  await closed;
  await expect(chartIn(page)).toHaveAttribute("data-symbol", "SBIN-EQ");
});

test("closing the window that owns the socket: the other window takes it over and keeps ticking, one socket at a time", async ({ page }) => {
  const mainSockets = countSockets(page);
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await cursorOn(page, await watchlistWith(page), "INFY-EQ");
  await page.keyboard.press("c");
  await expect(chartIn(page)).toHaveAttribute("data-symbol", "INFY-EQ");
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  const popupSockets = countSockets(popup);
  await popup.waitForLoadState();
  await waitForTick(lastBar(chartIn(popup)));
  expect(mainSockets.open()).toBe(1);
  expect(popupSockets.opened()).toBe(0);

  await page.close();
  // The popped window owns the connection now: its own single socket, and its chart ticks on, its light live.
  await expect.poll(() => popupSockets.open()).toBe(1);
  await waitForTick(lastBar(chartIn(popup)));
  await expect(popup.locator(".feed-light")).toHaveAttribute("data-feed-state", "live");
  expect(popupSockets.opened()).toBe(1);
  await popup.close();
});

test("an order placed in one window shows in the other window's book, with one toast in all", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  const orders = page.locator('[data-view="orders"]').first();
  await expect(orders).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  await popup.waitForLoadState();
  await expect(popup.locator('[data-view="orders"]')).toBeVisible();
  const seen = async (p: Page) => p.evaluate(() => (window as unknown as { toastsAdded?: string[] }).toastsAdded ?? []);
  for (const p of [page, popup])
    await p.evaluate(() => {
      const added: string[] = [];
      (window as unknown as { toastsAdded: string[] }).toastsAdded = added;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes) {
            if (!(n instanceof HTMLElement)) continue;
            for (const el of n.matches("[role='status']") ? [n] : [...n.querySelectorAll<HTMLElement>("[role='status']")]) added.push(el.textContent ?? "");
          }
      }).observe(document.body, { childList: true, subtree: true });
    });
  // The main window's tiling has no orders pane now: the palette line places the order from there.
  await page.keyboard.press("Alt+1");
  await commandLine(page, "buy TCS 3");
  await page.keyboard.press("Enter");
  // The popped orders pane lists it.
  await expect(popup.locator('[data-view="orders"]').getByText("TCS-EQ").first()).toBeVisible({ timeout: 15_000 });
  const filled = (texts: string[]) => texts.filter((t) => /Qty 3 BUY TCS-EQ/.test(t)).length;
  await expect.poll(async () => filled(await seen(page)) + filled(await seen(popup))).toBe(1);
  // And stays one: no second window shows it late.
  await page.waitForTimeout(1500);
  expect(filled(await seen(page)) + filled(await seen(popup))).toBe(1);
  await popup.close();
});

test("sign-out in one window signs out the other", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  await popup.waitForLoadState();
  await expect(popup.getByTestId("pane-window")).toBeVisible();
  await palette(popup, "Sign out");
  await popup.getByRole("dialog", { name: "Sign out" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator(".workspace")).toHaveCount(0);
});

test("a workspace saved in one browser opens in another, panes, link groups and all", async ({ page, browser }) => {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await page.keyboard.press("Alt+1");
  await linkFocused(page, "blue");
  const views = await page.locator(".tiling .pane").evaluateAll((els) => els.map((e) => e.getAttribute("data-view")));
  await openPalette(page);
  await page.keyboard.type("workspace save Morning");
  await expect(page.locator('[data-command="workspace.line"]')).toContainText("Save this layout as workspace Morning");
  await page.keyboard.press("Enter");
  await expect(page.locator(".toasts").getByText("Workspace Morning saved")).toBeVisible();

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, "DEMO1", "/home", broker.url);
  await second.keyboard.press("Alt+1");
  await openPalette(second);
  await second.keyboard.type("workspace Morning");
  await expect(second.locator('[data-command="workspace.line"]')).toContainText("Open workspace Morning");
  await second.keyboard.press("Enter");
  await expect.poll(() => second.locator(".tiling .pane").evaluateAll((els) => els.map((e) => e.getAttribute("data-view")))).toEqual(views);
  await expect(second.locator('.tiling .pane').first().locator('.pane-link[data-link="blue"]')).toBeVisible();
  // A name not saved: the names that are, said as such ("No workspace named Evening: Morning" read as Evening's state).
  await openPalette(second);
  await second.keyboard.type("workspace Evening");
  await second.keyboard.press("Enter");
  await expect(second.locator(".toasts").getByText(/^No workspace named Evening \(saved: .*Morning.*\)$/)).toBeVisible();
  await other.close();
});
