import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { OrderStatus } from "../../src/core/types/orderStatus.js";
import type { Market } from "../market/types.js";
import type { WorkingMargin } from "../portfolio/portfolio.js";
import type { Quote } from "../market/types.js";
import { HeldMargins } from "./heldMargins.js";
import type { OrderRecord } from "./record.js";
import { RestingIndex } from "./restingIndex.js";

/** One instrument's working orders, and the market's watch on it. */
interface Watched {
  index: RestingIndex;
  release: () => void;
}

/**
 * The orders still working, in memory, indexed by instrument and within it by the price that
 * makes them act (restingIndex.ts), so that a market tick touches only the crossed orders of its
 * own instrument. An instrument with working orders is watched, so a derivative
 * with resting orders keeps ticking even if nobody looks at it. SQLite holds the same orders
 * (journal.ts); this is the fast index over them, rebuilt from there at start-up.
 *
 * The margin they hold is summed per user as they come, change and go (heldMargins.ts): an order's
 * `blocked` is counted anew whenever it is added or touched, and every change the journal records
 * touches it, so a new margin is counted from the change that brought it.
 *
 * An instrument whose last order stopped working keeps its index and its watch until the next
 * session sweep (releaseIdle, once a second): the orders of a burst on one instrument, each filled
 * at once, would otherwise set up and drop both for every order.
 */
export class WorkingOrders {
  private readonly byId = new Map<string, OrderRecord>();
  private readonly byInstrument = new Map<Exchange, Map<number, Watched>>();
  private readonly held = new HeldMargins();

  constructor(private readonly market: Pick<Market, "watch">) {}

  /** Takes an order in while its status is one that still works; any other status is left out. */
  add(r: OrderRecord): void {
    if (!isModifiableStatus(r.orderStatus)) return;
    const before = this.byId.get(r.brokerOrderId);
    if (before && before !== r) this.watched(before.exchange, before.tokenNo)?.index.delete(before);
    this.byId.set(r.brokerOrderId, r);
    this.held.count(r.brokerOrderId, r.userId, r.exchange, r.transactionType, r.blocked);
    let tokens = this.byInstrument.get(r.exchange);
    if (!tokens) this.byInstrument.set(r.exchange, (tokens = new Map()));
    let w = tokens.get(r.tokenNo);
    if (!w) tokens.set(r.tokenNo, (w = { index: new RestingIndex(), release: this.market.watch(r.exchange, r.tokenNo) }));
    w.index.add(r);
  }

  remove(r: OrderRecord): void {
    const held = this.byId.get(r.brokerOrderId);
    this.byId.delete(r.brokerOrderId);
    this.held.uncount(r.brokerOrderId);
    this.watched(r.exchange, r.tokenNo)?.index.delete(held ?? r);
  }

  /** Drops the index and the watch of every instrument without working orders (the session sweep calls it). */
  releaseIdle(): void {
    for (const tokens of this.byInstrument.values()) {
      for (const [token, w] of tokens) {
        if (w.index.size > 0) continue;
        w.release();
        tokens.delete(token);
      }
    }
  }

  private watched(exchange: Exchange, token: number): Watched | undefined {
    return this.byInstrument.get(exchange)?.get(token);
  }

  get(id: string): OrderRecord | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Every working order, oldest first (the order they were placed in). */
  all(): OrderRecord[] {
    return [...this.byId.values()].sort((a, b) => a.seq - b.seq);
  }

  /** The working orders on one instrument, in no particular order: what a rule about one instrument's orders reads, rather than every order. */
  onInstrument(exchange: Exchange, token: number): Iterable<OrderRecord> {
    return this.watched(exchange, token)?.index.values() ?? [];
  }

  /** The working orders of the quote's instrument that its prices may make act, oldest first. */
  crossedBy(exchange: Exchange, token: number, quote: Quote): OrderRecord[] {
    return this.watched(exchange, token)?.index.crossedBy(quote) ?? [];
  }

  /** A working order changed (price, trigger, status, quantity): its instrument's index is sorted again. */
  touch(r: OrderRecord): void {
    if (this.byId.get(r.brokerOrderId) === r) this.held.count(r.brokerOrderId, r.userId, r.exchange, r.transactionType, r.blocked);
    this.watched(r.exchange, r.tokenNo)?.index.touch();
  }

  /** The working legs of a main order (legs work on the main order's instrument). */
  legsOf(mainId: string): OrderRecord[] {
    const out: OrderRecord[] = [];
    for (const r of this.byId.values()) if (r.mainLegOrderId === mainId) out.push(r);
    return out;
  }

  /** Margins the user's working orders hold, for the funds limits: summed by exchange and side. */
  margins(userId: string): WorkingMargin[] {
    return this.held.of(userId);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Stops watching every instrument (the broker is closing). */
  stop(): void {
    for (const tokens of this.byInstrument.values()) for (const w of tokens.values()) w.release();
    this.byInstrument.clear();
  }
}

/** The status a working order rests in: waiting for its trigger, part filled, or open. */
export function restingStatus(r: OrderRecord): OrderStatus {
  if ((r.orderType === "SL" || r.orderType === "SLM") && !r.triggered) return "trigger pending";
  if (r.filledQuantity > 0 && r.pendingQuantity > 0) return "partly executed";
  return "open";
}
