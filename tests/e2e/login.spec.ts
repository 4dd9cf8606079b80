import { TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { expect, lastAt, latestCode, loginWithOtp, stage, test, typeUserAndPassword } from "./fixtures";

/** Keyboard only: every step below is typed or a key press; nothing is clicked. */
test.describe.configure({ mode: "serial" });

async function fresh(page: Page, path = "/"): Promise<void> {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  await page.goto(path);
}

test("DEMO1 logs in with password and the OTP from the outbox, lands on /home and acknowledges the risk disclosure", async ({ page }) => {
  await fresh(page);
  await loginWithOtp(page, "DEMO1");
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expect(page.getByTestId("risk-disclosure")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("risk-disclosure")).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
});

test("a wrong password shows its message on the password field", async ({ page }) => {
  await fresh(page);
  await typeUserAndPassword(page, "DEMO1", "Wrong@pass");
  await expect(page.locator("#password-error")).toHaveText("Invalid userId or password");
  // One right password resets the count, so DEMO1 is not left on the way to a block.
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Tape@2026");
  await page.keyboard.press("Enter");
  await expect(stage(page, "otp")).toBeVisible();
});

test("DORMANT1 sees the dormant-account dialog", async ({ page }) => {
  await fresh(page);
  await loginWithOtp(page, "DORMANT1");
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expect(page.getByTestId("dormant-dialog")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("dormant-dialog")).toBeHidden();
});

test("5 wrong passwords block DEMO2 and the unblock flow restores it", async ({ page }) => {
  await fresh(page);
  await typeUserAndPassword(page, "DEMO2", "Wrong@1");
  for (let i = 0; i < 4; i++) {
    await expect(page.locator("#password-error")).toBeVisible();
    await page.keyboard.press("Control+a");
    await page.keyboard.type(`Wrong@${i + 2}`);
    await page.keyboard.press("Enter");
    if (i < 3) await expect(page.locator("#password-error")).toContainText("Invalid");
  }
  await expect(stage(page, "accBlock")).toBeVisible();
  const before = await lastAt(page, "DEMO2");
  await page.keyboard.press("Enter");
  await expect(stage(page, "unblockAccountVerify")).toBeVisible();
  // "date of birth format MMDDYYYY": typed as 01/01/1990 (every demo account's), then the OTP.
  await page.keyboard.type("01011990");
  await expect(page.locator('input[name="dob"]')).toHaveValue("01/01/1990");
  await page.keyboard.type(await latestCode(page, "DEMO2", before));
  await expect(page.getByTestId("success-message")).toHaveText("Your account has been successfully unblocked!");
  await page.keyboard.press("Enter");
  await expect(stage(page, "password")).toBeVisible();
  const beforeLogin = await lastAt(page, "DEMO2");
  await page.keyboard.type("Tape@2026");
  await page.keyboard.press("Enter");
  // The OTP boxes take the focus a frame after the stage shows: digits typed before that are lost.
  await expect(page.locator('[data-stage="otp"] .otp-box').first()).toBeFocused();
  await page.keyboard.type(await latestCode(page, "DEMO2", beforeLogin));
  await expect(page).toHaveURL(/\/home(\?|$)/);
});

test("forgot password sets a new one that then signs in", async ({ page }) => {
  await fresh(page);
  await expect(stage(page, "mobile")).toBeVisible();
  await page.keyboard.type("DEMO2");
  await page.keyboard.press("Enter");
  await expect(stage(page, "password")).toBeVisible();
  const before = await lastAt(page, "DEMO2");
  // Tab from the password field reaches "Log in", then "Forgot password?".
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(stage(page, "forgotPasswordVerify")).toBeVisible();
  await page.keyboard.type("01011990");
  await page.keyboard.type(await latestCode(page, "DEMO2", before));
  await expect(stage(page, "setNewPassword")).toBeVisible();
  await page.keyboard.type("Fresh#2026");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Fresh#2026");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("success-message")).toHaveText("Your password has been set successfully!");
  await page.keyboard.press("Enter");
  await expect(stage(page, "password")).toBeVisible();
  const beforeLogin = await lastAt(page, "DEMO2");
  await page.keyboard.type("Fresh#2026");
  await page.keyboard.press("Enter");
  // The OTP boxes take the focus a frame after the stage shows: digits typed before that are lost.
  await expect(page.locator('[data-stage="otp"] .otp-box').first()).toBeFocused();
  await page.keyboard.type(await latestCode(page, "DEMO2", beforeLogin));
  await expect(page).toHaveURL(/\/home(\?|$)/);
});

test("DEMO1 registers TOTP, signs out, and signs in with a code computed from the shown secret", async ({ page }) => {
  await fresh(page);
  await typeUserAndPassword(page, "DEMO1", "Tape@2026");
  await expect(page.locator('[data-stage="otp"] .otp-box').first()).toBeFocused();
  // From the OTP boxes, Tab reaches "Set up authenticator (TOTP)".
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveText(/Set up authenticator/);
  await page.keyboard.press("Enter");
  await expect(stage(page, "totpGenerate")).toBeVisible();
  const before = await lastAt(page, "DEMO1");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-stage="totpGenerate"] .otp-box').first()).toBeFocused();
  await page.keyboard.type(await latestCode(page, "DEMO1", before));
  await expect(stage(page, "registerTotp")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" });
  await page.keyboard.type(totp.generate({ timestamp: Date.now() - 30_000 }));
  await expect(page.getByTestId("success-message")).toHaveText("Your TOTP Registration, is successful!");
  await page.keyboard.press("Enter");
  await expect(stage(page, "password")).toBeVisible();
  await page.keyboard.type("Tape@2026");
  await page.keyboard.press("Enter");
  await expect(stage(page, "totp")).toBeVisible();
  await page.keyboard.type(totp.generate());
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expect(page.getByTestId("risk-disclosure")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("risk-disclosure")).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem("accessToken"));
  // Sign out through the palette: the one door for every action.
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("Sign out");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Sign out" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  const profile = await page.request.get("/core/profile", { headers: { authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem("clientCode"))).toBe("DEMO1");
});

