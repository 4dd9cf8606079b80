import type { Db } from "../db.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { HoldingProduct } from "../../src/core/types/portfolio.js";
import type { Product } from "../../src/core/types/order.js";
import type { MarginBreakdown } from "../../src/core/rules/margin.js";
import type { PositionFigures } from "../../src/core/rules/positions.js";
import type { Instrument } from "../market/types.js";
import { isSpent, type HoldingRecord } from "./holding.js";
import { positionBook } from "../../src/core/rules/positionKey.js";

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

/** The positions table's key column: the product, or BO/CO for bracket and cover positions (one rule with the app's row cursor). */
export { positionBook };

const EMPTY_LEDGER: FundsRecord = { openingCashLimit: 0, intradayPayin: 0, intradayPayout: 0, adhocMargin: 0, otherCollateral: 0, chargesPaid: 0 };

/**
 * A position as the store holds it. A write replaces the whole entry, never the record inside, so
 * what is worked out from a record (what it adds to the funds limits) may be kept on the entry.
 */
export interface HeldPosition {
  readonly record: Readonly<PositionRecord>;
  funds?: PositionFunds;
}

/** What a position adds to the funds limits, worked out from its record. */
export interface PositionFunds {
  inst: Instrument;
  figures: PositionFigures;
  /** The margin its open quantity holds. */
  margin: MarginBreakdown;
  /** The underlying's last price that margin was worked out at (option writing follows it); undefined without an underlying. */
  underlyingPrice: number | undefined;
}

/** What one client has, as SQLite holds it (kept in memory once read: every order reads it for its funds check). */
interface Held {
  positions: Map<string, HeldPosition>;
  holdings: Map<string, HoldingRecord>;
  ledger: FundsRecord;
}

/**
 * Positions, holdings and the funds ledger in SQLite. A client's rows are read from SQLite the
 * first time only, then answered from memory (issue 18: the funds check of every order read every
 * position); callers get copies, so a record changed and then not written changes nothing.
 *
 * A write goes to SQLite at once, except while the order journal defers writes (defer() to
 * flush(), inside its transaction): then each row changed is written once at flush, however many
 * fills touched it (a group of orders on one instrument is one position write, not one per
 * fill). What a failed change wrote in memory is undone with rollbackTo(mark()).
 */
export class PortfolioStore {
  private readonly q;
  private readonly held = new Map<string, Held>();
  private deferring = false;
  /** Rows changed since defer(), as user and key: written at flush() from what memory then holds. */
  private readonly dirty = new Map<string, { userId: string; kind: "position" | "holding" | "ledger"; key: string; recreate: boolean }>();
  /** How to put memory back as it was before each deferred write, newest last. */
  private readonly undo: Array<() => void> = [];

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

  // ------------------------------------------------------------ deferred writes (the order journal)

  defer(): void {
    this.deferring = true;
  }

  mark(): number {
    return this.undo.length;
  }

  /** Undoes in memory what was written since `mark` (a change that failed inside a group). */
  rollbackTo(mark: number): void {
    while (this.undo.length > mark) this.undo.pop()!();
  }

  /** Writes every row changed since defer() as memory now holds it; writes go straight to SQLite again. */
  flush(): void {
    for (const d of this.dirty.values()) {
      const h = this.of(d.userId);
      if (d.kind === "position") {
        const p = h.positions.get(d.key)?.record;
        if (p) this.q.putPosition.run(d.userId, p.exchange, p.token, positionBook(p), JSON.stringify(p));
      } else if (d.kind === "ledger") this.q.putFunds.run(d.userId, POOL, JSON.stringify(h.ledger));
      else {
        const x = h.holdings.get(d.key);
        const [isin, product] = d.key.split(":") as [string, string];
        // Sold out and bought again: the row goes last, as memory has it.
        if (!x || d.recreate) this.q.deleteHolding.run(d.userId, isin, product);
        if (x) this.q.putHolding.run(d.userId, x.isin, x.product, JSON.stringify(x));
      }
    }
    this.settle();
  }

  /** The journal's transaction failed: memory goes back to what SQLite kept. */
  abandon(): void {
    this.rollbackTo(0);
    this.settle();
  }

