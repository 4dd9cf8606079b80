import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort, startBrokerProcess, type BrokerProcess } from "../support/brokerProcess";
import { commandLine, expect, palette, searchAndChoose, signIn, test } from "./fixtures";
import { recordToasts, toastsShown } from "./toastRecorder";

/**
 * Toasts and prompts that say what happened to what (a trader's hour in Chromium found four that did
 * not): a broker that does not answer is said by the order window, not by the browser's "Failed to
 * fetch" twice; a watchlist toast names the scrip and the list; the margin prompt's Enter does what
 * its Enter button says. Keyboard only, against a paper broker of this file's own on a fixed port and
 * data folder, so that it can be killed and brought back.
 */
test.describe.configure({ mode: "serial" });

let broker: BrokerProcess;
let port = 0;
let dataDir = "";

test.beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-e2e-toast-words-"));
  broker = await startBrokerProcess({}, { port, dataDir });
});
test.afterAll(async () => {
  await broker.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const orderWindow = (page: Page) => page.getByRole("form", { name: "Order window" });

test("the broker stopped, Enter in the order window: the window says it, and no toast says 'Failed to fetch'", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  // The contract is looked up once while the broker is up, so that the line opens its window while it is down.
  await commandLine(page, "buy INFY 10 @ 1100");
  await page.keyboard.press("Escape");
  await expect(orderWindow(page)).toBeHidden();
  await recordToasts(page);
  await broker.kill();
  // The palette (its recently viewed list), the window's margin check, then the place: none answered.
  await commandLine(page, "buy INFY 10 @ 1100");
  await expect(page.getByTestId("ow-margin-basis")).toHaveText("Margin is not available: the broker did not answer");
  await page.keyboard.press("Enter");
  await expect(orderWindow(page).getByRole("alert")).toContainText(/broker is unreachable.*may not have reached it/i);
  await expect(orderWindow(page)).toBeVisible();
  // "A toast must say what failed, in a trader's words, or no toast where the window already says it."
  // Before: "Failed to fetch", then "Failed to fetch ×2" (the recently viewed list and the margin check),
  // and in one run "×6" (the panes' refreshes). Now the call that finds the broker down, if any pane's
  // refresh does before the banner's poll, says so once in words; the rest say nothing.
  const shown = await toastsShown(page);
  expect(shown.length, shown.join(" | ")).toBeLessThanOrEqual(1);
  for (const text of shown) expect(text).toBe("The broker is unreachable (Failed to fetch)");
  broker = await startBrokerProcess({}, { port, dataDir });
  await page.keyboard.press("Escape");
});

test("insufficient margin: the focus is on Add funds, Enter adds funds, Esc is Not now", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  // ITC 3000 at 299.50 intraday needs more than DEMO1's margin: the broker refuses it (EC919) and the prompt asks.
  const prompt = page.getByRole("alertdialog", { name: "Insufficient margin" });
  await commandLine(page, "buy ITC 30000 @ 299.5 intraday");
  await page.keyboard.press("Enter");
  await expect(prompt).toBeVisible();
  // The button marked Enter has the focus; Esc closes the prompt, back to the window.
  await expect(prompt.getByRole("button", { name: /Add funds/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  await expect(orderWindow(page)).toBeVisible();
  // Enter again: the prompt again; Enter on it does "Add funds Enter": the window closes, the funds page opens.
  await page.keyboard.press("Enter");
  await expect(prompt).toBeVisible();
  // Wherever the focus is in the prompt (Tab to "Not now"), Enter is the button marked Enter.
  await page.keyboard.press("Shift+Tab");
  await expect(prompt.getByRole("button", { name: /Not now/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(orderWindow(page)).toBeHidden();
  await expect(page).toHaveURL(/funds/);
});

test("watchlist toasts name the scrip and the list: five adds are five toasts, a delete names what it deleted", async ({ page }) => {
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  const wl = page.getByTestId("watchlist");
  await expect(wl).toBeVisible();
  await expect(page.getByTestId("wl-name")).not.toHaveText("");
  const list = (await page.getByTestId("wl-name").textContent()) ?? "";
  await recordToasts(page);
  const rows = wl.locator('[role="row"][data-symbol]');
  const before = await rows.count();
  const symbols = ["INFY-EQ", "TCS-EQ", "SBIN-EQ", "ITC-EQ", "WIPRO-EQ"];
  for (const [i, symbol] of symbols.entries()) {
    await searchAndChoose(page, symbol.replace("-EQ", "").toLowerCase(), new RegExp(symbol));
    if (i % 2 === 0) await palette(page, "Add to watchlist");
    else await page.keyboard.press("Shift+Equal");
    await expect(rows).toHaveCount(before + i + 1);
  }
  // Before: "Scrip added successfully ×5", naming no scrip and no list.
  expect(await toastsShown(page)).toEqual(symbols.map((s) => `${s} added to ${list}`));
  // Again INFY: the broker's message whole, after what was not done.
  await searchAndChoose(page, "infy", /INFY-EQ/);
  await palette(page, "Add to watchlist");
  await expect(page.locator(".toasts [role='status']").filter({ hasText: `INFY-EQ not added to ${list}: Scrip already exists in the market watch` })).toHaveCount(1);
  // Delete the row under the cursor (the first) with -: named by its symbol.
  await page.keyboard.press("Alt+1");
  await page.keyboard.press("Home");
  const first = (await rows.nth(0).getAttribute("data-symbol")) ?? "";
  await page.keyboard.press("Minus");
  await expect(page.locator(".toasts [role='status']").filter({ hasText: `${first} deleted from ${list}` })).toHaveCount(1);
  expect((await toastsShown(page)).filter((t) => /successfully/.test(t))).toEqual([]);
});