test("an unknown SSO app key shows the exact Invalid App Key text", async ({ page }) => {
  await fresh(page, "/?v=1&appkey=nope");
  await expect(stage(page, "sso_auth_msg")).toBeVisible();
  await expect(page.locator(".login-message")).toHaveText("Invalid App Key: The app key you entered is incorrect. Please double-check and try again.");
  await fresh(page, "/?foo=bar");
  await expect(page.locator(".login-message")).toHaveText("Invalid App Key: The app key you entered is incorrect. Please double-check and try again.");
});

test("an SSO round trip with demo-vendor lands on the callback", async ({ page }) => {
  await fresh(page, "/?v=1&appkey=demo-vendor");
  await expect(page.locator(".login-message")).toHaveText("Sign in to continue to Demo Vendor App");
  await loginWithOtp(page, "DEMO2", "Fresh#2026");
  await expect(stage(page, "authorize")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sso-demo\/callback\?authCode=/);
  await expect(page.locator("#received")).toContainText("DEMO2");
});

test("the password is changed from inside the app with a success toast", async ({ page }) => {
  const res = await page.request.post("/dev/session", { data: { userId: "DORMANT1" } });
  const s = ((await res.json()) as { result: Array<{ accessToken: string; clientCode: string }> }).result[0]!;
  await fresh(page);
  await page.evaluate((v) => {
    localStorage.setItem("clientCode", v.clientCode);
    localStorage.setItem("accessToken", v.accessToken);
  }, s);
  await page.goto("/home");
  await expect(page.locator(".workspace .pane").first()).toBeVisible(); // keys are bound once the workspace has rendered
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await page.keyboard.type("Change password");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Change password" })).toBeVisible();
  await page.keyboard.type("Tape@2026");
  await page.keyboard.press("Tab");
  await page.keyboard.type("nospecial");
  await page.keyboard.press("Tab");
  await page.keyboard.type("nospecial");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toContainText("one special character");
  // Focus is still on the confirm field: one Shift+Tab back to the new password.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Other#2026");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Other#2026");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your password has been changed successfully")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Change password" })).toBeHidden();
});
