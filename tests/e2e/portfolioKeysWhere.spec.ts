import type { Page } from "@playwright/test";
import { api, expect, ownBroker, palette, setTheme, signIn, test, token } from "./fixtures";

/**
 * FINDINGS-30 §1: in the Holdings pane, where x sells the highlighted holding, Shift+X armed "Exit all
 * long positions", a 3 s self-sending market exit of every long position, futures and options too.
 * Shift+X works in Positions; on Holdings it is refused with where it works, and arms nothing.
 * §5: `?` named "positions, holdings, home" for i, v and e, which those panes refused; it names where
 * each works. Its own broker, in market hours: DEMO1's carried long future makes Exit all possible.
 */
const broker = ownBroker({ SIM_TIME: "2026-12-07T10:00:00+05:30" });
const SHOTS = "/tmp/shots/portfolioKeysWhere";

async function orderCount(page: Page): Promise<number> {
  const env = await api<unknown>(page.request, broker.url, await token(page), "/core/v2/orders/book", {});
  return env.status === "Ok" ? env.result.length : -1;
}

test("Shift+X on Holdings arms nothing and says it works in Positions; in Positions it arms its preview; `?` says where each portfolio key works", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/position", broker.url);
  const positions = page.locator('.pane[data-view="position"]');
  await expect(positions.locator("tr[data-symbol]").first()).toBeVisible();

  // Holdings beside Positions: a split, shown Holdings, its cursor on a holding (x there sells it).
  await page.locator('.pane-focused[data-view="position"]').waitFor();
  await page.keyboard.press("Alt+Backslash");
  await palette(page, "Go to Holdings");
  const holdings = page.locator('.pane-focused[data-view="holdings"]');
  await expect(holdings.locator("tr[aria-selected]").first()).toBeVisible();
  await page.keyboard.press("j");
  await expect(holdings.locator('tr[aria-selected="true"]')).toHaveCount(1);
  const positionsN = await page.evaluate(() => [...document.querySelectorAll(".pane[data-view]")].findIndex((p) => p.getAttribute("data-view") === "position") + 1);
  const before = await orderCount(page);

  await page.keyboard.press("Shift+X");
  const status = page.getByTestId("status-line");
  await expect(status).toHaveText(`Exit all positions works in Positions: focus Positions (Alt+${positionsN})`);
  await expect(page.getByTestId("bulk-preview")).toHaveCount(0);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/holdings-shiftX-refused-${theme}-1680x1000.png` });
  }
  await setTheme(page, "dark");
  // Past the 3 s it would have counted: nothing armed, nothing sent.
  await page.waitForTimeout(3_500);
  await expect(page.getByTestId("bulk-preview")).toHaveCount(0);
  expect(await orderCount(page)).toBe(before);

  // i and v on a holding: where they work, not "needs a position under the cursor".
  await page.keyboard.press("i");
  await expect(status).toHaveText(`Position info works in Positions: focus Positions (Alt+${positionsN})`);

  // The way the sentence gives: Positions focused, Shift+X arms the preview (Esc aborts it).
  await page.keyboard.press(`Alt+${positionsN}`);
  await expect(page.locator('.pane-focused[data-view="position"]')).toBeVisible();
  await page.keyboard.press("Shift+X");
  const preview = page.getByTestId("bulk-preview");
  await expect(preview).toContainText("NIFTY");
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);
  expect(await orderCount(page)).toBe(before);

  // `?`: each key's place is where it works.
  await page.keyboard.press("Shift+Slash");
  const keymap = page.getByTestId("keymap");
  await expect(keymap).toBeVisible();
  const where = (id: string) => keymap.locator(`[data-command="${id}"] .muted`);
  await expect(where("portfolio.exit")).toHaveText(" in positions, holdings");
  await expect(where("position.exitAll")).toHaveText(" in positions");
  await expect(where("position.info")).toHaveText(" in positions");
  await expect(where("position.convert")).toHaveText(" in positions");
  await expect(where("holdings.export")).toHaveText(" in holdings, home");
  await page.keyboard.type("e");
  await page.screenshot({ path: `${SHOTS}/keymap-e-1680x1000-dark.png` });
});
