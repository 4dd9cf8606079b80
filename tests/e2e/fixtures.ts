import { test as base, expect, type Page } from "@playwright/test";

/**
 * Signs a demo user in through the paper broker's /dev/session and stores the session as the
 * app does, so tests of the shell start on a signed-in workspace without replaying a login.
 */
export async function signIn(page: Page, userId = "DEMO1", path = "/home"): Promise<void> {
  const res = await page.request.post("/dev/session", { data: { userId } });
  const body = (await res.json()) as { result: Array<{ accessToken: string; clientCode: string; clientName: string }> };
  const s = body.result[0]!;
  await page.goto("/");
  await page.evaluate((v) => {
    localStorage.clear();
    localStorage.setItem("clientCode", v.clientCode);
    localStorage.setItem("accessToken", v.accessToken);
    localStorage.setItem("clientName", v.clientName);
  }, s);
  await page.goto(path);
  // Keys are bound once the workspace has rendered: wait for it, so the first key press is not lost.
  await expect(page.locator(".workspace .pane").first()).toBeVisible();
}

export const test = base;
export { expect };
