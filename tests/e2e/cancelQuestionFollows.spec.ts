import { expect, ownBroker, setSharePrice, setTheme, signIn, test } from "./fixtures";
import { partFilledBuy } from "./partFill";

/**
 * The cancel question follows the order while it is open (rules/orderCancel.ts): an order filling fast
 * was asked about as the book stood at Delete, so the question said 323 filled where Positions already
 * showed 651. Fills arriving under the open question change its figures; filled whole, it says nothing
 * is left to cancel, and Enter sends no cancel. Against a paper broker of this file's own.
 */
// No ticks (TICK_HZ 0): the buy fills only where the spec moves the price (/dev/price); with ticks it went on filling by itself and could fill whole before the spec looked (4,000 in 4 to 10 s here).
const broker = ownBroker({ TICK_HZ: "0" });
const SHOTS = "test-results/screenshots/cancelQuestionFollows";

test("fills arriving under the open cancel question change its figures; filled whole, Enter cancels nothing", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signIn(page, "DEMO1", "/main/orders", broker.url);
  await setTheme(page, "dark");
  // 4,000 ITC bought 4 ticks under the price, the price then a tick through it: filled in part (partFill.ts).
  const { orderNo, limit, tickSize, filled, row } = await partFilledBuy(page, broker.url);
  const cancels: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "DELETE" && r.url().includes(orderNo)) cancels.push(r.url());
  });

  const order = page.locator(`[data-view="orders"] tbody tr`).filter({ hasText: "ITC" }).first();
  await expect(order).toBeVisible();
  await order.click();
  await page.keyboard.press("Delete");
  const ask = page.getByRole("dialog", { name: "Cancel order" });
  await expect(ask).toContainText("Qty 4000 BUY ITC-EQ");
  // What the question says has filled: "f of 4,000 filled stay …", or all 4,000 once it has ended filled.
  const said = async () => {
    const text = await ask.innerText();
    if (text.includes("Filled: all 4,000 stay as your position")) return 4000;
    const m = /(\d[\d,]*) of 4,000 filled stay as your position; cancel the remaining (\d[\d,]*)\?/.exec(text);
    return m ? Number(m[1]!.replace(/,/g, "")) : NaN;
  };
  const first = await said();
  expect(first, "asked about a part fill").toBeGreaterThanOrEqual(filled);
  expect(first).toBeLessThan(4000);
  await page.screenshot({ path: `${SHOTS}/asked-dark.png` });

  // More offers under the limit: the buy fills further while the question is open, and its figures follow.
  await setSharePrice(page, broker.url, "ITC", Math.round((limit - 2 * tickSize) * 100) / 100);
  await expect.poll(said, { message: "the question's filled figure follows the fill", timeout: 15_000 }).toBeGreaterThan(first);
  await page.screenshot({ path: `${SHOTS}/followed-dark.png` });

  // The price well under the limit until the buy has filled whole.
  const low = Math.round((limit - 10 * tickSize) * 100) / 100;
  await expect
    .poll(
      async () => {
        const status = (await row()).orderStatus.toLowerCase();
        if (status !== "complete") await setSharePrice(page, broker.url, "ITC", low);
        return status;
      },
      { message: "the buy fills whole", timeout: 30_000 },
    )
    .toBe("complete");
  await expect(ask).toContainText(`Order no ${orderNo}. Filled: all 4,000 stay as your position; nothing is left to cancel.`);
  await expect(ask.getByRole("button", { name: /^OK/ })).toBeFocused();
  await expect(ask.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/filled-whole-dark.png` });

  // Enter accepts what the question now says: the dialog goes, and no cancel is sent for an order with nothing left.
  await page.keyboard.press("Enter");
  await expect(ask).toBeHidden();
  // A cancel would go out as the dialog closes (dialog.confirm runs order.cancel.confirmed): a moment for it to show, had it been sent.
  await page.waitForTimeout(1500);
  expect(cancels, "no cancel sent").toEqual([]);
  await expect(page.getByText(/^Not cancelled: /)).toHaveCount(0);
  expect((await row()).orderStatus.toLowerCase()).toBe("complete");
});
