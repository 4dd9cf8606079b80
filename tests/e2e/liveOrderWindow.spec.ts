import { commandLine, expect, signIn, test } from "./fixtures";

// Issue 11, item 3: "The order window's LTP ticks live, as do the depth pane and every price shown anywhere."
test("the order window's LTP ticks while the window is open", async ({ page }) => {
  await signIn(page, "DEMO1", "/home");
  await commandLine(page, "buy INFY 1 @ 1");
  const ltp = page.getByRole("form", { name: "Order window" }).locator('.ow-ltp [data-field="ltp"]');
  await expect(ltp).toBeVisible();
  const first = await ltp.innerText();
  await expect.poll(() => ltp.innerText(), { timeout: 20_000 }).not.toBe(first);
  await expect(ltp).not.toHaveAttribute("data-stale", "true");
});
