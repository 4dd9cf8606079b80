import { isSuccess } from "../../src/core/http/success.js";
import { ruleError, type RuleError } from "../../src/core/errors.js";
import { formatDateTime } from "../../src/core/format.js";
import { endOfIstDay } from "../../src/core/rules/killSwitch.js";
import { checkLimits, dayFigures, dayOf, headroom, NO_LIMITS, shownFigures, tripFigure, tripText, type DayFigures, type LimitName, type LossLimits } from "../../src/core/rules/lossLimits.js";
import { istDateKey } from "../../src/core/time.js";
import type { LimitsRow } from "../../src/core/wire/risk.js";
import type { BrokerContext } from "../context.js";
import type { Market } from "../market/types.js";
import type { OrderEngine } from "../orders/engine.js";
import type { PositionRow } from "../portfolio/positions.js";
import type { RiskDesk } from "./desk.js";
import { LossLimitStore, type StoredLimits } from "./lossLimitStore.js";

const key = (exchange: string, token: string | number) => `${exchange}:${token}`;
const RESTING = new Set(["open", "trigger pending", "partly executed"]);
const anyLimit = (l: LossLimits) => l.maxLoss !== null || l.maxOrders !== null || l.maxPositionValue !== null;

/**
 * The daily loss limits on the broker's side (issue 33, src/core/rules/lossLimits.ts, whose
 * dayFigures is the one measure of the day's loss, from the day's start): checked on
 * every tick of an instrument a limited user holds a position in, on every order update of that
 * user (fills), and on every new order (the orders limit). The first limit reached trips once a
 * day: open orders cancelled, every segment's kill switch on to midnight IST, positions squared off
 * when the trader chose so, and a sentence on the order topic.
 */
export class LossLimitWatch {
  readonly store: LossLimitStore;
  private readonly byUser = new Map<string, StoredLimits>();
  /** Per limited user, the instruments of their open positions (to keep the index below in step). */
  private readonly held = new Map<string, Set<string>>();
  /** Per instrument, the limited users holding it: a tick costs one lookup, not a loop over the users. */
  private readonly holders = new Map<string, Set<string>>();
  private readonly stops: Array<() => void> = [];
  private countToday: (userId: string, day: string) => number;

  constructor(
    private readonly ctx: Pick<BrokerContext, "clock" | "db" | "log">,
    private readonly market: Market,
    private readonly orders: OrderEngine,
    private readonly desk: RiskDesk,
  ) {
    this.store = new LossLimitStore(ctx.db);
    const count = ctx.db.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND day = ? AND main_leg_order_id = ''");
    // SQLite's rows and the orders of the open group not written yet: a burst placed together counts
    // each order as it is booked, so the check and the count are one step (no order slips past the maximum).
    this.countToday = (userId, day) => (count.get(userId, day) as { n: number }).n + orders.unwrittenNewOrders(userId, day);
    for (const s of this.store.all()) this.byUser.set(s.userId, s);
    for (const userId of this.byUser.keys()) this.check(userId);
    this.stops.push(market.onTick((q) => this.onTick(q.exchange, q.token)));
    // After the update's own publishing has finished: a trip cancels and places orders of its own.
    this.stops.push(orders.onOrderUpdate((userId) => this.checkSoon(userId)));
  }

  stop(): void {
    for (const s of this.stops) s();
  }

  limitsOf(userId: string): LossLimits {
    return this.byUser.get(userId)?.limits ?? NO_LIMITS;
  }

  setLimits(userId: string, l: LossLimits): void {
    this.store.setLimits(userId, l);
    this.reload(userId);
    this.check(userId);
  }

  /** The limits, the day's figures (those of the trip once tripped) and how far each limit is from tripping. */
  row(userId: string): LimitsRow {
    const s = this.byUser.get(userId);
    const l = s?.limits ?? NO_LIMITS;
    const live = this.figures(userId, s);
    const day = live.day;
    const figures = shownFigures(s?.day, day, live.figures);
    return {
      maxLoss: l.maxLoss ?? 0,
      maxOrders: l.maxOrders ?? 0,
      maxPositionValue: l.maxPositionValue ?? 0,
      squareOff: l.squareOff,
      day,
      dayPnl: figures.pnl,
      tripped: (s?.day?.day === day ? s.day.tripped : null) ?? "",
      trippedAt: s?.day?.day === day ? (s.trippedAt ?? "") : "",
      trippedText: s?.day?.day === day ? s.trippedText : "",
      headroom: headroom(l, figures).map((h) => ({ name: h.name, limit: h.limit ?? 0, used: h.used, left: h.left ?? 0 })),
      openOrders: this.orders.workingMainOrders(userId),
    };
  }

  /** The figures of the limit that tripped today, as its sentence says them; undefined when none has. */
  trippedFigure(userId: string): string | undefined {
    const d = this.byUser.get(userId)?.day;
    if (!d?.tripped || !d.at || d.day !== istDateKey(this.ctx.clock.now())) return undefined;
    return tripFigure(d.tripped, d.at.limit, d.at);
  }

  /**
   * The orders limit at a new order (the place gate, before the kill switch's own check passes it):
   * the order beyond the maximum is refused with EC712 and trips the limits, after this call returns
   * (the order's own transaction must not carry the cancels).
   */
  orderRefusal(userId: string, now: Date): RuleError | undefined {
    const s = this.byUser.get(userId);
    if (!s || s.limits.maxOrders === null) return undefined;
    const today = istDateKey(now);
    if (s.day?.day === today && s.day.tripped !== null) return undefined;
    const placed = this.countToday(userId, today);
    if (placed + 1 <= s.limits.maxOrders) return undefined;
    setImmediate(() => this.check(userId, 1));
    return ruleError("EC712", `maximum ${s.limits.maxOrders} orders a day, ${placed} placed`);
  }

