import { gttExpiresAt, gttOrderProduct, gttTriggeredLeg } from "../../src/core/rules/gtt.js";
import { GTT_TRAIL_MESSAGE_KIND, trailedLeg, trailGttLeg } from "../../src/core/rules/gttTrail.js";
import { GTT_EVENT_MESSAGE_KIND, type GttEventMessage } from "../../src/core/rules/gttEvent.js";
import { plainOrder } from "../../src/core/rules/plainOrder.js";
import type { OrderRequest } from "../../src/core/types/order.js";
import type { BrokerContext } from "../context.js";
import { InstrumentIndex } from "../market/instrumentIndex.js";
import type { Quote } from "../market/types.js";
import { toEntry, type GttStore, type StoredGtt } from "./store.js";
import type { GttDeps } from "./types.js";

const keyOf = (exchange: string, token: number): string => `${exchange}:${token}`;

/** The order a triggered leg places: a DAY LIMIT at the leg's price, product "D" as the order window maps it. */
export function orderForLeg(g: StoredGtt, leg: 1 | 2): OrderRequest {
  const l = leg === 1 ? g.spec.leg1 : g.spec.leg2;
  return plainOrder({
    exchange: g.spec.exchange,
    instrumentId: String(g.spec.token),
    transactionType: g.spec.side === "B" ? "BUY" : "SELL",
    quantity: g.spec.qty,
    product: gttOrderProduct(g.spec.exchange),
    orderType: "LIMIT",
    price: l.price,
    orderTag: `GTT ${g.gttId}`,
    // One trigger, one order: a retried placement of the same leg is the same order.
    clientOrderKey: `gtt-${g.gttId}-${leg}`,
  });
}

/**
 * The trigger engine: on every tick of an instrument with ACTIVE GTTs, a leg fires when the last
 * price reaches or crosses its trigger since the previous price (gttTriggeredLeg). The GTT leaves
 * the list at once (an OCO's other leg is gone with it) and its order goes through the order
 * engine's placeOrder, which books it and publishes the order update.
 */
