import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../../server/market/types.js";
import type { OrderRow } from "../../../server/orders/record.js";
import { startTrading, type TradingBroker } from "../tradingHarness.js";

/**
 * The tester's case: 2 lots of the CRUDEOIL at-the-money call bought, the future falls, and the
 * square-off (MARKET SELL 2) must fill. With the future's 4 % band on the option, the call stood on
 * its lower circuit with no bid and the sell stayed open.
 */
describe("a CRUDEOIL option can be squared off after its future moves", () => {
  let b: TradingBroker;
  let call: Instrument;
  let fut: Instrument;

  const place = async (transactionType: "BUY" | "SELL") => {
    const r = await b.call<{ orderNo: string; orderStatus: string }>("POST", "/core/v2/orders/", {
      exchange: "MCXCOMM", instrumentId: String(call.token), transactionType, quantity: 2, product: "INTRADAY", orderComplexity: "REGULAR", orderType: "MARKET", validity: "DAY", price: 0,
    });
    expect(r.status, r.message).toBe("Ok");
    const no = r.result[0]!.orderNo;
    return (await b.call<OrderRow>("POST", "/core/v2/orders/book")).result.find((o) => o.orderNo === no)!;
  };

  beforeAll(async () => {
    b = await startTrading();
    const options = b.market.instruments().filter((i) => i.exchange === "MCXCOMM" && i.symbol === "CRUDEOIL" && i.optionType === "CE");
    const near = options.map((i) => i.expiry).sort()[0];
    call = options.find((i) => i.expiry === near && i.strikePrice === 5600)!;
    fut = b.market.instrument(call.underlying!.exchange, call.underlying!.token)!;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  for (const [move, label] of [[-0.04, "falls 4 % (its lower circuit)"], [0.04, "rises 4 % (its upper circuit)"]] as const) {
    it(`bought, the future ${label}, MARKET SELL 2 fills at the bid`, async () => {
      const futClose = b.market.quote(fut.exchange, fut.token)!.pClose;
      b.market.setPrice(fut.exchange, fut.token, futClose);
      const bought = await place("BUY");
      expect(bought.orderStatus).toBe("complete");
      b.market.setPrice(fut.exchange, fut.token, futClose * (1 + move));
      const q = b.market.quote(call.exchange, call.token)!;
      const sold = await place("SELL");
      expect(sold.orderStatus, `call at ${q.ltp} in ${q.lowerCircuit}..${q.upperCircuit}, ${q.bids.length} bids`).toBe("complete");
      expect(sold.averageTradedPrice).toBe(q.bids[0]!.price);
      expect(q.ltp).toBeGreaterThan(q.lowerCircuit);
      expect(q.ltp).toBeLessThan(q.upperCircuit);
    });
  }
});
