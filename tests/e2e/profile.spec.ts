import { commandLine, expect, openSearch, palette, signIn, test } from "./fixtures";

/** Issue 17 items 1, 2, 4 and 7, by keyboard: Profile and its tabs, Settings › Security and Markets, feedback, the error log. */

test("the profile menu opens Profile by keyboard, and ] walks its four tabs", async ({ page }) => {
  await signIn(page, "DEMO2", "/home");
  await page.keyboard.press("Alt+u");
  const menu = page.getByRole("menu", { name: "User menu" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem")).toHaveText(["Profile", /Reports/, /Need Help/, "Settings", "Sign out"]);
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
  // The palette opened over the menu closes it: a command run from there leaves no menu standing over the panes.
  await page.keyboard.press("Control+k");
  await expect(page.locator("[cmdk-input]")).toBeFocused();
  await expect(menu).toBeHidden();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Alt+u");
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();

  const profile = page.getByTestId("profile");
  await expect(profile.getByRole("table", { name: "Profile" })).toContainText("Demo Investor Two");
  await expect(profile.getByRole("table", { name: "Profile" })).toContainText("******678K");
  await expect(profile.getByRole("table", { name: "Profile" })).toContainText("d****@tape.example");
  // One column of values reads down one edge: the masked PAN and mobile sat at the far right, the name and email at the left.
  const aligns = await profile.getByRole("table", { name: "Profile" }).locator("tr td:nth-child(2)").evaluateAll((tds) => tds.map((td) => getComputedStyle(td).textAlign));
  expect(new Set(aligns).size).toBe(1);

  await page.keyboard.press("]");
  await expect(profile.getByRole("table", { name: "Bank details" })).toContainText("********4567");
  await page.keyboard.press("]");
  const segments = profile.getByRole("table", { name: "My segments" });
  await expect(segments.locator('tr[data-active="true"]')).toHaveCount(2);
  await expect(segments.locator('tr[data-active="false"]')).toHaveCount(8);
  await page.keyboard.press("]");
  await expect(profile.getByRole("table", { name: "Others" })).toContainText("IN30012345678902");
  await expect(profile.getByRole("table", { name: "Others" })).toContainText("Not registered");
});

test("Settings › Security lists the sessions and signs the others out; Markets shows market status and keeps the defaults", async ({ page, browser }) => {
  // A second session of DEMO1 elsewhere, which the first signs out.
  const other = await browser.newPage();
  await signIn(other, "DEMO1", "/home");
  await signIn(page, "DEMO1", "/home");

  await palette(page, "Settings: Security");
  const sessions = page.getByRole("table", { name: "Active sessions list" });
  await expect(sessions.locator('tr[data-current="true"]')).toHaveCount(1);
  await expect(page.getByTestId("totp-state")).toContainText(/On|Off/);
  await expect(page.getByRole("button", { name: "Change password" })).toBeVisible();
  const signOutOthers = page.getByRole("button", { name: /Sign out other sessions \(\d+\)/ });
  await expect(signOutOthers).toBeEnabled();
  await palette(page, "Sign out other sessions");
  await expect(sessions.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out other sessions" })).toBeDisabled();
  // The other session's next call is refused, and it is back on the login page.
  await other.reload();
  await expect(other).toHaveURL(/\/$|\/\?/, { timeout: 20_000 });
  await other.close();

  await palette(page, "Settings: Markets");
  const status = page.getByRole("table", { name: "Market status by exchange" });
  await expect(status.locator("tbody tr")).toHaveCount(10);
  await expect(status.locator('tr[data-exchange="NSEEQ"]')).toContainText(/Open|Closed/);
  await page.getByLabel("Default exchange for search").focus();
  await page.getByLabel("Default exchange for search").selectOption("BSE");
  await page.getByLabel("Default product: Equity").selectOption("INTRADAY");
  await page.reload();
  await expect(page.getByLabel("Default exchange for search")).toHaveValue("BSE");
  await expect(page.getByLabel("Default product: Equity")).toHaveValue("INTRADAY");

  // Used by what it names: search puts INFY's BSE row first.
  await page.locator("body").click({ position: { x: 5, y: 300 } }).catch(() => undefined);
  await openSearch(page);
  await page.keyboard.type("INFY");
  const dialog = page.getByRole("dialog", { name: "Search instrument" });
  await expect(dialog.locator('[role="option"]').first()).toContainText("BSE");
  await page.keyboard.press("Escape");
  await expect(page.locator("body")).not.toContainText(/arrives later|not available in this build/);

  // And the order window: "buy INFY 1" means BSE's INFY, and opens on the equity default product.
  await commandLine(page, "buy INFY 1");
  const window = page.getByRole("form", { name: "Order window" });
  await expect(window.locator('select[name="product"]')).toHaveValue("INTRADAY");
  await expect(window).toContainText("BSEEQ");
  await page.keyboard.press("Escape");
});

test("feedback: the dialog says what is wrong, then sends; the error log opens from the palette and copies", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "DEMO1", "/home");
  await palette(page, "Send feedback");
  const dialog = page.getByRole("dialog", { name: "Send feedback" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Control+Enter");
  await dialog.getByRole("button", { name: /Send/ }).press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("Rating must be a whole number from 1 to 5");
  // The first star has focus; the arrow keys move the radio group.
  await dialog.getByRole("radio").first().focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("radio").nth(3)).toBeChecked();
  await dialog.getByRole("button", { name: /Send/ }).press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("Comments must be 1 to 500 characters");
  await dialog.getByRole("textbox").focus();
  await page.keyboard.type("The order window is quick.");
  await page.keyboard.press("Control+Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Thank you: your feedback was sent")).toBeVisible();

  // An idea fetch that fails (the broker refuses it) goes to the error log.
  await page.route("**/core/v2/client-util/idea/details", (r) => r.fulfill({ status: 500, body: "down" }));
  await palette(page, "Go to Ideas");
  await palette(page, "Error log");
  const log = page.getByRole("dialog", { name: "Error log" });
  await expect(log.getByRole("table")).toContainText("idea/details");
  await expect(log.getByRole("table")).toContainText("Ideas");
  await page.keyboard.press("Enter"); // Copy has focus
  await expect(log).toContainText(/\d+ (entry|entries) copied/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/IST {2}Network {2}v2\/client-util\/idea\/details: HTTP 500/);
  await page.keyboard.press("Escape");
  await expect(log).toBeHidden();
});
