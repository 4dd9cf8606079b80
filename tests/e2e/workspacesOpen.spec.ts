import type { Browser, Page } from "@playwright/test";
import { expect, ownBroker, runLine, setTheme, signIn, test } from "./fixtures";

/**
 * Issue 32, named workspaces "kept by the broker per user, so another browser sees them, with the
 * per-user local layout as the offline fallback", and panes popped into windows of their own:
 * opening a workspace that is already open leaves its popped panes out, their windows open; the
 * broker's copy is the one opened and stepped to, this device's only while the broker does not
 * answer, and the toast says so. Against a paper broker of this file's own (no other test's workspaces).
 */
test.describe.configure({ mode: "serial" });

const broker = ownBroker();
const SHOTS = "/tmp/shots/workspace";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1680, height: 1000 },
] as const;

const views = (page: Page) => page.locator(".tiling .pane").evaluateAll((els) => els.map((e) => e.getAttribute("data-view")));
const statusLine = (page: Page) => page.getByTestId("status-line");
const poppedOut = (page: Page) => page.getByText("In its own window");

/** Runs a workspace line (`workspace save Open`, `workspace Open`) from the palette. */
const workspaceLine = (page: Page, line: string) => runLine(page, line, "workspace.line");

/**
 * What a window going away or being loaded again would show within `ms`: its close or its load.
 * A negative ("stays open, not reloaded") has nothing to wait for, so it is given the time a
 * navigation of an open window takes many times over.
 */
async function settled(popup: Page, ms = 2500): Promise<"closed" | "reloaded" | "stayed"> {
  return Promise.race([
    popup.waitForEvent("close", { timeout: ms }).then(() => "closed" as const),
    popup.waitForEvent("load", { timeout: ms }).then(() => "reloaded" as const),
  ]).catch(() => "stayed" as const);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      await page.screenshot({ path: `${SCREEN(name, size.width, theme)}` });
    }
  }
  await setTheme(page, "dark");
}
const SCREEN = (name: string, width: number, theme: string) => `${SHOTS}/${name}-${width}-${theme}.png`;

test("opening a workspace already open leaves its popped-out depth out, its window open and not reloaded", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  // Trading: watchlist | orders over positions | depth. The depth goes out into its own window.
  await page.keyboard.press("Alt+4");
  await expect(page.locator('.pane[data-view="depth"]')).toHaveClass(/pane-focused/);
  const [first] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  await expect(first.getByTestId("pane-window").locator('[data-view="depth"]')).toBeVisible();
  await page.keyboard.press("Alt+1");
  await workspaceLine(page, "workspace save Open");
  await expect(page.locator(".toasts").getByText("Workspace Open saved")).toBeVisible();
  // Brought back, its window closes; opening the workspace pops it out again, in a window of its own.
  const closed = first.waitForEvent("close");
  await page.keyboard.press("Alt+Shift+i");
  await closed;
  await expect(poppedOut(page)).toHaveCount(0);
  const [popup] = await Promise.all([page.waitForEvent("popup"), workspaceLine(page, "workspace Open")]);
  await expect(popup.getByTestId("pane-window").locator('[data-view="depth"]')).toBeVisible();
  await expect(poppedOut(page)).toBeVisible();
  // Marks this document: a window loaded again loses it.
  await popup.evaluate(() => ((window as unknown as { seen: boolean }).seen = true));

  // The same workspace again: the body still lists the depth as popped out, so it stays out.
  const after = settled(popup);
  await workspaceLine(page, "workspace Open");
  await expect(statusLine(page)).toHaveText("Workspace Open");
  expect(await after).toBe("stayed");
  expect(await popup.evaluate(() => (window as unknown as { seen?: boolean }).seen)).toBe(true);
  await expect(popup.getByTestId("pane-window").locator('[data-view="depth"]')).toBeVisible();
  await expect(poppedOut(page)).toBeVisible();
  // And the pop-out key on a pane already out brings its window forward, again without reloading it.
  await page.keyboard.press("Alt+4");
  const again = settled(popup);
  await page.keyboard.press("Alt+Shift+p");
  expect(await again).toBe("stayed");
  await expect(poppedOut(page)).toBeVisible();
  await shoot(page, "reopened-popped-depth");
  await popup.close();
});

