import { expect, palette, signIn, test } from "./fixtures";

/**
 * Issue 16, by keyboard: open Ideas, switch to F&O and Open Calls, change an idea's quantity with
 * `+` and see investment change, press `b` and see the window pre-filled with the idea defaults
 * (access-and-surroundings section 3): LIMIT, Regular, DAY, disclosed 0, DELIVERY (NRML off
 * equity), the idea's quantity and entry price.
 */
test("ideas: F&O open calls, + raises quantity and investment, b opens a pre-filled order window", async ({ page }) => {
  await signIn(page, "DEMO1", "/home");
  await palette(page, "Go to Ideas");
  const ideas = page.getByTestId("ideas");
  await expect(ideas).toBeVisible();

  // `]` steps from Equity to F&O; `f` steps the status filter from All Calls to Open Calls.
  await page.keyboard.press("]");
  await expect(ideas.getByRole("tab", { name: "F&O" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("f");
  await expect(ideas.getByRole("tab", { name: "Open Calls" })).toHaveAttribute("aria-selected", "true");

  const row = ideas.locator("tbody tr").first();
  await expect(row).toBeVisible();
  await expect(row.locator('[data-field="status"]')).toHaveText("OPEN");
  const quantity = row.locator('[data-field="quantity"]');
  // F&O: "otherwise the lot size" (NIFTY's lot is 75).
  await expect(quantity).toHaveValue("75");
  const investment = row.locator('[data-field="investment"]');
  const before = await investment.innerText();

  await page.keyboard.press("Shift+Equal"); // `+`
  // One lot more: 150, and investment = required_margin × 150, twice what it was.
  await expect(quantity).toHaveValue("150");
  await expect(investment).not.toHaveText(before);
  const num = (t: string) => Number(t.replace(/[^0-9.]/g, ""));
  expect(num(await investment.innerText())).toBeCloseTo(num(before) * 2, 1);

  const entry = await row.locator("td").nth(3).innerText();
  const entryFrom = num(entry.split("–")[0]!);

  await page.keyboard.press("b");
  const form = page.getByRole("form", { name: "Order window" });
  await expect(form).toBeVisible();
  await expect(page.locator("#ow-quantity")).toHaveValue("150");
  await expect(form.locator('select[name="priceType"]')).toHaveValue("LIMIT");
  await expect(form.getByRole("button", { name: "Regular" })).toHaveAttribute("aria-pressed", "true");
  await expect(form.locator('select[name="validity"]')).toHaveValue("DAY");
  // Disclosed quantity 0: the window's number fields show a zero as an empty field.
  await expect(page.locator("#ow-disclosed")).toHaveValue("");
  await expect(form.locator('select[name="product"]')).toHaveValue("NRML");
  expect(num(await page.locator("#ow-price").inputValue())).toBeCloseTo(entryFrom, 2);
});
