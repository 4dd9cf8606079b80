import { expect, openPalette, openSearch, signIn, test } from "./fixtures";

test("d opens live market depth beside the focused pane for the chosen instrument, and index values tick in the header", async ({ page }) => {
  await signIn(page);
  // By the keyboard: the title typed once the palette's input has the focus, then Enter. (In the full run keys typed
  // before the input had it were lost, and Enter ran another line: 4 panes stayed.)
  await openPalette(page);
  await page.keyboard.type("Layout: Single pane");
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toHaveAttribute("data-command", "layout.preset.single");
  await page.keyboard.press("Enter");
  await expect(page.locator(".pane")).toHaveCount(1);

  await openSearch(page);
  await page.keyboard.type("infy");
  const dialog = page.getByRole("dialog", { name: "Search instrument" });
  await expect(dialog.locator('[role="option"]').first()).toContainText("INFY-EQ");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  await page.keyboard.press("d");
  const depth = page.getByTestId("depth");
  await expect(depth).toBeVisible();
  await expect(page.locator(".pane")).toHaveCount(2);
  // Issue 28: the pane opened beside takes the focus, so the next key acts on what was just opened.
  await expect(page.locator(".pane").nth(1)).toHaveAttribute("data-focused", "true");
  await expect(depth).toContainText("INFY-EQ");
  // Five bids below five offers, from the live feed.
  const bid0 = depth.locator('[data-field="bid0"]');
  await expect(bid0).not.toHaveText("");
  const num = (s: string) => Number(s.replace(/,/g, ""));
  // Both prices from one snapshot of the DOM: two separate reads can straddle a tick.
  const [bid, ask] = await depth.evaluate((el) => [el.querySelector('[data-field="bid0"]')!.textContent ?? "", el.querySelector('[data-field="ask0"]')!.textContent ?? ""]);
  expect(num(bid!)).toBeLessThan(num(ask!));
  await expect(depth.locator('[data-field="ask4"]')).not.toHaveText("");
  await expect(depth.locator('[data-field="Upper circuit"]')).not.toHaveText("--");

  // The LTP ticks: it changes within a few seconds (TICK_HZ 2).
  const ltp = depth.locator('[data-field="ltp"]');
  const first = await ltp.innerText();
  await expect.poll(async () => ltp.innerText(), { timeout: 20_000 }).not.toBe(first);

  const nifty = page.locator('.pinned-item[data-symbol="NIFTY"] [data-field="ltp"]');
  await expect(nifty).not.toHaveText("0.00");
  const niftyFirst = await nifty.innerText();
  await expect.poll(async () => nifty.innerText(), { timeout: 20_000 }).not.toBe(niftyFirst);
  await page.screenshot({ path: "test-results/depth.png" });
});