/** A second browser of the same user: its own local storage, the same broker. */
async function secondBrowser(browser: Browser): Promise<Page> {
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const second = await other.newPage();
  await signIn(second, "DEMO1", "/home", broker.url);
  await second.keyboard.press("Alt+1");
  return second;
}

test("another browser opens the broker's copy of a workspace re-saved elsewhere, and steps by the broker's names after a rename", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await page.keyboard.press("Alt+1");
  // Open v1: the Trading layout with a chart grid placed in it.
  await runLine(page, "chart grid 4", "chart.grid.line");
  await expect(page.locator('.pane[data-view="multichart"]')).toBeVisible();
  await workspaceLine(page, "workspace save Open");
  await expect(page.locator(".toasts").getByText("Workspace Open saved")).toBeVisible();
  const withGrid = await views(page);

  const second = await secondBrowser(browser);
  await workspaceLine(second, "workspace Open");
  await expect.poll(() => views(second)).toEqual(withGrid);

  // Browser 1 re-saves Open without the grid.
  await page.locator('.pane[data-view="multichart"] .pane-title').click();
  await runLine(page, "Close pane", "layout.close");
  await expect(page.locator('.pane[data-view="multichart"]')).toHaveCount(0);
  await workspaceLine(page, "workspace save Open");
  await expect(page.locator(".toasts").getByText("Workspace Open saved")).toBeVisible();
  const withoutGrid = await views(page);
  expect(withoutGrid).not.toEqual(withGrid);

  // Browser 2 opens Open again: the broker's copy, not the one it kept. Its one pane is the grid with
  // its cells, which the new copy does not keep: asked first, as a layout preset asks; Enter opens it.
  await runLine(second, "Layout: Single pane", "layout.preset.single");
  await workspaceLine(second, "workspace Open");
  const ask = second.getByRole("dialog", { name: "Switch to Workspace Open?" });
  await expect(ask).toContainText(/Pane 1 Chart Grid: chart grid of 4/);
  await second.keyboard.press("Enter");
  await expect(ask).toBeHidden();
  await expect(statusLine(second)).toHaveText("Workspace Open");
  await expect.poll(() => views(second)).toEqual(withoutGrid);

  // Browser 1 renames Open to Morning: browser 2's step key goes to Morning, the only name the broker has.
  await workspaceLine(page, "workspace rename Open to Morning");
  await expect(page.locator(".toasts").getByText("Workspace Open is now Morning")).toBeVisible();
  await second.keyboard.press("Alt+Period");
  await expect(statusLine(second)).toHaveText("Workspace Morning");

  // The broker does not answer: this device's copy opens, and the toast says whose copy it is.
  await second.route("**/core/v2/workspaces", (route) => route.abort("connectionrefused"));
  await runLine(second, "Layout: Single pane", "layout.preset.single");
  await workspaceLine(second, "workspace Morning");
  await expect(second.locator(".toasts").getByText(/^Workspace Morning opened from this browser's copy: the broker is unreachable/)).toBeVisible();
  await expect.poll(() => views(second)).toEqual(withoutGrid);
  await shoot(second, "offline-fallback-toast");
  await second.context().close();
});

test("chart grid 4 from Orders at 1280x800, no pane with room: the grid takes a band along the bottom, the popped-out depth stays out", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await runLine(page, "Layout: Trading", "layout.preset.trading");
  await page.keyboard.press("Alt+4");
  await expect(page.locator('.pane[data-view="depth"]')).toHaveClass(/pane-focused/);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  await expect(popup.getByTestId("pane-window").locator('[data-view="depth"]')).toBeVisible();
  await page.keyboard.press("Alt+2");
  await expect(page.locator('.pane[data-view="orders"]')).toHaveClass(/pane-focused/);
  const after = settled(popup);
  await runLine(page, "chart grid 4", "chart.grid.line");
  // "A placement changes where panes are, nothing else": the grid is placed, the depth's window is left alone.
  await expect(page.locator('.pane[data-view="multichart"]')).toHaveClass(/pane-focused/);
  expect(await after).toBe("stayed");
  await expect(poppedOut(page)).toBeVisible();
  await expect(popup.getByTestId("pane-window").locator('[data-view="depth"]')).toBeVisible();
  await shoot(page, "band-with-popped-depth");
  await popup.close();
});
