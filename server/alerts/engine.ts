import { ALERT_MESSAGE_KIND, alertFires, type AlertMessage } from "../../src/core/rules/alerts.js";
import type { BrokerContext } from "../context.js";
import { InstrumentIndex } from "../market/instrumentIndex.js";
import type { Market, Quote } from "../market/types.js";
import type { AlertStore, StoredAlert } from "./store.js";

/**
 * Checks the active alerts on the market's ticks. Alerts are indexed by instrument, so a tick
 * costs one map lookup when no alert watches its instrument, and only that instrument's alerts
 * otherwise. A fired alert leaves the index at once and goes out through `deliver` (the
 * client's order topic).
 */
export class AlertEngine {
  private readonly index: InstrumentIndex<number, StoredAlert>;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly ctx: Pick<BrokerContext, "clock" | "log">,
    private readonly market: Market,
    private readonly store: AlertStore,
    private readonly deliver: (userId: string, message: AlertMessage) => void,
    /** Alert triggers orders (issue 33): called once for a fired alert that has a basket or an order line, after it is marked fired. */
    private readonly placeOrders?: (a: StoredAlert) => void,
  ) {
    // A derivative ticks only while watched: an alert on it is a watcher.
    this.index = new InstrumentIndex(market);
  }

  start(): void {
    for (const a of this.store.allActive()) this.track(a);
    this.unsubscribe = this.market.onTick((q) => this.onTick(q));
  }

  stop(): void {
    this.unsubscribe?.();
    this.index.clear();
  }

  track(a: StoredAlert): void {
    this.index.add(a.exchange, a.token, a.alertId, a);
  }

  untrack(a: Pick<StoredAlert, "alertId" | "exchange" | "token">): void {
    this.index.remove(a.exchange, a.token, a.alertId);
  }

  /** How many instruments carry an alert (tests read it). */
  get watched(): number {
    return this.index.size;
  }

  private onTick(q: Quote): void {
    for (const a of this.index.on(q.exchange, q.token)) if (alertFires(a, q)) this.fire(a, q);
  }

  private fire(a: StoredAlert, q: Quote): void {
    this.untrack(a);
    const at = this.ctx.clock.now();
    if (!this.store.trigger(a.alertId, q.ltp, at)) return;
    const tradingSymbol = this.market.instrument(a.exchange, a.token)?.tradingSymbol ?? String(a.token);
    this.deliver(a.userId, {
      messageKind: ALERT_MESSAGE_KIND,
      alertId: a.alertId,
      exchange: a.exchange,
      token: a.token,
      tradingSymbol,
      condition: a.condition,
      value: a.value,
      ltp: q.ltp,
      triggeredAt: at.toISOString(),
    });
    this.ctx.log.info({ alertId: a.alertId, ltp: q.ltp }, "alert fired");
    // Marked TRIGGERED above (once: a second tick finds it no longer active), so its orders go once.
    // As it now stands (fired at `at`): the basket's run is dated by the alert's firing.
    if ((a.thenBasketId !== null || a.thenOrder !== null) && this.placeOrders) this.placeOrders({ ...a, status: "TRIGGERED", triggeredAt: at.toISOString(), triggeredPrice: q.ltp });
  }
}
