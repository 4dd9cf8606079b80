import { expect, signIn, test } from "./fixtures";

/**
 * The status bar's clock says the broker's date and time in words a trader reads, and nothing of
 * how the broker chose its start (the clock mode, a setting such as "next-open"): no raw config
 * or API word on screen.
 */
test("the status bar's clock is the paper broker's date and time, with no setting's word", async ({ page }) => {
  await signIn(page, "DEMO1", "/home");
  const clock = page.getByTestId("sim-clock");
  await expect(clock).toHaveText(/^paper broker \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} IST$/);
  await expect(clock).not.toContainText(/next-open|fixed|real/);
});
