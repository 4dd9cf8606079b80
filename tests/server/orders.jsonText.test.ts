import { describe, expect, it } from "vitest";
import { OrderUpdateMessage } from "../../server/orders/orderUpdate.js";
import { NO_MARGIN, type OrderRecord } from "../../server/orders/record.js";
import { HISTORY_FIELDS, historyLine, historyRows } from "../../server/orders/rows.js";

/**
 * The order update is written by hand (server/orders/jsonText.ts, issue 18) and must be exactly
 * what JSON.stringify writes: the feed's wire format does not change. JSON.stringify is the
 * reference here, over the fields listed by hand; the stored history line is held to the same
 * list of fields the migration and the reader go by.
 */
const base: OrderRecord = {
  brokerOrderId: "2611230000042",
  orderNo: "2611230000042",
  status: "Open",
  orderStatus: "open",
  mainLegOrderId: "",
  exchange: "NSEEQ",
  instrumentId: "1594",
  token: "1594",
  tradingSymbol: "INFY-EQ",
  quantity: 10,
  pendingQuantity: 4,
  filledQuantity: 6,
  cancelledQuantity: 0,
  price: 1523.45,
  triggerPrice: 0,
  slTriggerPrice: 0,
  stopLossPrice: 0,
  targetPrice: 0,
  trailingSlAmount: 0,
  disclosedQuantity: 0,
  averageTradedPrice: 1523.1666666666667,
  marketProtection: 0,
  orderTag: "",
  algoId: "",
  orderComplexity: "REGULAR",
  product: "INTRADAY",
  orderType: "LIMIT",
  validity: "DAY",
  transactionType: "BUY",
  rejectionReason: "",
  orderTime: "2026-11-23T05:00:01.123Z",
  clientOrderKey: "",
  userId: "DEMO1",
  seq: 42,
  tokenNo: 1594,
  insType: "EQ",
  blocked: NO_MARGIN,
  triggered: false,
  protectionPrice: 0,
  trailRef: 0,
  trailBest: 0,
  sessionDay: "2026-11-23",
  filledValue: 9139,
};

/** Strings JSON must escape or may pass as they are: quotes, backslashes, control characters, a lone surrogate, a pair, line separators. */
const TRICKY = ['say "hi"', "back\\slash", "tab\tnew\nline\u0001", "lone \ud83d half", "pair 😀", "sep \u2028 \u2029", "/slash/", ""];
/** Numbers whose text JSON writes its own way: not finite as null, -0 as 0, large and small as exponents. */
const NUMBERS = [0, -0, 0.1 + 0.2, 1e21, 1e-7, -1523.05, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53 + 2];

const records: OrderRecord[] = [
  base,
  { ...base, gtdValidityDate: "2026-11-30", validity: "GTD" },
  ...TRICKY.map((t, i) => ({ ...base, orderTag: t, rejectionReason: TRICKY[(i + 1) % TRICKY.length]!, tradingSymbol: t })),
  ...NUMBERS.map((x, i) => ({ ...base, price: x, averageTradedPrice: NUMBERS[(i + 3) % NUMBERS.length]!, quantity: x, marketProtection: x })),
];

describe("JSON text of the order update and the history line", () => {
  it("an order update's text is JSON.stringify's, field for field", () => {
    for (const r of records) {
      const m = new OrderUpdateMessage(r);
      expect(m.jsonText()).toBe(JSON.stringify(m));
      const marked = new OrderUpdateMessage(r, true);
      expect(marked.jsonText()).toBe(JSON.stringify(marked));
      // A trail's move (issue 33) adds its reason and the trigger it came from.
      const trailed = new OrderUpdateMessage(r, true, { reason: "trail", previousTrigger: 1480.5 });
      expect(trailed.jsonText()).toBe(JSON.stringify(trailed));
    }
    // What the feed sends for the base record, as the app reads it.
    expect(JSON.parse(new OrderUpdateMessage(base).jsonText())).toEqual({
      brokerOrderId: "2611230000042",
      orderNo: "2611230000042",
      brokerUpdateTime: "2026-11-23T05:00:01.123Z",
      orderStatus: "open",
      validity: "DAY",
      orderType: "LIMIT",
      exchange: "NSEEQ",
      instrumentId: "1594",
      tradingSymbol: "INFY-EQ",
      transactionType: "BUY",
      product: "INTRADAY",
      orderComplexity: "REGULAR",
      mainLegOrderId: "",
      quantity: 10,
      cancelledQuantity: 0,
      pendingQuantity: 4,
      filledQuantity: 6,
      price: 1523.45,
      triggerPrice: 0,
      slTriggerPrice: 0,
      averageTradedPrice: 1523.1666666666667,
      modified: false,
      rejectionReason: "",
      topic: "prod/marketfeed/mw/v1/NSEEQ/1594",
    });
  });

  it("a history line is the JSON array of the changing fields in their listed order, and reads back", () => {
    for (const r of records) {
      const fields = [r.orderStatus, r.quantity, r.pendingQuantity, r.filledQuantity, r.cancelledQuantity, r.price, r.triggerPrice, r.slTriggerPrice, r.stopLossPrice, r.targetPrice, r.trailingSlAmount, r.disclosedQuantity, r.averageTradedPrice, r.marketProtection, r.orderTag, r.orderType, r.validity, r.gtdValidityDate ?? null, r.rejectionReason, r.orderTime, r.trailValue ?? 0, r.trailUnit ?? "", r.trailJump ?? 0];
      // The trail (issue 33) is last: a trail's move is a modify, so the history shows where the trigger went and under which trail.
      expect(historyLine(r)).toBe(`${JSON.stringify(fields)}\n`);
      // The same list the migration and the reader go by.
      expect(historyLine(r)).toBe(`${JSON.stringify([...HISTORY_FIELDS.map((f) => r[f] ?? null), r.trailValue ?? 0, r.trailUnit ?? "", r.trailJump ?? 0])}\n`);
    }
    const [row] = historyRows(base, historyLine({ ...base, orderTag: 'say "hi"' }));
    expect(row).toMatchObject({ orderStatus: "open", quantity: 10, pendingQuantity: 4, price: 1523.45, orderTag: 'say "hi"', orderTime: "2026-11-23T05:00:01.123Z" });
  });
});
