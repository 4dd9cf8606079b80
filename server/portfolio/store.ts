import type { Db } from "../db.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { HoldingProduct } from "../../src/core/types/portfolio.js";
import type { Product } from "../../src/core/types/order.js";

/**
 * What the broker keeps per position: quantities and values carried from earlier days (cf) and
 * traded today (day), from which every shown figure is derived (positions.ts). A BO or CO
 * position is kept apart from a plain INTRADAY one of the same instrument (its `type`).
 */
export interface PositionRecord {
  exchange: Exchange;
  token: number;
  product: Product;
  /** "BO", "CO", or "" for a plain position (the spec's Position.type). */
  type: "BO" | "CO" | "";
  tradingSymbol: string;
  cfBuyQuantity: number;
  cfBuyValue: number;
  cfSellQuantity: number;
  cfSellValue: number;
  dayBuyQuantity: number;
  dayBuyValue: number;
  daySellQuantity: number;
  daySellValue: number;
}

export interface HoldingRecord {
  isin: string;
  product: HoldingProduct;
  nseToken: number;
  bseToken: number;
  nseTradingSymbol: string;
  bseTradingSymbol: string;
  totalQuantity: number;
  t1Quantity: number;
  averageTradedPrice: number;
}

/**
 * The stored part of the client's funds (one cash pool, src/core/rules/funds.ts); everything else
 * in the limits is derived from working orders and open positions.
 */
export interface FundsRecord {
  openingCashLimit: number;
  intradayPayin: number;
  intradayPayout: number;
  adhocMargin: number;
  otherCollateral: number;
  /** Charges of every fill so far (brokerage, taxes, fees), debited from cash. */
  chargesPaid: number;
}

const POOL = "POOL";

/** The positions table's key column: the product, or BO/CO for bracket and cover positions. */
export const positionBook = (p: Pick<PositionRecord, "product" | "type">): string => p.type || p.product;

export class PortfolioStore {
  private readonly q;
  constructor(db: Db) {
    this.q = {
      positions: db.prepare("SELECT data FROM positions WHERE user_id = ? ORDER BY rowid"),
      position: db.prepare("SELECT data FROM positions WHERE user_id = ? AND exchange = ? AND token = ? AND product = ?"),
      putPosition: db.prepare("INSERT INTO positions (user_id, exchange, token, product, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, exchange, token, product) DO UPDATE SET data = excluded.data"),
      holdings: db.prepare("SELECT data FROM holdings WHERE user_id = ? ORDER BY rowid"),
      holding: db.prepare("SELECT data FROM holdings WHERE user_id = ? AND isin = ? AND product = ?"),
      putHolding: db.prepare("INSERT INTO holdings (user_id, isin, product, data) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, isin, product) DO UPDATE SET data = excluded.data"),
      deleteHolding: db.prepare("DELETE FROM holdings WHERE user_id = ? AND isin = ? AND product = ?"),
      funds: db.prepare("SELECT data FROM funds WHERE user_id = ? AND segment = ?"),
      putFunds: db.prepare("INSERT INTO funds (user_id, segment, data) VALUES (?, ?, ?) ON CONFLICT (user_id, segment) DO UPDATE SET data = excluded.data"),
    };
  }

  positions(userId: string): PositionRecord[] {
    return (this.q.positions.all(userId) as Array<{ data: string }>).map((r) => JSON.parse(r.data) as PositionRecord);
  }

  position(userId: string, exchange: Exchange, token: number, book: string): PositionRecord | undefined {
    const row = this.q.position.get(userId, exchange, token, book) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as PositionRecord) : undefined;
  }

  putPosition(userId: string, p: PositionRecord): void {
    this.q.putPosition.run(userId, p.exchange, p.token, positionBook(p), JSON.stringify(p));
  }

  holdings(userId: string): HoldingRecord[] {
    return (this.q.holdings.all(userId) as Array<{ data: string }>).map((r) => JSON.parse(r.data) as HoldingRecord);
  }

  holding(userId: string, isin: string, product: HoldingProduct): HoldingRecord | undefined {
    const row = this.q.holding.get(userId, isin, product) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as HoldingRecord) : undefined;
  }

  /** Writes a holding; one sold down to nothing is removed. */
  putHolding(userId: string, h: HoldingRecord): void {
    if (h.totalQuantity <= 0) this.q.deleteHolding.run(userId, h.isin, h.product);
    else this.q.putHolding.run(userId, h.isin, h.product, JSON.stringify(h));
  }

  /** The client's cash pool ledger (the funds table keeps it under segment "POOL"). */
  ledger(userId: string): FundsRecord {
    const row = this.q.funds.get(userId, POOL) as { data: string } | undefined;
    if (row) return JSON.parse(row.data) as FundsRecord;
    return { openingCashLimit: 0, intradayPayin: 0, intradayPayout: 0, adhocMargin: 0, otherCollateral: 0, chargesPaid: 0 };
  }

  putLedger(userId: string, f: FundsRecord): void {
    this.q.putFunds.run(userId, POOL, JSON.stringify(f));
  }
}
