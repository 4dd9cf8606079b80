import type { Page } from "@playwright/test";
import { expect, ownBroker, palette, signIn, test, token } from "./fixtures";

/**
 * FINDINGS-27 1: `x` on a position, then Enter before the exit window had loaded its contract (a
 * broker answering in 300 ms was enough), sent nothing and said nothing: the window then stood open
 * on "Sell Enter" and the position stayed, while the trader believed himself out. An Enter is acted
 * on or told (DESIGN 3: "Enter submits the focused form"). Nothing is sent from a form not yet shown
 * (DESIGN 1: "What a window or form shows is exactly what it sends"), so the window says at once that
 * the Enter sent nothing, and again once the order shows; the next Enter sends it, once. The contract
 * call is held back here as a slow broker would answer it. A broker of this file's own: the exit is placed.
 */
const broker = ownBroker();

interface BookRow {
  tradingSymbol: string;
  transactionType: string;
  quantity: number;
  product: string;
}

async function sellsOf(page: Page, symbol: string): Promise<BookRow[]> {
  const res = await page.request.post(`${broker.url}/core/v2/orders/book`, { headers: { authorization: `Bearer ${await token(page)}` }, data: {} });
  const env = (await res.json()) as { status: string; result: BookRow[] };
  return env.status === "Ok" ? env.result.filter((o) => o.tradingSymbol === symbol && o.transactionType === "SELL") : [];
}

test("x then Enter while the exit window loads: nothing sent, and the window says so; the next Enter exits once", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/positions", broker.url);
  await palette(page, "Go to Positions");
  // DEMO1's seeded long of NIFTY's future, NRML.
  const future = page.locator('[data-testid="positions"] tr[data-symbol="NIFTY26DECFUT"]');
  await expect(future).toBeVisible();
  await page.keyboard.press("Home");
  for (let i = 0; i < 30 && (await future.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("j");
  await expect(future).toHaveAttribute("aria-selected", "true");

  // The broker answers the contract late.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/core/v2/security/info**", async (route) => {
    await held;
    await route.continue();
  });

  await page.keyboard.press("x");
  const loading = page.locator(".ow-loading");
  await expect(loading).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(loading).toContainText("Enter pressed: nothing is sent until the order shows.");
  release();

  const submit = page.getByTestId("ow-submit");
  await expect(submit).toHaveText(/Sell/);
  await expect(page.locator(".ow-problem")).toContainText("Enter was pressed before this order showed: nothing was sent. Check it and press Enter to send it.");
  await page.screenshot({ path: "/tmp/shots/enter-while-loading-1680x1000.png" });
  expect(await sellsOf(page, "NIFTY26DECFUT")).toEqual([]);

  // The Enter pressed on the order shown sends it, once.
  await page.keyboard.press("Enter");
  await expect(submit).toBeHidden();
  await expect.poll(() => sellsOf(page, "NIFTY26DECFUT")).toEqual([expect.objectContaining({ quantity: 75, product: "NORMAL" })]);
});
