import { expect } from "vitest";
import { mergeBnpl } from "../../../src/core/rules/holdings.js";
import type { Holding } from "../../../src/core/types/portfolio.js";
import { BooksModel, unitValue, type Contract, type ModelTrade, type Product } from "./model.js";
import type { RealBooks } from "./real.js";

/** Money figures are shown to the paisa; each is rounded once, so a sum of a few may differ by a paisa or two. */
const PAISA = 0.011;
/** Prices are shown to 4 decimals. */
const PRICE = 0.00011;

function near(actual: number, expected: number, within: number, what: string): void {
  if (!(Math.abs(actual - expected) <= within)) expect.fail(`${what}: broker shows ${actual}, the model says ${expected}`);
}

/** Hands every new fill of the real system to the model: fills are facts the model takes as given. */
export async function syncFills(model: BooksModel, real: RealBooks): Promise<void> {
  for (const t of await real.newTrades()) {
    const contract = real.contracts.find((c) => c.exchange === t.exchange && String(c.token) === String(t.token));
    if (!contract) throw new Error(`a trade in ${t.tradingSymbol}, which the test never ordered`);
    const trade: ModelTrade = { contract, product: t.product as Product, side: t.transactionType, qty: t.filledQuantity, price: t.tradedPrice, charges: t.charges };
    model.trade(trade);
  }
}

