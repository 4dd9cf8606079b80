import { expect } from "vitest";
import type { TradingBroker } from "../tradingHarness.js";
import { compareBooks } from "./compare.js";
import { BooksModel, type Contract, type Product } from "./model.js";
import { openAccount, RealBooks } from "./real.js";

export interface Books {
  model: BooksModel;
  real: RealBooks;
}

/** Enough pay-in that no order of the test is refused for funds (paper mode allows 10 crore a call). */
const PAYIN = 100_000_000;

/**
 * A new client with DEMO1's starting books, and the model set to what the broker shows before any
 * trade: the settled holdings (nothing bought today yet), the overnight positions, the opening
 * cash. Then a pay-in, and a first comparison.
 */
export async function startBooks(b: TradingBroker, userId: string, contracts: readonly Contract[]): Promise<Books> {
  const real = new RealBooks(b, await openAccount(b, userId), contracts);
  const model = new BooksModel();
  for (const row of await real.positions()) {
    const c = contracts.find((x) => x.exchange === row.exchange && String(x.token) === row.token);
    if (!c) throw new Error(`an overnight position in ${row.tradingSymbol} the test does not know`);
    const p = model.position(c, row.product as Product);
    // What the broker carried in from earlier days: nothing is traded yet today.
    expect([row.dayBuyQuantity, row.daySellQuantity]).toEqual([0, 0]);
    p.fill("BUY", row.cfBuyQuantity, row.buyPrice, true);
    p.fill("SELL", row.cfSellQuantity, row.sellPrice, true);
  }
  for (const row of await real.holdings()) {
    expect(row.t1Quantity, "a fresh account holds only settled shares").toBe(0);
    const h = model.holding(row.isin, row.product === "BNPL" ? "BNPL" : "DELIVERY");
    h.settledQty = row.totalQuantity;
    h.settledAvg = row.averageTradedPrice;
  }
  const cash = (await real.limits()).find((l) => l.segment === "CASH")!;
  expect(cash.realizedMTOM).toBe(0);
  model.openingCash = cash.openingCashLimit;
  model.payin = cash.intradayPayin;
  expect((await real.call("POST", "/core/v2/funds/add", { amount: PAYIN })).status).toBe("Ok");
  model.payin += PAYIN;
  await compareBooks(model, real);
  return { model, real };
}
