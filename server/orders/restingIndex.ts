import type { Quote } from "../market/types.js";
import type { OrderRecord } from "./record.js";
import { trailsStop } from "./trailStop.js";

/** Prices are compared with the same tolerance as matching.ts (takeLiquidity, isTriggered). */
const EPS = 1e-9;

/**
 * The working orders of one instrument, indexed by the price at which a tick can make them act,
 * so that a tick visits only the crossed ones (issue 18): buy limits by price from the highest
 * (they act once the best ask is at or below it), sell limits from the lowest (best bid at or
 * above), buy stops by trigger from the lowest (last price at or above), sell stops from the
 * highest (at or below). What a price alone does not decide (an AMO awaiting the open, a
 * trailing stop, a market order without a bound) is visited on every tick.
 *
 * Any change to one of its orders marks the index stale and it is sorted again on the next tick:
 * orders change seldom next to how often ticks arrive, and a re-sort can never miss a change that
 * an in-place update might.
 */
export class RestingIndex {
  private readonly orders = new Set<OrderRecord>();
  private always: OrderRecord[] = [];
  private buyLimits: OrderRecord[] = [];
  private sellLimits: OrderRecord[] = [];
  private buyStops: OrderRecord[] = [];
  private sellStops: OrderRecord[] = [];
  private stale = true;

  get size(): number {
    return this.orders.size;
  }

  /** Its orders, in no particular order. */
  values(): IterableIterator<OrderRecord> {
    return this.orders.values();
  }

  add(r: OrderRecord): void {
    this.orders.add(r);
    this.stale = true;
  }

  delete(r: OrderRecord): void {
    this.orders.delete(r);
    this.stale = true;
  }

  /** One of its orders changed (price, trigger, status, quantity). */
  touch(): void {
    this.stale = true;
  }

  /** The orders this quote may make act, oldest first (the order matching gives them the book in). */
  crossedBy(quote: Pick<Quote, "ltp" | "bids" | "asks">): OrderRecord[] {
    if (this.stale) this.rebuild();
    const out = this.always.slice();
    const ask = quote.asks[0]?.price;
    const bid = quote.bids[0]?.price;
    if (ask !== undefined) for (const r of this.buyLimits) if (ask <= limitOf(r) + EPS) out.push(r); else break;
    if (bid !== undefined) for (const r of this.sellLimits) if (bid >= limitOf(r) - EPS) out.push(r); else break;
    for (const r of this.buyStops) if (quote.ltp >= r.triggerPrice - EPS) out.push(r); else break;
    for (const r of this.sellStops) if (quote.ltp <= r.triggerPrice + EPS) out.push(r); else break;
    return out.length > 1 ? out.sort(bySeq) : out;
  }

  private rebuild(): void {
    this.always = [];
    this.buyLimits = [];
    this.sellLimits = [];
    this.buyStops = [];
    this.sellStops = [];
    for (const r of this.orders) {
      const buy = r.transactionType === "BUY";
      const isStop = r.orderType === "SL" || r.orderType === "SLM";
      if (r.sessionDay === "") this.always.push(r); // an AMO: released at the open, whatever the price
      else if (isStop && !r.triggered) {
        // A bracket order's trailing stop, and a trailing SL or SL-M (issue 33), move with every tick.
        if ((r.trailingSlAmount > 0 && r.mainLegOrderId !== "") || trailsStop(r)) this.always.push(r);
        else (buy ? this.buyStops : this.sellStops).push(r);
      } else if (Number.isNaN(limitOf(r))) this.always.push(r);
      else (buy ? this.buyLimits : this.sellLimits).push(r);
    }
    this.buyLimits.sort((a, b) => limitOf(b) - limitOf(a));
    this.sellLimits.sort((a, b) => limitOf(a) - limitOf(b));
    this.buyStops.sort((a, b) => a.triggerPrice - b.triggerPrice);
    this.sellStops.sort((a, b) => b.triggerPrice - a.triggerPrice);
    this.stale = false;
  }
}

const bySeq = (a: OrderRecord, b: OrderRecord): number => a.seq - b.seq;

/** The worst price the order fills at, as fills.ts bounds it: its limit, else market protection; NaN for no bound. */
function limitOf(r: OrderRecord): number {
  if (r.orderType === "LIMIT" || r.orderType === "SL") return r.price;
  return Number.isFinite(r.protectionPrice) && r.protectionPrice > 0 ? r.protectionPrice : Number.NaN;
}