/** Positions, holdings (as the broker sends them and as the Holdings pane merges them) and funds, against the model. */
export async function compareBooks(model: BooksModel, real: RealBooks): Promise<void> {
  const [positions, holdings, limits, working] = await Promise.all([real.positions(), real.holdings(), real.limits(), real.working()]);

  // Positions: the same set, open before closed (section 4), each figure by the model.
  const keyOf = (p: { exchange: string; token: string; product: string }) => `${p.exchange}:${p.token}:${p.product}`;
  expect(positions.map(keyOf).sort()).toEqual(model.listed().map((p) => BooksModel.key(p.contract, p.product)).sort());
  const firstClosed = positions.findIndex((p) => p.netQuantity === 0);
  if (firstClosed >= 0) expect(positions.slice(firstClosed).every((p) => p.netQuantity === 0), "closed positions are listed after open ones").toBe(true);
  for (const row of positions) {
    const m = model.positions.get(keyOf(row)) as BooksModel["positions"] extends Map<string, infer P> ? P : never;
    const what = `${row.tradingSymbol} ${row.product}`;
    expect(row.netQuantity, `${what} netQuantity`).toBe(m.net);
    expect(row.buyQuantity, `${what} buyQuantity`).toBe(m.buyQty);
    expect(row.sellQuantity, `${what} sellQuantity`).toBe(m.sellQty);
    near(row.buyPrice, m.buyAvg, PRICE, `${what} buyPrice`);
    near(row.sellPrice, m.sellAvg, PRICE, `${what} sellPrice`);
    // Carried and today's units apart: a conversion takes today's first, cost and all.
    expect([row.cfBuyQuantity, row.cfSellQuantity, row.dayBuyQuantity, row.daySellQuantity], `${what} carried buy, carried sell, day buy, day sell quantities`).toEqual([m.carriedBuys.qty, m.carriedSells.qty, m.todayBuys.qty, m.todaySells.qty]);
    near(row.dayBuyPrice, m.todayBuys.qty > 0 ? m.todayBuys.value / m.todayBuys.qty : 0, PRICE, `${what} dayBuyPrice`);
    near(row.daySellPrice, m.todaySells.qty > 0 ? m.todaySells.value / m.todaySells.qty : 0, PRICE, `${what} daySellPrice`);
    const ltp = real.ltp(row.exchange, Number(row.token));
    near(row.realizedPnl, m.realised(), PAISA, `${what} realizedPnl`);
    // Unrealised P&L is worked out from the average as shown (4 decimals), as the pane does on
    // every tick: up to half a unit of the 4th decimal a unit held away from the exact figure.
    const shown = PAISA + Math.abs(m.net) * 0.00005 * unitValue(m.contract);
    near(row.unRealizedPnl, m.unrealised(ltp), shown, `${what} unRealizedPnl`);
    // TESTING.md section 3: P&L = sells - buys + net quantity x LTP (x the unit's value), whatever the convention.
    near(row.pnl, (m.sellValue - m.buyValue + m.net * ltp) * unitValue(m.contract), shown + PAISA, `${what} pnl`);
  }

  // Holdings as sent: delivery and BNPL rows apart, only what is held.
  const held = [...model.holdings.values()].filter((h) => h.total > 0);
  expect(holdings.map((h) => `${h.isin}:${h.product}`).sort()).toEqual(held.map((h) => `${h.isin}:${h.product}`).sort());
  for (const h of held) {
    const row = holdings.find((r) => r.isin === h.isin && r.product === h.product)!;
    const what = `${row.nseTradingSymbol || row.bseTradingSymbol} ${row.product}`;
    expect(row.totalQuantity, `${what} totalQuantity`).toBe(h.total);
    expect(row.t1Quantity, `${what} t1Quantity`).toBe(h.t1Qty);
    // What today's shares cost each: their day's P&L runs from it (src/core/rules/holdings.ts deriveHolding).
    near(row.t1AveragePrice, h.t1Qty > 0 ? h.t1Value / h.t1Qty : 0, PRICE, `${what} t1AveragePrice`);
    near(row.averageTradedPrice, h.average, PRICE, `${what} averageTradedPrice`);
  }
  // As the Holdings pane shows them: BNPL merged into the delivery row of the same share (section 4).
  const merged = mergeBnpl(holdings as Holding[]);
  const isinOf = new Map(holdings.map((r) => [r.nseInstrumentId || r.bseInstrumentId, r.isin]));
  const shares = new Set(held.map((h) => h.isin));
  expect(merged.length).toBe(shares.size);
  for (const v of merged) {
    const isin = isinOf.get(v.nseInstrumentId || v.bseInstrumentId) as string;
    const d = model.holdings.get(`${isin}:DELIVERY`);
    const b = model.holdings.get(`${isin}:BNPL`);
    const dq = d?.total ?? 0;
    const bq = b?.total ?? 0;
    const what = `${v.nseTradingSymbol} in the Holdings pane`;
    expect(v.totalQuantity, `${what} quantity`).toBe(dq + bq);
    expect(v.deliveryQty, `${what} deliveryQty`).toBe(dq);
    expect(v.bnplQty, `${what} bnplQty`).toBe(bq);
    near(v.averageTradedPrice, (dq * (d?.average ?? 0) + bq * (b?.average ?? 0)) / (dq + bq), 0.001, `${what} average`);
  }

  // Funds: one pool, so every row shows the same cash figures.
  const cash = limits.find((l) => l.segment === "CASH")!;
  const fo = limits.find((l) => l.segment === "FO")!;
  near(cash.realizedMTOM, model.realizedMTOM(), 5 * PAISA, "realizedMTOM");
  near(cash.creditForCashSell, model.creditForCashSell(), 2 * PAISA, "creditForCashSell");
  near(cash.cashAvailable, model.cashAvailable(), 5 * PAISA, "cashAvailable");
  // Utilisation: only positions hold margin when no order works (a working order holds its own).
  if (working.length > 0) return;
  const sums = { CASH: { span: 0, exposure: 0, cash: 0, premium: 0 }, FO: { span: 0, exposure: 0, cash: 0, premium: 0 } };
  // A position's margin is worked out at its average as shown (4 decimals), like its unrealised P&L.
  let shown = 10 * PAISA;
  for (const p of model.positions.values()) {
    shown += Math.abs(p.net) * 0.00005 * unitValue(p.contract);
    const u = p.contract.underlying;
    const m = BooksModel.margin(p, u ? real.ltp(u.exchange, u.token) : undefined);
    const s = sums[p.contract.segment === "equity" ? "CASH" : "FO"];
    s.span += m.span;
    s.exposure += m.exposure;
    s.cash += m.cash;
    s.premium += m.premium;
  }
  for (const [row, s] of [[cash, sums.CASH], [fo, sums.FO]] as const) {
    near(row.utilisedSpanMargin, s.span, shown, `${row.segment} utilisedSpanMargin`);
    near(row.utilisedExposureMargin, s.exposure, shown, `${row.segment} utilisedExposureMargin`);
    near(row.utilisedCashMargin, s.cash, shown, `${row.segment} utilisedCashMargin`);
    near(row.utilisedPremiumMargin, s.premium, shown, `${row.segment} utilisedPremiumMargin`);
  }
  const utilised = sums.CASH.span + sums.CASH.exposure + sums.CASH.cash + sums.CASH.premium + sums.FO.span + sums.FO.exposure + sums.FO.cash + sums.FO.premium;
  near(cash.tradingLimit, model.cashAvailable() + model.creditForCashSell() - utilised, 2 * shown, "tradingLimit");
  expect(cash.upfrontSellMargin, "upfrontSellMargin with no working order").toBe(0);
}

/** A contract as the model knows it: facts from the instrument master. */
export function contractOf(inst: { exchange: string; token: number; isin: string; tradingSymbol: string; insType: string; lotSize: number; multiplier: number; productLeverage: number; freezeQty: number; underlying: { exchange: string; token: number } | null }): Contract {
  const segment = inst.exchange.endsWith("EQ") ? "equity" : inst.exchange.endsWith("CURR") ? "currency" : inst.exchange.endsWith("COMM") ? "commodity" : "fo";
  const kind = inst.insType === "EQ" ? "share" : inst.insType.startsWith("OPT") ? "option" : "future";
  return {
    name: `${inst.exchange}:${inst.tradingSymbol}`,
    exchange: inst.exchange,
    token: inst.token,
    isin: inst.isin,
    segment,
    kind,
    lotSize: inst.lotSize,
    multiplier: inst.multiplier,
    leverage: inst.productLeverage,
    freeze: inst.freezeQty,
    ...(inst.underlying ? { underlying: inst.underlying } : {}),
  };
}
