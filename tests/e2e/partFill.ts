import type { Page } from "@playwright/test";
import { api, expect, setSharePrice, shareOf, token } from "./fixtures";

/** An order as the broker's book answers it, what the part-fill specs read of it. */
export interface BookRow {
  orderNo: string;
  orderStatus: string;
  filledQuantity: number;
  quantity: number;
}

/** A buy filled in part: its number and limit, ITC's tick, the bearer, the book's row of it now, and what had filled when it was found in part. */
export interface PartFilledBuy {
  orderNo: string;
  limit: number;
  tickSize: number;
  bearer: string;
  filled: number;
  row: () => Promise<BookRow>;
}

/**
 * The set-up the part-fill specs share (partialFill, alertProductCancelPart, cancelQuestionFollows): a LIMIT BUY
 * of `quantity` ITC INTRADAY 4 ticks under the price rests; the price then falls a tick through the limit, and the
 * buy fills as far as the book's offers there go, more shares than its levels hold near it. Returns once some has
 * filled and not all; the fill may go on with the market's next quotes, while the offers under the limit last: with
 * ticks on, 4,000 filled whole in 4 to 10 s, so a spec that acts on the rest runs its broker with TICK_HZ 0.
 * The signed-in page's broker at `brokerUrl` (a spec's own: ownBroker in fixtures.ts).
 */
export async function partFilledBuy(page: Page, brokerUrl: string, quantity = 4000): Promise<PartFilledBuy> {
  const itc = await shareOf(page, brokerUrl, "ITC");
  const bearer = await token(page);
  const limit = Math.round((itc.ltp - 4 * itc.tickSize) * 100) / 100;
  const placed = await api<{ orderNo: string }>(page.request, brokerUrl, bearer, "/core/v2/orders/", {
    exchange: "NSEEQ", instrumentId: String(itc.token), transactionType: "BUY", quantity, product: "INTRADAY",
    orderComplexity: "REGULAR", orderType: "LIMIT", price: limit, validity: "DAY", marketProtection: 0, slTriggerPrice: 0,
  });
  expect(placed.status, placed.message).toBe("Ok");
  const orderNo = placed.result[0]!.orderNo;
  const row = async () => (await api<BookRow>(page.request, brokerUrl, bearer, "/core/v2/orders/book", {})).result.find((o) => o.orderNo === orderNo)!;
  await setSharePrice(page, brokerUrl, "ITC", Math.round((limit - itc.tickSize) * 100) / 100);
  await expect.poll(async () => (await row()).filledQuantity, { message: "some of the buy fills" }).toBeGreaterThan(0);
  const filled = (await row()).filledQuantity;
  expect(filled, "filled in part, not whole").toBeLessThan(quantity);
  return { orderNo, limit, tickSize: itc.tickSize, bearer, filled, row };
}
