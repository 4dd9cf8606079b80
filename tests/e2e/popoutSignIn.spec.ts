import { expect, loginWithOtp, palette, signIn, test } from "./fixtures";

/**
 * Explorer finding (windows): a pane popped into its own window was orphaned by a sign-out and
 * sign-in: both windows signed out (right), but after signing in again in the main window the
 * pop-out stayed on the login form while the main window's pane said "In its own window".
 * Decided: the pop-out hears the sign-in of its client on the windows' channel and comes back
 * signed in, on its pane (windowSession.ts).
 */
test("a popped-out pane signed out with the main window comes back signed in when the main window signs in again", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/orders");
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Alt+Shift+p")]);
  await popup.waitForLoadState();
  await expect(popup.getByTestId("pane-window")).toBeVisible();
  await expect(popup.locator('.pane[data-view="orders"]')).toBeVisible();

  // Sign out from the pop-out: both windows go to the login page.
  await palette(popup, "Sign out");
  await popup.getByRole("dialog", { name: "Sign out" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(popup.getByTestId("pane-window")).toHaveCount(0);
  await expect(popup.locator('[data-stage="mobile"]')).toBeVisible();

  // Sign in again in the main window, with the password and the OTP.
  await page.bringToFront();
  // The login form keeps the client code: the typed one replaces it.
  await page.locator('[data-stage="mobile"] input').first().focus();
  await page.keyboard.press("Control+a");
  await loginWithOtp(page, "DEMO1");
  await expect(page).toHaveURL(/\/home(\?|$)/);

  // The pop-out is back on its pane, signed in; the main window still shows the pane as out.
  await expect(popup.getByTestId("pane-window")).toBeVisible({ timeout: 15_000 });
  // (Its page may be the one the main window's sign-in landed on, /home: the pane is the same one.)
  await expect(popup.locator(".pane").first()).toBeVisible();
  await expect(popup.locator('[data-stage="mobile"]')).toHaveCount(0);
  await expect(page.getByText("In its own window")).toBeVisible();
  await popup.close();
});