  private readonly soon = new Set<string>();

  private checkSoon(userId: string): void {
    if (!this.byUser.has(userId) || this.soon.has(userId)) return;
    this.soon.add(userId);
    setImmediate(() => {
      this.soon.delete(userId);
      this.check(userId);
    });
  }

  /**
   * A tick of an instrument limited users hold: each of them is checked once after this batch of
   * ticks (checkSoon), not once per tick. A check sums all of the user's positions, and the market
   * sends its ticks in batches (one per instrument per interval), so a user holding ten of the
   * batch's instruments is summed once instead of ten times; the figures are those after the batch.
   */
  private onTick(exchange: string, token: number): void {
    const users = this.holders.get(key(exchange, token));
    if (users) for (const userId of users) this.checkSoon(userId);
  }

  /** Keeps the instrument → holders index in step with a user's open positions. */
  private hold(userId: string, keys: Set<string> | undefined): void {
    const was = this.held.get(userId);
    if (was && keys && was.size === keys.size && [...keys].every((k) => was.has(k))) return;
    for (const k of was ?? []) {
      const users = this.holders.get(k);
      users?.delete(userId);
      if (users?.size === 0) this.holders.delete(k);
    }
    if (!keys || keys.size === 0) {
      this.held.delete(userId);
      return;
    }
    this.held.set(userId, keys);
    for (const k of keys) {
      let users = this.holders.get(k);
      if (!users) this.holders.set(k, (users = new Set()));
      users.add(userId);
    }
  }

  private reload(userId: string): void {
    const s = this.store.get(userId);
    if (s) this.byUser.set(userId, s);
  }

  /** The day's figures of a user now, by the one rule of src/core (`extraOrders`: an order being refused counts as the one beyond). */
  private figures(userId: string, s: StoredLimits | undefined, extraOrders = 0, forCheck = false): { figures: DayFigures; day: string; positions: PositionRow[] } {
    const now = this.ctx.clock.now();
    const day = istDateKey(now);
    const positions = this.orders.portfolio.positions(userId);
    // A check without an orders limit has no use for the count (a query): the tick path skips it.
    const orders = forCheck && s?.limits.maxOrders === null ? 0 : this.countToday(userId, day) + extraOrders;
    return { figures: dayFigures(positions, orders), day, positions };
  }

  /** One check of a user's limits; trips them when one is reached (once a day). */
  check(userId: string, extraOrders = 0): void {
    const s = this.byUser.get(userId);
    if (!s || !anyLimit(s.limits)) {
      this.hold(userId, undefined);
      return;
    }
    const { figures, day, positions } = this.figures(userId, s, extraOrders, true);
    this.hold(userId, new Set(positions.filter((p) => p.netQuantity !== 0).map((p) => key(p.exchange, p.token))));
    const state = dayOf(s.day, day);
    if (state !== s.day) {
      this.store.setDay(userId, state);
      s.day = state;
    }
    let r = checkLimits(s.limits, state, figures);
    if (r.trips && s.limits.maxOrders === null) {
      // The tick path left the count out (no orders limit), but the day shows the trip's figures
      // from now on: counted once, at the trip.
      r = checkLimits(s.limits, state, { ...figures, orders: this.countToday(userId, day) + extraOrders });
    }
    if (r.trips && r.state.at) this.trip(userId, s, r.state, r.trips, r.state.at);
  }

  private trip(userId: string, s: StoredLimits, state: NonNullable<StoredLimits["day"]>, name: LimitName, figures: DayFigures): void {
    const now = this.ctx.clock.now();
    const text = tripText(name, s.limits, figures);
    // Written before it acts: a crash after this line does not trip the day a second time.
    this.store.setDay(userId, state, now.toISOString(), text);
    s.day = state;
    s.trippedAt = now.toISOString();
    s.trippedText = text;
    const until = endOfIstDay(now.getTime());
    const cancelled = this.desk.stopAll(userId, until, "loss limit");
    const squared = s.limits.squareOff ? this.squareOff(userId) : 0;
    const parts = [text, `${cancelled.length} open ${cancelled.length === 1 ? "order" : "orders"} cancelled`];
    if (s.limits.squareOff) parts.push(`${squared} ${squared === 1 ? "position" : "positions"} squared off`);
    parts.push(`every segment's kill switch on until ${formatDateTime(until)} IST`);
    this.desk.tell(userId, "loss limit tripped", parts.join("; "));
    this.ctx.log.info({ userId, limit: name, figures, cancelled, squared }, "loss limit tripped");
  }

  /** Exits every open position at market: BO/CO legs by cancelling them (which exits), the rest by an opposite MARKET order. */
  private squareOff(userId: string): number {
    return this.desk.exempt(() => {
      let n = 0;
      for (const o of this.orders.orderBook(userId)) {
        if (o.mainLegOrderId !== "" && RESTING.has(o.orderStatus) && this.orders.cancelOrder(userId, o.orderNo).ok) n++;
      }
      for (const p of this.orders.portfolio.positions(userId)) {
        if (p.netQuantity === 0 || p.type !== "") continue;
        const placed = this.orders.placeOrder(userId, {
          exchange: p.exchange,
          instrumentId: p.token,
          transactionType: p.netQuantity > 0 ? "SELL" : "BUY",
          quantity: Math.abs(p.netQuantity),
          product: p.product,
          orderComplexity: "REGULAR",
          orderType: "MARKET",
          validity: "DAY",
          orderTag: "loss limit square-off",
        });
        if (isSuccess(placed)) n++;
        else this.ctx.log.warn({ userId, position: p.tradingSymbol, placed }, "loss limit square-off refused");
      }
      return n;
    });
  }
}
