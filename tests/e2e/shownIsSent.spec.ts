import type { Page } from "@playwright/test";
import { startBrokerProcess } from "../support/brokerProcess";
import { api, commandLine, expect, shareOf, signIn, test, token } from "./fixtures";

/**
 * Issue 28, "What you see is what is sent", in the browser: each window's product, price type and
 * validity as the trader sees them (the selected option's text) against the request Enter sends.
 */

/** The spec's product mapping (trading-core section 5) from the label the window shows, by hand. */
const SENT_FOR_LABEL: Record<string, string> = { DELIVERY: "DELIVERY", INTRADAY: "INTRADAY", NRML: "NORMAL", BNPL: "BNPL" };

async function selected(page: Page, name: string): Promise<string> {
  return page.locator(`form[aria-label="Order window"] select[name="${name}"]`).evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? "");
}

interface Booked {
  orderNo: string;
  product: string;
  orderType: string;
  validity: string;
  orderComplexity: string;
  price: number;
  slTriggerPrice: number;
}

/** Enter in the window, and the order the broker booked from it (what was sent, as the broker read it). */
async function enterAndCapture(page: Page, baseURL: string): Promise<Booked> {
  const book = async () => (await api<Booked>(page.request, baseURL, await token(page), "/core/v2/orders/book", {})).result ?? [];
  const before = new Set((await book()).map((o) => o.orderNo));
  await page.keyboard.press("Enter");
  let added: Booked[] = [];
  await expect.poll(async () => (added = (await book()).filter((o) => !before.has(o.orderNo))).length, { timeout: 15_000 }).toBeGreaterThan(0);
  // A BO books its main leg first; its legs come after it.
  return added.find((o) => o.orderComplexity !== "BO" || o.orderType === "LIMIT" || o.orderType === "SL") ?? added[0]!;
}

async function infyPrice(page: Page, baseURL: string): Promise<number> {
  // A whole rupee a little under the market: on INFY's 0.05 tick, inside its circuit, resting rather than filling.
  return Math.floor((await shareOf(page, baseURL, "INFY")).ltp * 0.97);
}

test("after a BO, `buy INFY 1 @ P` shows the product it sends (the window held pcode BO and showed DELIVERY)", async ({ page, baseURL }) => {
  await signIn(page, "DEMO1", "/dashboard");
  const p = await infyPrice(page, baseURL!);

  // `bo buy INFY 1 @ P tgt P+50 sl P-50`, Enter, Enter: placed, and the equity preference saved from it.
  await commandLine(page, `bo buy INFY 1 @ ${p} tgt ${p + 50} sl ${p - 50}`);
  expect(await selected(page, "product")).toBe("INTRADAY");
  const bo = await enterAndCapture(page, baseURL!);
  expect(bo).toMatchObject({ orderComplexity: "BO", product: "INTRADAY", orderType: "LIMIT", price: p });
  await expect(page.getByRole("form", { name: "Order window" })).toBeHidden();

  // Then a plain buy: whatever the window shows for product, price type and validity is what goes.
  await commandLine(page, `buy INFY 1 @ ${p}`);
  const product = await selected(page, "product");
  const priceType = await selected(page, "priceType");
  const validity = await selected(page, "validity");
  const plain = await enterAndCapture(page, baseURL!);
  expect(plain.product).toBe(SENT_FOR_LABEL[product]);
  expect(plain.orderType).toBe(priceType);
  expect(plain.validity).toBe(validity);
  expect(plain.orderComplexity).toBe("REGULAR");
  expect(plain.price).toBe(p);
});

test("a line's word the window cannot offer is said in the window, and the request is what the window shows", async ({ page, baseURL }) => {
  await signIn(page, "DEMO1", "/dashboard");
  const p = await infyPrice(page, baseURL!);
  // "Validity IOC is removed when the price type is SL": the line asks for both.
  await commandLine(page, `buy INFY 1 @ ${p} sl ${p - 1} ioc`);
  const form = page.getByRole("form", { name: "Order window" });
  await expect(form.getByRole("alert")).toContainText("Validity IOC is removed when the price type is SL: the validity is DAY");
  expect(await selected(page, "validity")).toBe("DAY");
  expect(await selected(page, "priceType")).toBe("SL");
  const sent = await enterAndCapture(page, baseURL!);
  expect(sent).toMatchObject({ orderType: "SL", validity: "DAY", price: p, slTriggerPrice: p - 1 });
});

test("an intraday line after hours: the window opens as the DELIVERY AMO it sends, says why, and books what it showed", async ({ page }) => {
  // A broker whose clock is in the evening, when every exchange takes AMOs only ("INTRADAY is disabled under AMO").
  const broker = await startBrokerProcess({ SIM_TIME: "2026-11-24T20:00:00+05:30" });
  try {
    await signIn(page, "DEMO1", "/main/orders", broker.url);
    const p = await infyPrice(page, broker.url);
    await commandLine(page, `buy INFY 1 @ ${p} intraday`);
    const form = page.getByRole("form", { name: "Order window" });
    await expect(form.getByRole("alert")).toContainText("INTRADAY is not possible now: NSEEQ is closed, so this order goes as an AMO (after-market order), and INTRADAY is disabled under AMO: the product is DELIVERY");
    expect(await selected(page, "product")).toBe("DELIVERY");
    await expect(form.getByRole("checkbox", { name: "AMO" })).toBeChecked();
    // The AMO confirmation confirms what the window shows; its Enter places it unchanged.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog", { name: "Market is closed" }).getByRole("button", { name: /Place AMO/ })).toBeFocused();
    const booked = await enterAndCapture(page, broker.url);
    expect(booked).toMatchObject({ product: "DELIVERY", orderComplexity: "AMO", price: p });
  } finally {
    await broker.stop();
  }
});