  private settle(): void {
    this.dirty.clear();
    this.undo.length = 0;
    this.deferring = false;
  }

  private changed(userId: string, kind: "position" | "holding" | "ledger", key: string, recreate = false): void {
    const k = `${userId}\u0000${kind}\u0000${key}`;
    const d = this.dirty.get(k);
    if (d) d.recreate ||= recreate;
    else this.dirty.set(k, { userId, kind, key, recreate });
  }

  // ------------------------------------------------------------ reads and writes

  private of(userId: string): Held {
    let h = this.held.get(userId);
    if (!h) {
      const positions = new Map<string, HeldPosition>();
      for (const r of this.q.positions.all(userId) as Array<{ data: string }>) {
        const p = JSON.parse(r.data) as PositionRecord;
        positions.set(positionKey(p.exchange, p.token, positionBook(p)), { record: p });
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

  /** The client's positions as held, in the order they were opened: read them, never change them (putPosition does). */
  positions(userId: string): ReadonlyArray<Readonly<PositionRecord>> {
    return Array.from(this.of(userId).positions.values(), (h) => h.record);
  }

  /** The same, with room to keep what is worked out from each record. */
  heldPositions(userId: string): Iterable<HeldPosition> {
    return this.of(userId).positions.values();
  }

  /** One position as held, with room for what is worked out from it: read it, never change it (putPosition does). */
  heldPosition(userId: string, exchange: Exchange, token: number, book: string): HeldPosition | undefined {
    return this.of(userId).positions.get(positionKey(exchange, token, book));
  }

  /** A copy of one position, to change and put back. */
  position(userId: string, exchange: Exchange, token: number, book: string): PositionRecord | undefined {
    const h = this.of(userId).positions.get(positionKey(exchange, token, book));
    return h ? { ...h.record } : undefined;
  }

  putPosition(userId: string, p: PositionRecord): void {
    const held = this.of(userId).positions;
    const k = positionKey(p.exchange, p.token, positionBook(p));
    if (this.deferring) {
      const before = held.get(k);
      this.undo.push(() => (before ? held.set(k, before) : held.delete(k)));
      this.changed(userId, "position", k);
    } else this.q.putPosition.run(userId, p.exchange, p.token, positionBook(p), JSON.stringify(p));
    held.set(k, { record: { ...p } });
  }

  holdings(userId: string): HoldingRecord[] {
    return Array.from(this.of(userId).holdings.values(), (h) => ({ ...h }));
  }

  holding(userId: string, isin: string, product: HoldingProduct): HoldingRecord | undefined {
    const h = this.of(userId).holdings.get(holdingKey(isin, product));
    return h ? { ...h } : undefined;
  }

  /** Writes a holding; one sold down to nothing, with no settled shares to buy back today, is removed. */
  putHolding(userId: string, h: HoldingRecord): void {
    const held = this.of(userId).holdings;
    const k = holdingKey(h.isin, h.product);
    const gone = isSpent(h);
    if (this.deferring) {
      // Memory keeps SQLite's row order: an update stays in place, a row removed and added again goes last.
      const before = new Map(held);
      this.undo.push(() => {
        held.clear();
        for (const [key, value] of before) held.set(key, value);
      });
      this.changed(userId, "holding", k, gone);
    } else if (gone) this.q.deleteHolding.run(userId, h.isin, h.product);
    else this.q.putHolding.run(userId, h.isin, h.product, JSON.stringify(h));
    if (gone) held.delete(k);
    else held.set(k, { ...h });
  }

  /** The client's cash pool ledger (the funds table keeps it under segment "POOL"). */
  ledger(userId: string): FundsRecord {
    return { ...this.of(userId).ledger };
  }

  putLedger(userId: string, f: FundsRecord): void {
    const h = this.of(userId);
    if (this.deferring) {
      const before = h.ledger;
      this.undo.push(() => (h.ledger = before));
      this.changed(userId, "ledger", "");
    } else this.q.putFunds.run(userId, POOL, JSON.stringify(f));
    h.ledger = { ...f };
  }
}

const positionKey = (exchange: Exchange, token: number, book: string): string => `${exchange}:${token}:${book}`;
const holdingKey = (isin: string, product: HoldingProduct): string => `${isin}:${product}`;