export class GttEngine {
  private readonly index: InstrumentIndex<string, StoredGtt>;
  private readonly lastPrice = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly ctx: BrokerContext,
    private readonly deps: GttDeps,
    private readonly store: GttStore,
  ) {
    // A derivative ticks only while someone watches it; a GTT on it is such a watcher.
    this.index = new InstrumentIndex(deps.market);
  }

  /** Loads every ACTIVE GTT (a restart keeps them) and listens to the market. */
  start(): void {
    for (const g of this.store.allActive()) this.track(g);
    this.unsubscribe = this.deps.market.onTick((q) => this.onTick(q));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.index.clear();
    await Promise.allSettled([...this.pending]);
  }

  /** Starts (or after a modify, restarts) watching a GTT from the current last price. */
  track(g: StoredGtt): void {
    this.index.add(g.spec.exchange, g.spec.token, g.gttId, g);
    const q = this.deps.market.quote(g.spec.exchange, g.spec.token);
    if (q) this.lastPrice.set(keyOf(g.spec.exchange, g.spec.token), q.ltp);
  }

  untrack(g: Pick<StoredGtt, "gttId" | "spec">): void {
    this.index.remove(g.spec.exchange, g.spec.token, g.gttId);
  }

  /** Resolves when every placement started so far has finished (tests and shutdown wait on it). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private onTick(q: Quote): void {
    const gtts = this.index.on(q.exchange, q.token);
    if (gtts.length === 0) return;
    const key = keyOf(q.exchange, q.token);
    const previous = this.lastPrice.get(key) ?? q.ltp;
    this.lastPrice.set(key, q.ltp);
    const now = this.ctx.clock.now();
    for (const g of gtts) {
      // A GTT past its year lapses instead of firing.
      if (gttExpiresAt(new Date(g.createdAt)) <= now) {
        this.untrack(g);
        if (this.store.finish(g.gttId, "EXPIRED", now)) this.expired(g);
        continue;
      }
      const leg = gttTriggeredLeg(toEntry(g), previous, q.ltp);
      if (leg) this.fire(g, leg, q.ltp);
      else if (g.spec.trail) this.trail(g, q.ltp);
    }
  }

  /**
   * Issue 33: a GTT's trail moves its stop leg in favour after a tick that did not fire it (the
   * fire is checked first, on the trigger as it stood). The move is written at once, and the
   * tracked GTT carries it, so the next tick fires on the moved trigger.
   */
  private trail(g: StoredGtt, ltp: number): void {
    const tickSize = this.deps.market.instrument(g.spec.exchange, g.spec.token)?.tickSize;
    if (!g.spec.trail || !tickSize) return;
    const legNo = trailedLeg(g.spec.triggerType);
    const leg = legNo === 1 ? g.spec.leg1 : g.spec.leg2;
    const to = trailGttLeg({ side: g.spec.side, triggerType: g.spec.triggerType, trigger: leg.trigger, price: leg.price }, g.spec.trail, ltp, tickSize);
    if (!to) return;
    this.store.moveLeg(g.gttId, legNo, to);
    const previousTrigger = leg.trigger;
    leg.trigger = to.trigger;
    leg.price = to.price;
    this.deps.tell?.(g.userId, { messageKind: GTT_TRAIL_MESSAGE_KIND, gttId: g.gttId, leg: legNo, trigger: to.trigger, previousTrigger });
  }

  /** A GTT that lapsed (here on a tick, or when the list is read: routes.ts): its windows are told. */
  expired(g: StoredGtt): void {
    this.deps.tell?.(g.userId, this.event(g, "EXPIRED"));
  }

  private fire(g: StoredGtt, leg: 1 | 2, ltp: number): void {
    this.untrack(g);
    // Marked before placing, so a second tick or a racing cancel cannot act on it again.
    if (!this.store.finish(g.gttId, "TRIGGERED", this.ctx.clock.now(), { leg, ltp })) return;
    const p = this.place(g, leg, ltp).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /**
   * Places the fired leg's order and tells the user's windows how it went, after the order's own
   * update (placeOrder publishes it): a refused order makes no update, so this is the only word of it.
   */
  private async place(g: StoredGtt, leg: 1 | 2, ltp: number): Promise<void> {
    const fired = { leg, ltp };
    let told: GttEventMessage;
    try {
      const placed = await this.deps.placeOrder(g.userId, orderForLeg(g, leg));
      if (placed.ok) this.store.recordOrder(g.gttId, placed.orderNo, undefined, "TRIGGERED");
      else this.store.recordOrder(g.gttId, undefined, placed.message, "FAILED");
      this.ctx.log.info({ gttId: g.gttId, leg, placed }, "gtt triggered");
      told = this.event(g, placed.ok ? "TRIGGERED" : "FAILED", placed.ok ? { ...fired, orderNo: placed.orderNo } : { ...fired, reason: placed.message });
    } catch (err) {
      this.store.recordOrder(g.gttId, undefined, (err as Error).message, "FAILED");
      this.ctx.log.error({ err, gttId: g.gttId }, "gtt order placement failed");
      told = this.event(g, "FAILED", { ...fired, reason: (err as Error).message });
    }
    // Outside the try: a feed that cannot say it must not turn a placed order's GTT into FAILED.
    this.deps.tell?.(g.userId, told);
  }

  /** The message of a GTT's own change (gttEvent.ts): its terms as the app names them, and what happened. */
  private event(g: StoredGtt, status: GttEventMessage["status"], what: Pick<GttEventMessage, "leg" | "ltp" | "orderNo" | "reason"> = {}): GttEventMessage {
    const s = g.spec;
    return {
      messageKind: GTT_EVENT_MESSAGE_KIND,
      gttId: g.gttId,
      status,
      exchange: s.exchange,
      // The contract's name; its token where the master no longer has it.
      tradingSymbol: this.deps.market.instrument(s.exchange, s.token)?.tradingSymbol ?? String(s.token),
      transactionType: s.side === "B" ? "BUY" : "SELL",
      quantity: s.qty,
      triggerType: s.triggerType,
      leg1: { trigger: s.leg1.trigger, price: s.leg1.price },
      ...(s.triggerType === "OCO" ? { leg2: { trigger: s.leg2.trigger, price: s.leg2.price } } : {}),
      ...what,
    };
  }
}
