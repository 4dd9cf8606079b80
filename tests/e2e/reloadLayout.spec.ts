import type { Page } from "@playwright/test";
import { closePane, expect, signIn, test } from "./fixtures";

/**
 * The layout is the user's, shared by the tabs of one browser; a tab's address is only where that
 * tab last was. The explorer's sequence: tab A on /main/orders; in tab B the Orders pane is given
 * up (here closed); tab A is reloaded. Its stale address put Orders back into the focused pane, over
 * what was there, in both tabs. A reload now only focuses a pane already showing its page, and
 * otherwise its address follows the focused pane (src/app/routeSync.ts).
 */
const views = async (page: Page) => (await page.locator(".workspace .pane[data-view]").evaluateAll((els) => els.map((e) => e.getAttribute("data-view")))).sort();

test("a reload of a tab whose page another tab closed keeps the layout as it is, and moves its address instead", async ({ page, context }) => {
  await signIn(page, "DEMO1", "/main/orders");
  const ordersA = page.locator('.workspace .pane[data-view="orders"]');
  await expect(ordersA).toHaveCount(1);

  const b = await context.newPage();
  await b.goto("/main/orders");
  // Its Orders pane given up: closePane waits until it shows it, then closes it.
  await closePane(b, "orders");
  // The other tab has the same layout.
  await expect(ordersA).toHaveCount(0);
  const before = await views(page);

  await page.reload();
  await expect(page.locator(".workspace .pane").first()).toBeVisible();
  await expect.poll(() => views(page)).toEqual(before);
  await expect(ordersA).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/main\/orders/);
  // Nor did the reload change the other tab's panes.
  await expect.poll(() => views(b)).toEqual(before);

  // An address followed (not a reload) still opens its page.
  await page.goto("/main/orders");
  await expect(ordersA).toHaveCount(1);
  await b.close();
});

/**
 * A second tab opened on "/" with the session kept lands on /home; with no Home pane in the shared
 * layout that landing put Home over the focused pane, in both tabs (an explorer's Positions became
 * Home). The landing route joins the layout as a reload does: its address follows the focused pane.
 */
test("a second tab opened on / keeps the shared layout and follows its focused pane", async ({ page, context }) => {
  await signIn(page, "DEMO1", "/main/orders");
  const orders = page.locator('.workspace .pane[data-view="orders"]');
  await expect(orders).toHaveCount(1);
  if ((await page.locator('.workspace .pane[data-view="home"]').count()) > 0) await closePane(page, "home");
  await orders.click();
  await expect(orders).toHaveClass(/pane-focused/);
  const before = await views(page);
  expect(before).not.toContain("home");

  const b = await context.newPage();
  await b.goto("/");
  // Signed in by the kept session: the workspace as the first tab has it, its address the focused pane's.
  await expect(b).toHaveURL(/\/main\/orders/);
  await expect(b.locator(".workspace .pane").first()).toBeVisible();
  await expect.poll(() => views(b)).toEqual(before);
  await expect.poll(() => views(page)).toEqual(before);
  await expect(orders).toHaveClass(/pane-focused/);
  await b.close();
});
