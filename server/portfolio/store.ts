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

const EMPTY_LEDGER: FundsRecord = { openingCashLimit: 0, intradayPayin: 0, intradayPayout: 0, adhocMargin: 0, otherCollateral: 0, chargesPaid: 0 };

/** What one client has, as SQLite holds it (kept in memory once read: every order reads it for its funds check). */
interface Held {
  positions: Map<string, PositionRecord>;
  holdings: Map<string, HoldingRecord>;
  ledger: FundsRecord;
}

/**
 * Positions, holdings and the funds ledger in SQLite, written through: every write goes to SQLite
 * at once (inside the caller's transaction), and a client's rows are read from it only the first
 * time, then answered from memory (issue 18: the funds check of every order read every position).
 * Callers get copies, so a record changed and then not written changes nothing. A rolled-back
 * transaction must call forget(): memory is read again from what SQLite kept.
 */
export class PortfolioStore {
  private readonly q;
  private readonly held = new Map<string, Held>();
  constructor(db: Db) {
    this.q = {
      positions: db.prepare("SELECT data FROM positions WHERE user_id = ? ORDER BY rowid"),
      putPosition: db.prepare("INSERT INTO positions (user_id, exchange, token, product, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, exchange, token, product) DO UPDATE SET data = excluded.data"),
      holdings: db.prepare("SELECT data FROM holdings WHERE user_id = ? ORDER BY rowid"),
      putHolding: db.prepare("INSERT INTO holdings (user_id, isin, product, data) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, isin, product) DO UPDATE SET data = excluded.data"),
      deleteHolding: db.prepare("DELETE FROM holdings WHERE user_id = ? AND isin = ? AND product = ?"),
      funds: db.prepare("SELECT data FROM funds WHERE user_id = ? AND segment = ?"),
      putFunds: db.prepare("INSERT INTO funds (user_id, segment, data) VALUES (?, ?, ?) ON CONFLICT (user_id, segment) DO UPDATE SET data = excluded.data"),
    };
  }

  /** Drops what memory holds (after a rollback): the next read comes from SQLite. */
  forget(): void {
    this.held.clear();
  }

  private of(userId: string): Held {
    let h = this.held.get(userId);
    if (!h) {
      const positions = new Map<string, PositionRecord>();
      for (const r of this.q.positions.all(userId) as Array<{ data: string }>) {
        const p = JSON.parse(r.data) as PositionRecord;
        positions.set(positionKey(p.exchange, p.token, positionBook(p)), p);
      }
      const holdings = new Map<string, HoldingRecord>();
      for (const r of this.q.holdings.all(userId) as Array<{ data: string }>) {
        const x = JSON.parse(r.data) as HoldingRecord;
        holdings.set(holdingKey(x.isin, x.product), x);
      }
      const row = this.q.funds.get(userId, POOL) as { data: string } | undefined;
      h = { positions, holdings, ledger: row ? (JSON.parse(row.data) as FundsRecord) : EMPTY_LEDGER };
      this.held.set(userId, h);
    }
    return h;
  }

  /** The client's positions as held: read them, never change them (putPosition does). */
  positions(userId: string): ReadonlyArray<Readonly<PositionRecord>> {
    return Array.from(this.of(userId).positions.values());
  }

  position(userId: string, exchange: Exchange, token: number, book: string): PositionRecord | undefined {
    const p = this.of(userId).positions.get(positionKey(exchange, token, book));
    return p ? { ...p } : undefined;
  }

  putPosition(userId: string, p: PositionRecord): void {
    const book = positionBook(p);
    this.q.putPosition.run(userId, p.exchange, p.token, book, JSON.stringify(p));
    this.of(userId).positions.set(positionKey(p.exchange, p.token, book), { ...p });
  }

  holdings(userId: string): HoldingRecord[] {
    return Array.from(this.of(userId).holdings.values(), (h) => ({ ...h }));
  }

  holding(userId: string, isin: string, product: HoldingProduct): HoldingRecord | undefined {
    const h = this.of(userId).holdings.get(holdingKey(isin, product));
    return h ? { ...h } : undefined;
  }

  /** Writes a holding; one sold down to nothing is removed. */
  putHolding(userId: string, h: HoldingRecord): void {
    const held = this.of(userId).holdings;
    const k = holdingKey(h.isin, h.product);
    if (h.totalQuantity <= 0) {
      this.q.deleteHolding.run(userId, h.isin, h.product);
      held.delete(k);
    } else {
      this.q.putHolding.run(userId, h.isin, h.product, JSON.stringify(h));
      // An upsert keeps its rowid (its place in the list); a new row goes last, as in SQLite.
      held.set(k, { ...h });
    }
  }

  /** The client's cash pool ledger (the funds table keeps it under segment "POOL"). */
  ledger(userId: string): FundsRecord {
    return { ...this.of(userId).ledger };
  }

  putLedger(userId: string, f: FundsRecord): void {
    this.q.putFunds.run(userId, POOL, JSON.stringify(f));
    this.of(userId).ledger = { ...f };
  }
}

const positionKey = (exchange: Exchange, token: number, book: string): string => `${exchange}:${token}:${book}`;
const holdingKey = (isin: string, product: HoldingProduct): string => `${isin}:${product}`;
