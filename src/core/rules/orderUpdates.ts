import { priceDecimals } from "../exchanges";
import { isExchange } from "../types/exchange";
import type { OrderUpdate } from "../types/orderUpdate";
import type { ToastKind } from "../notify";

/**
 * The order-update rules of access-and-surroundings section 4, "Order update handling", as pure
 * functions and one clock-driven state machine (the feed module owns the timers, not these).
 */

/** "Notified statuses: rejected, open, cancelled, trigger pending, complete, after market order req
 *  received, modify after market order req received, cancelled after market order." */
export const NOTIFIED_STATUSES = [
  "rejected",
  "open",
  "cancelled",
  "trigger pending",
  "complete",
  "after market order req received",
  "modify after market order req received",
  "cancelled after market order",
] as const;

/** "For IOC validity only rejected, cancelled and complete are notified." */
export const IOC_NOTIFIED_STATUSES = ["rejected", "cancelled", "complete"] as const;

/** "open and trigger pending updates are held for 500 ms, keeping the latest." */
export const HELD_STATUSES = ["open", "trigger pending"] as const;
export const HOLD_MS = 500;
/** "The dedupe key is forgotten after 5 s." */
export const DEDUPE_MS = 5000;

const norm = (s: string): string => s.trim().toLowerCase();

export function isNotified(u: Pick<OrderUpdate, "orderStatus" | "validity">): boolean {
  const s = norm(u.orderStatus);
  const list: readonly string[] = norm(u.validity) === "ioc" ? IOC_NOTIFIED_STATUSES : NOTIFIED_STATUSES;
  return list.includes(s);
}

export function isHeld(u: Pick<OrderUpdate, "orderStatus">): boolean {
  return (HELD_STATUSES as readonly string[]).includes(norm(u.orderStatus));
}

/** "a complete or cancelled for the same order arrives first, which drops the held one." */
export function dropsHeld(u: Pick<OrderUpdate, "orderStatus">): boolean {
  const s = norm(u.orderStatus);
  return s === "complete" || s === "cancelled";
}

/** "Duplicates (same order id, update time and status) are ignored." */
export function dedupeKey(u: Pick<OrderUpdate, "brokerOrderId" | "brokerUpdateTime" | "orderStatus">): string {
  return `${u.brokerOrderId}|${u.brokerUpdateTime}|${norm(u.orderStatus)}`;
}

export interface OrderToast {
  kind: ToastKind;
  text: string;
}

/**
 * "Toast: rejected is a danger toast with "Reason: {rejection reason}"; cancelled is neutral;
 * others are success. Text reads "Qty {q} {side} @ ₹{price} ({type} Order)". Market orders omit
 * the price; SL and SLM orders use the trigger price." Cancelled after market order is a
 * cancellation too, so it is neutral as well. Prices carry the exchange's decimals (section 9).
 */
export function orderToast(u: Pick<OrderUpdate, "orderStatus" | "orderType" | "quantity" | "transactionType" | "price" | "slTriggerPrice" | "rejectionReason" | "exchange">): OrderToast {
  const s = norm(u.orderStatus);
  if (s === "rejected") return { kind: "danger", text: `Reason: ${u.rejectionReason || "not given"}` };
  const type = u.orderType.toUpperCase();
  const decimals = isExchange(u.exchange) ? priceDecimals(u.exchange) : 2;
  const shownPrice = type === "SL" || type === "SLM" ? u.slTriggerPrice : u.price;
  const at = type === "MARKET" ? "" : ` @ ₹${shownPrice.toFixed(decimals)}`;
  const text = `Qty ${u.quantity} ${u.transactionType.toUpperCase()}${at} (${type} Order)`;
  const kind: ToastKind = s === "cancelled" || s === "cancelled after market order" ? "neutral" : "success";
  return { kind, text };
}

export interface RefreshTargets {
  orders: boolean;
  /** After 500 ms, only when the GTT tab (3) is active. */
  gtt: boolean;
  positions: boolean;
  holdings: boolean;
}

/**
 * "On a shown update while on /orders the order list refreshes, and the GTT list refreshes after
 * 500 ms if the GTT tab (3) is active. On complete, positions refresh; holdings refresh too when
 * on /holdings or /home."
 */
export function refreshTargets(
  u: Pick<OrderUpdate, "orderStatus">,
  where: { onOrders: boolean; gttTabActive: boolean; onHoldingsOrHome: boolean },
): RefreshTargets {
  const complete = norm(u.orderStatus) === "complete";
  return {
    orders: where.onOrders,
    gtt: where.onOrders && where.gttTabActive,
    positions: complete,
    holdings: complete && where.onHoldingsOrHome,
  };
}

/**
 * The filter, hold and dedupe of order updates, driven by an explicit clock so that it is tested
 * without timers. `push` takes an update and returns those to show now; `release` returns held
 * updates whose 500 ms have passed. `nextReleaseAt` tells the owner when to call `release`.
 */
export class OrderUpdatePipeline {
  private readonly seen = new Map<string, number>();
  private readonly held = new Map<string, { update: OrderUpdate; until: number }>();

  push(u: OrderUpdate, now: number): OrderUpdate[] {
    this.forget(now);
    const key = dedupeKey(u);
    if (this.seen.has(key)) return [];
    this.seen.set(key, now);
    if (!isNotified(u)) return [];
    if (dropsHeld(u)) this.held.delete(u.brokerOrderId);
    if (isHeld(u)) {
      // "keeping the latest": a newer held update restarts nothing, it replaces the held one.
      const prior = this.held.get(u.brokerOrderId);
      this.held.set(u.brokerOrderId, { update: u, until: prior?.until ?? now + HOLD_MS });
      return [];
    }
    return [u];
  }

  release(now: number): OrderUpdate[] {
    const out: OrderUpdate[] = [];
    for (const [id, h] of this.held) {
      if (h.until <= now) {
        out.push(h.update);
        this.held.delete(id);
      }
    }
    return out;
  }

  nextReleaseAt(): number | undefined {
    let at: number | undefined;
    for (const h of this.held.values()) if (at === undefined || h.until < at) at = h.until;
    return at;
  }

  private forget(now: number): void {
    for (const [k, at] of this.seen) if (now - at >= DEDUPE_MS) this.seen.delete(k);
  }
}
