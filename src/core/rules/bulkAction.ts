import type { Order, OrderRequest } from "../types/order";
import type { Position } from "../types/portfolio";
import { openOrders } from "./orderStatus";
import { exitOrderFor } from "./positionActions";
import { exitablePositions } from "./positions";

/**
 * Armed bulk actions (issue 19): cancel all, exit all (long positions other than BO and CO, the
 * spec's exit all) and flatten all (every open order cancelled, then every open position, long
 * and short, exited at market). A plan is what the preview shows and what is then sent, nothing else.
 * BO and CO positions are flattened by cancelling their working legs (the broker exits a leg's
 * position when the leg is cancelled), so flatten all sends no exit order for them.
 */
export type BulkKind = "cancelAll" | "exitAll" | "flattenAll";

export const BULK_TITLES: Record<BulkKind, string> = {
  cancelAll: "Cancel all open orders",
  exitAll: "Exit all long positions",
  flattenAll: "Flatten all: cancel every open order and exit every position",
};

export interface BulkExit {
  order: OrderRequest;
  tradingSymbol: string;
  /** Quantity times last price times multiplier, in rupees. */
  value: number;
}

export interface BulkPlan {
  kind: BulkKind;
  /** Open orders cancelled (one cancel-all call carries them). */
  cancels: Array<{ orderNo: string; tradingSymbol: string; value: number }>;
  exits: BulkExit[];
  /** Every instrument touched, once, in order. */
  instruments: string[];
  estimatedValue: number;
}

type PlanOrder = Pick<Order, "orderNo" | "orderStatus" | "tradingSymbol" | "pendingQuantity" | "price">;
type PlanPosition = Pick<Position, "exchange" | "instrumentId" | "netQuantity" | "product" | "type" | "tradingSymbol" | "ltp" | "multiplier">;

export function planBulk(kind: BulkKind, orders: readonly PlanOrder[], positions: readonly PlanPosition[], ltpOf: (tradingSymbol: string) => number | undefined = () => undefined): BulkPlan {
  const cancels =
    kind === "exitAll"
      ? []
      : openOrders(orders).map((o) => ({ orderNo: o.orderNo, tradingSymbol: o.tradingSymbol, value: o.pendingQuantity * (o.price > 0 ? o.price : (ltpOf(o.tradingSymbol) ?? 0)) }));
  const exitFrom = kind === "cancelAll" ? [] : kind === "exitAll" ? exitablePositions(positions) : positions.filter((p) => p.netQuantity !== 0 && p.type !== "BO" && p.type !== "CO");
  const exits = exitFrom.flatMap((p) => {
    const order = exitOrderFor(p);
    return order ? [{ order, tradingSymbol: p.tradingSymbol, value: Math.abs(p.netQuantity) * p.ltp * (p.multiplier || 1) }] : [];
  });
  const instruments = [...new Set([...cancels.map((c) => c.tradingSymbol), ...exits.map((x) => x.tradingSymbol)])];
  const estimatedValue = [...cancels, ...exits].reduce((s, x) => s + x.value, 0);
  return { kind, cancels, exits, instruments, estimatedValue };
}

/** True when the plan sends nothing (the preview then says so and arms nothing). */
export function planIsEmpty(plan: BulkPlan): boolean {
  return plan.cancels.length === 0 && plan.exits.length === 0;
}
