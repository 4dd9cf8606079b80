import { expect, palette, signIn, test } from "./fixtures";

/**
 * Settings › Security's sessions list follows sign-ins made elsewhere (the explorer's finding: a
 * sign-in from another browser did not show until the pane was reopened). The rule
 * (SecurityTab.tsx, SESSIONS_REFRESH_MS): the list is read again when its pane gets the focus, when
 * the window comes back into view, and every 15 s while shown. The test takes the focus rule: the
 * interval would make it wait on a clock.
 */
test("a sign-in from another browser shows in Settings › Security's sessions when its pane gets the focus back, not reopened", async ({ page, browser, baseURL }) => {
  await signIn(page, "DEMO2", "/home");
  await palette(page, "Settings: Security");
  const sessions = page.getByRole("table", { name: "Active sessions list" });
  await expect(sessions.locator('tr[data-current="true"]')).toHaveCount(1);
  const before = await sessions.locator("tbody tr").count();
  const settingsPane = page.locator(".tiling .pane", { has: sessions });
  await expect(settingsPane).toHaveClass(/pane-focused/);

  // DEMO2 signs in from another browser.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await signIn(second, "DEMO2", "/home");

  // The trader works in another pane, then comes back to Settings: the new session is listed.
  const elsewhere = page.locator(".tiling .pane:visible").filter({ hasNot: sessions }).first();
  await elsewhere.locator(".pane-title").click();
  await expect(settingsPane).not.toHaveClass(/pane-focused/);
  await settingsPane.locator(".pane-title").click();
  await expect(settingsPane).toHaveClass(/pane-focused/);
  await expect(sessions.locator("tbody tr")).toHaveCount(before + 1);
  await expect(page.getByRole("button", { name: `Sign out other sessions (${before})` })).toBeEnabled();
  await other.close();
});
