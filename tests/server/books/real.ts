import { isModifiableStatus } from "../../../src/core/rules/orderStatus.js";
import type { FundsLimit } from "../../../src/core/types/portfolio.js";
import type { Instrument } from "../../../server/market/types.js";
import type { OrderRow, TradeRow } from "../../../server/orders/record.js";
import type { HoldingRow } from "../../../server/portfolio/portfolio.js";
import type { PositionRow } from "../../../server/portfolio/positions.js";
import type { Envelope, TradingBroker } from "../tradingHarness.js";
import type { Contract, Product, Side } from "./model.js";

/**
 * The real side of the books test: one client of a running paper broker, called over HTTP with
 * its own token. Prices are moved in-process (market.setPrice), as the other server tests do.
 */
export class RealBooks {
  /** Trades already handed to the model, by trade id. */
  readonly seen = new Set<string>();

  constructor(
    readonly b: TradingBroker,
    readonly token: string,
    readonly contracts: readonly Contract[],
  ) {}

  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    return this.b.call<T>(method, path, body, this.token);
  }

  place(c: Contract, side: Side, quantity: number, product: Product): Promise<Envelope<{ orderNo: string; orderStatus: string }>> {
    return this.call("POST", "/core/v2/orders/", { exchange: c.exchange, instrumentId: String(c.token), transactionType: side, quantity, product, orderType: "MARKET", validity: "DAY" });
  }

  convert(c: Contract, side: Side, quantity: number, oldProduct: Product, newProduct: Product): Promise<Envelope> {
    return this.call("PUT", "/core/v2/positions", { exchange: c.exchange, instrumentId: String(c.token), transactionType: side, quantity, oldProduct, newProduct });
  }

  cancelAll(): Promise<Envelope> {
    return this.call("DELETE", "/core/v2/orders/cancelAll");
  }

  ltp(exchange: string, token: number): number {
    const q = this.b.market.quote(exchange as Instrument["exchange"], token);
    if (!q) throw new Error(`no quote for ${exchange}:${token}`);
    return q.ltp;
  }

  /** Moves a contract's last price by whole ticks (clamped to its circuits by the market). */
  move(c: Contract, ticks: number): void {
    const inst = this.b.market.instrument(c.exchange as Instrument["exchange"], c.token) as Instrument;
    const price = Math.round((this.ltp(c.exchange, c.token) + ticks * inst.tickSize) / inst.tickSize) * inst.tickSize;
    this.b.market.setPrice(inst.exchange, inst.token, Math.max(inst.tickSize, price));
  }

  /** Today's trades not yet seen, oldest first (the call lists them newest first). */
  async newTrades(): Promise<TradeRow[]> {
    const all = (await this.call<TradeRow>("POST", "/core/v2/orders/trades")).result;
    const fresh = all.filter((t) => !this.seen.has(t.tradeId)).reverse();
    for (const t of fresh) this.seen.add(t.tradeId);
    return fresh;
  }

  /** Orders still working (open, partly filled, waiting for a trigger). */
  async working(): Promise<OrderRow[]> {
    const r = await this.call<OrderRow>("POST", "/core/v2/orders/book");
    return r.result.filter((o) => isModifiableStatus(o.orderStatus));
  }

  async positions(): Promise<PositionRow[]> {
    return (await this.call<PositionRow>("POST", "/core/v2/positions")).result;
  }

  async holdings(): Promise<HoldingRow[]> {
    return (await this.call<HoldingRow>("POST", "/core/v2/holdings")).result;
  }

  async limits(): Promise<FundsLimit[]> {
    return (await this.call<FundsLimit>("POST", "/core/limits")).result;
  }
}

/**
 * A new client whose books start as DEMO1's seeded ones (holdings, overnight positions in every
 * segment, opening cash): DEMO1's rows copied in SQL, so each run of the property starts from the
 * same books without restarting the broker. The copy is taken before anyone trades as DEMO1.
 */
export async function openAccount(b: TradingBroker, userId: string): Promise<string> {
  const db = b.broker.db;
  db.prepare(
    "INSERT INTO users (user_id, client_name, mobile, email, password_hash, account_status, exchanges, created_at) SELECT ?, client_name, mobile, email, password_hash, account_status, exchanges, created_at FROM users WHERE user_id = 'DEMO1'",
  ).run(userId);
  for (const table of ["positions", "holdings", "funds"]) {
    const cols = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name).filter((n) => n !== "user_id");
    db.prepare(`INSERT INTO ${table} (user_id, ${cols.join(", ")}) SELECT ?, ${cols.join(", ")} FROM ${table} WHERE user_id = 'DEMO1'`).run(userId);
  }
  return b.login(userId);
}
