import type { Exchange } from "../../src/core/types/exchange.js";
import type { TransactionType } from "../../src/core/types/order.js";
import type { WorkingMargin } from "../portfolio/portfolio.js";
import type { BlockedMargin } from "./record.js";
import { toPaise } from "../../src/core/money.js";

/** One running sum, in paise: the margin model rounds every component to the paisa, so integer sums are exact however many orders come and go. */
interface Sum {
  exchange: Exchange;
  transactionType: TransactionType;
  span: number;
  exposure: number;
  premium: number;
  cash: number;
  total: number;
  /** Orders counted in it with a margin above zero. */
  orders: number;
}


/**
 * The margin the working orders of each user hold, summed by exchange and side as orders start
 * working, change what they hold and stop (issue 18): every order's funds check reads it, and
 * scanning every working order of the client for it grew with the orders left resting. Each order
 * is counted with the margin it held when last counted, so a change is taken out exactly as it
 * went in.
 */
export class HeldMargins {
  private readonly byUser = new Map<string, Map<string, Sum>>();
  private readonly counted = new Map<string, { userId: string; exchange: Exchange; transactionType: TransactionType; blocked: BlockedMargin }>();

  /** Counts what the order holds now, in place of what it was counted with (nothing, for an order new here). */
  count(id: string, userId: string, exchange: Exchange, transactionType: TransactionType, blocked: BlockedMargin): void {
    const before = this.counted.get(id);
    if (before?.blocked === blocked) return;
    if (before) this.add(before.userId, before.exchange, before.transactionType, before.blocked, -1);
    if (blocked.total > 0) {
      this.add(userId, exchange, transactionType, blocked, 1);
      this.counted.set(id, { userId, exchange, transactionType, blocked });
    } else if (before) this.counted.delete(id);
  }

  /** The order stopped working: what it held is no longer counted. */
  uncount(id: string): void {
    const before = this.counted.get(id);
    if (!before) return;
    this.add(before.userId, before.exchange, before.transactionType, before.blocked, -1);
    this.counted.delete(id);
  }

  /** What the user's working orders hold, one entry per exchange and side that holds any. */
  of(userId: string): WorkingMargin[] {
    const sums = this.byUser.get(userId);
    if (!sums) return [];
    const out: WorkingMargin[] = [];
    for (const s of sums.values()) {
      if (s.orders === 0) continue;
      out.push({ exchange: s.exchange, transactionType: s.transactionType, blocked: { span: s.span / 100, exposure: s.exposure / 100, premium: s.premium / 100, cash: s.cash / 100, total: s.total / 100 } });
    }
    return out;
  }

  /** Adds (sign 1) or takes out (-1) one order's margin. A sum left at no orders stays, at zero: a user's few sides come and go all day. */
  private add(userId: string, exchange: Exchange, transactionType: TransactionType, m: BlockedMargin, sign: 1 | -1): void {
    let sums = this.byUser.get(userId);
    if (!sums) this.byUser.set(userId, (sums = new Map()));
    const key = `${exchange}:${transactionType}`;
    let s = sums.get(key);
    if (!s) sums.set(key, (s = { exchange, transactionType, span: 0, exposure: 0, premium: 0, cash: 0, total: 0, orders: 0 }));
    s.span += sign * toPaise(m.span);
    s.exposure += sign * toPaise(m.exposure);
    s.premium += sign * toPaise(m.premium);
    s.cash += sign * toPaise(m.cash);
    s.total += sign * toPaise(m.total);
    s.orders += sign;
  }
}
