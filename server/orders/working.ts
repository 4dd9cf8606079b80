import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { OrderStatus } from "../../src/core/types/orderStatus.js";
import type { Market } from "../market/types.js";
import type { WorkingMargin } from "../portfolio/portfolio.js";
import type { OrderRecord } from "./record.js";

const ckey = (exchange: Exchange, token: number): string => `${exchange}:${token}`;

/**
 * The orders still working, in memory, indexed by instrument so that a market tick touches only
 * the orders of its own instrument. An instrument with working orders is watched, so a derivative
 * with resting orders keeps ticking even if nobody looks at it. SQLite holds the same orders
 * (journal.ts); this is the fast index over them, rebuilt from there at start-up.
 */
export class WorkingOrders {
  private readonly byId = new Map<string, OrderRecord>();
  private readonly byInstrument = new Map<string, Set<string>>();
  private readonly watches = new Map<string, () => void>();

  constructor(private readonly market: Pick<Market, "watch">) {}

  /** Takes an order in while its status is one that still works; any other status is left out. */
  add(r: OrderRecord): void {
    if (!isModifiableStatus(r.orderStatus)) return;
    this.byId.set(r.brokerOrderId, r);
    const k = ckey(r.exchange, r.tokenNo);
    let ids = this.byInstrument.get(k);
    if (!ids) {
      ids = new Set();
      this.byInstrument.set(k, ids);
      this.watches.set(k, this.market.watch(r.exchange, r.tokenNo));
    }
    ids.add(r.brokerOrderId);
  }

  remove(r: OrderRecord): void {
    this.byId.delete(r.brokerOrderId);
    const k = ckey(r.exchange, r.tokenNo);
    const ids = this.byInstrument.get(k);
    if (!ids) return;
    ids.delete(r.brokerOrderId);
    if (ids.size === 0) {
      this.byInstrument.delete(k);
      this.watches.get(k)?.();
      this.watches.delete(k);
    }
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

  /** The working orders of one instrument, oldest first. */
  onInstrument(exchange: Exchange, token: number): OrderRecord[] {
    const ids = this.byInstrument.get(ckey(exchange, token));
    if (!ids || ids.size === 0) return [];
    const orders = [...ids].map((id) => this.byId.get(id)).filter((r): r is OrderRecord => r !== undefined);
    return orders.sort((a, b) => a.seq - b.seq);
  }

  /** The working legs of a main order (legs work on the main order's instrument). */
  legsOf(mainId: string): OrderRecord[] {
    const out: OrderRecord[] = [];
    for (const r of this.byId.values()) if (r.mainLegOrderId === mainId) out.push(r);
    return out;
  }

  /** Margins the user's working orders hold, for the funds limits. */
  margins(userId: string): WorkingMargin[] {
    const out: WorkingMargin[] = [];
    for (const r of this.byId.values()) {
      if (r.userId === userId && r.blocked.total > 0) out.push({ exchange: r.exchange, transactionType: r.transactionType, blocked: r.blocked });
    }
    return out;
  }

  get size(): number {
    return this.byId.size;
  }

  /** Stops watching every instrument (the broker is closing). */
  stop(): void {
    for (const release of this.watches.values()) release();
    this.watches.clear();
  }
}

/** The status a working order rests in: waiting for its trigger, part filled, or open. */
export function restingStatus(r: OrderRecord): OrderStatus {
  if ((r.orderType === "SL" || r.orderType === "SLM") && !r.triggered) return "trigger pending";
  if (r.filledQuantity > 0 && r.pendingQuantity > 0) return "partly executed";
  return "open";
}
