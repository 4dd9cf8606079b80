import type { Page } from "@playwright/test";
import { clipped } from "./clipped";
import { api, expect, ownBroker, palette, setTheme, shareOf, signIn, test, token } from "./fixtures";

/**
 * A tester's finding at 1680×1000 in the default Trading layout: the Orders pane said "+1 col" and
 * hid its Actions (Modify, Cancel) while its shown columns ended ~50 px short of the pane's edge.
 * With one working order the book fits whole at that width: Actions shown, no sign, and no column
 * cut (each header cell's text within its cell, each cell within the pane). Positions, narrower,
 * may fold; what it shows must be whole. A broker of this file's own: the book is this test's.
 * Screenshots: /tmp/helperB-shots.
 */
const broker = ownBroker();

const pane = (page: Page, view: string) => page.locator(`.pane[data-view="${view}"]`);

/** The shown header cells cut by their cell or by the pane's edge, named by column. */
function cutHeads(page: Page, view: string): Promise<string[]> {
  return pane(page, view).evaluate((p) => {
    const body = p.querySelector(".pane-body")!.getBoundingClientRect();
    const out: string[] = [];
    for (const th of Array.from(p.querySelectorAll<HTMLElement>("thead th"))) {
      if (th.offsetParent === null) continue;
      const name = th.dataset.col ?? th.textContent ?? "";
      if (th.scrollWidth > th.clientWidth) out.push(`${name} wider than its cell`);
      const box = th.getBoundingClientRect();
      if (box.right > body.right + 0.5) out.push(`${name} past the pane's edge`);
    }
    return out;
  });
}

test("at 1680×1000 in the Trading layout, the Orders pane shows Actions with a working order, nothing cut", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/dashboard", broker.url);
  await palette(page, "Layout: Trading");
  const infy = await shareOf(page, broker.url, "INFY");
  const below = Number((Math.floor((infy.ltp * 0.9) / infy.tickSize) * infy.tickSize).toFixed(2));
  const r = await api(page.request, broker.url, await token(page), "/core/v2/orders", {
    exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderComplexity: "REGULAR",
    orderType: "LIMIT", price: below, validity: "DAY", slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0,
  });
  expect(r.status).toBe("Ok");
  const orders = pane(page, "orders");
  await expect(orders.locator("tr[data-order-no]")).toHaveCount(1);
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await expect(orders.locator('th[data-col="actions"]')).toBeVisible();
    await expect(orders.locator('tr[data-order-no] td[data-col="actions"]').getByRole("button", { name: /Cancel order/ })).toBeVisible();
    await expect(orders.locator("[data-fold-sign]")).toBeEmpty();
    expect(await cutHeads(page, "orders"), theme).toEqual([]);
    expect(await cutHeads(page, "position"), `positions ${theme}`).toEqual([]);
    // Every shown cell of both books whole too (the fit specs' one measure).
    expect(await clipped(orders, "th, td"), `orders cells ${theme}`).toEqual([]);
    expect(await clipped(pane(page, "position"), "th, td"), `positions cells ${theme}`).toEqual([]);
    await page.screenshot({ path: `/tmp/helperB-shots/orders-actions-1680x1000-${theme}.png` });
  }
});
