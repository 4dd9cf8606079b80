import type { Toast } from "../notify";
import type { OrderRequest } from "../types/order";
import { instrumentName, orderHead, orderLine, productPart } from "./orderToast";
import { refusalText } from "./riskMessage";
import { basketLegKey, legNeeds, type BasketLeg } from "./basket";
import { plainOrder } from "./plainOrder";
import { isSuccess } from "../http/success";
import { sliceOrders } from "./basketSlices";
import type { SliceVerdict } from "./slicing";

/**
 * Firing a basket (issue 13): every leg is placed on its own, under its own clientOrderKey derived
 * from the run, and a leg that fails does not stop the others. One report line per leg.
 */
export type LegReport =
  /** `foundInBook`: no answer came for it, and the broker's order book showed it booked (strategy run.ts). */
  | { scripId: number; placed: true; orderNo: string; foundInBook?: true }
  /**
   * `partPlaced`: a sliced leg some of whose slices the broker took (their order numbers), the rest refused or unanswered.
   * `unanswered`: an order of the leg got no answer (a timeout, the network): the broker may have booked it.
   * `heldBack`: a strategy's SELL leg not sent because a BUY of its run was not placed (strategy placement.ts sellsHeldBack).
   */
  | { scripId: number; placed: false; code: string; message: string; partPlaced?: string[]; unanswered?: true; heldBack?: true };

/** What the place call answers for one order: the envelope's status and message and the result's order number. */
export interface PlaceAnswer {
  status: string;
  message: string;
  orderNo?: string;
}

/** The order a leg places in run `runId`; `amo` while the market is closed. */
export function legOrderRequest(leg: BasketLeg, runId: string, amo = false): OrderRequest {
  return plainOrder({
    exchange: leg.exchange,
    instrumentId: String(leg.token),
    transactionType: leg.transType,
    quantity: leg.qty,
    product: leg.product,
    orderComplexity: amo ? "AMO" : "REGULAR",
    orderType: leg.orderType,
    price: legNeeds(leg.orderType).price ? leg.price : 0,
    slTriggerPrice: legNeeds(leg.orderType).trigger ? leg.trigger : 0,
    clientOrderKey: basketLegKey(runId, leg.scripId),
  });
}

/**
 * Places every leg at once and answers one report line per leg, in the basket's order. A call that
 * throws (a timeout, the network) reports that leg as not placed; firing the same run again
 * places only what the broker has not got, as each key answers its first result. `amoFor` says
 * which legs go as after-market orders (their exchange is closed). `slicingOf` says which go as
 * slices (above their contract's freeze quantity, basketSlices.ts): each slice is placed in turn
 * under its own key, and the leg is placed when every slice is; a leg that cannot be sliced is
 * reported with why and not sent.
 */
export async function fireLegs(
  legs: readonly BasketLeg[],
  runId: string,
  place: (req: OrderRequest) => Promise<PlaceAnswer>,
  amoFor: (leg: BasketLeg) => boolean = () => false,
  slicingOf: (leg: BasketLeg) => SliceVerdict = () => ({ kind: "whole" }),
): Promise<LegReport[]> {
  const noAnswer = (e: unknown) => (e instanceof Error && e.message ? e.message : "No answer from the broker");
  return Promise.all(
    legs.map(async (leg): Promise<LegReport> => {
      const slicing = slicingOf(leg);
      if (slicing.kind === "refused") return { scripId: leg.scripId, placed: false, code: "EC939", message: slicing.reason };
      if (slicing.kind === "slices") return fireSlices(leg, sliceOrders(legOrderRequest(leg, runId, amoFor(leg)), leg, runId, slicing.slices), place, noAnswer);
      try {
        const a = await place(legOrderRequest(leg, runId, amoFor(leg)));
        return isSuccess(a) && a.orderNo ? { scripId: leg.scripId, placed: true, orderNo: a.orderNo } : { scripId: leg.scripId, placed: false, code: a.status, message: a.message };
      } catch (e) {
        return { scripId: leg.scripId, placed: false, code: "", message: noAnswer(e), unanswered: true };
      }
    }),
  );
}

/**
 * A sliced leg's slices, one after another (as the order window sends them, under the order rate
 * limits): every slice is sent even when one is refused, so a retry has only the refused ones left
 * to place. Placed when all are, with their order numbers; else the first refusal, and how many went.
 */
async function fireSlices(leg: BasketLeg, orders: readonly OrderRequest[], place: (req: OrderRequest) => Promise<PlaceAnswer>, noAnswer: (e: unknown) => string): Promise<LegReport> {
  const placed: string[] = [];
  let refused: { code: string; message: string; slice: number } | undefined;
  let unanswered = false;
  for (const [i, req] of orders.entries()) {
    try {
      const a = await place(req);
      if (isSuccess(a) && a.orderNo) placed.push(a.orderNo);
      else refused ??= { code: a.status, message: a.message, slice: i + 1 };
    } catch (e) {
      refused ??= { code: "", message: noAnswer(e), slice: i + 1 };
      unanswered = true;
    }
  }
  if (!refused) return { scripId: leg.scripId, placed: true, orderNo: placed.join(", ") };
  return { scripId: leg.scripId, placed: false, code: refused.code, message: `${placed.length} of ${orders.length} slices placed; slice ${refused.slice}: ${refused.message}`, ...(placed.length > 0 ? { partPlaced: placed } : {}), ...(unanswered ? { unanswered: true as const } : {}) };
}

/** A leg's instrument as toasts name it: its trading symbol, or its token on its exchange when the broker gave no symbol. */
const legSymbol = (leg: BasketLeg): string => leg.tradingSymbol ?? `${leg.exchange} ${leg.token}`;

/** A leg as toasts name an order: "Qty {q} {side} {tradingSymbol}" (the token on its exchange when the broker gave no symbol). */
export function legName(leg: BasketLeg): string {
  return orderHead(leg.qty, leg.transType, legSymbol(leg));
}

/**
 * A leg whole, as an order toast names the order it places (orderToast.ts orderLine and {product}):
 * "Qty 2 BUY RELIANCE-EQ @ ₹3,200.00 (LIMIT Order) DELIVERY". An SL leg read as a marketable limit
 * without its trigger, and a refused leg without its price, type or product (FINDINGS-27 6).
 */
export function legLine(leg: BasketLeg): string {
  const order = orderLine({ quantity: leg.qty, transactionType: leg.transType, tradingSymbol: legSymbol(leg), orderType: leg.orderType, exchange: leg.exchange, price: leg.price, slTriggerPrice: leg.trigger });
  return `${order}${productPart(leg.product)}`;
}

/**
 * A leg added by a command line, as its toast says it: "Added to {basket}: {legLine}", with how the
 * line's words were read (an ATM strike, an exchange the symbol was found on). "Found on MCXCOMM"
 * alone is left out where the line already names that exchange: "GOLD27FEBFUT (MCXCOMM) … (Found on
 * MCXCOMM)" said it twice. A note naming another exchange too ("also on …") is kept whole.
 */
export function legAddedText(basket: string, leg: BasketLeg, note?: string): string {
  const named = instrumentName(legSymbol(leg), leg.exchange) !== legSymbol(leg);
  const said = note && !(named && note === `Found on ${leg.exchange}`) ? ` (${note})` : "";
  return `Added to ${basket}: ${legLine(leg)}${said}`;
}

/**
 * Why the broker refused a leg, in the words the order window's refusal toast uses (riskMessage.ts
 * refusalText): the broker's sentence, with its code only for the risk desk's refusals (EC710-EC719,
 * which the trader looks up by it). The Last run column read "EC918 Price is outside …" (FINDINGS-27 6).
 */
export const legRefusal = (r: { code: string; message: string }): string => refusalText(r.code, r.message);

/** A leg's line in the Baskets pane's Last run: placed with its order number, refused with why, or sent with no answer kept (firing again sends it under the same key). */
export function legReportText(report: LegReport | "sent"): string {
  if (report === "sent") return "Sent, no answer yet";
  return report.placed ? `Placed ${report.orderNo}` : legRefusal(report);
}

/**
 * A placed leg as the trader finds it in the order book: "Qty 75 BUY NIFTY26DEC24000PE NRML, order
 * 2612070000020" (side, quantity, instrument, product, and its order number: "orders a, b" for a leg
 * placed in slices, each slice its own order).
 */
export function placedLegLine(leg: BasketLeg, orderNo: string): string {
  const orders = orderNo.includes(", ") ? `orders ${orderNo}` : `order ${orderNo}`;
  return `${legName(leg)}${productPart(leg.product)}, ${orders}`;
}

/** Each placed leg of a run as placedLegLine names it, in the reports' order: one rule for the basket's fire toast and the strategy's. */
export function placedLegLines(legs: readonly BasketLeg[], reports: readonly LegReport[]): string[] {
  const byId = new Map(legs.map((l) => [l.scripId, l]));
  return reports.flatMap((r) => {
    if (!r.placed) return [];
    const leg = byId.get(r.scripId);
    return [leg ? placedLegLine(leg, r.orderNo) : `leg ${r.scripId}, order ${r.orderNo}`];
  });
}

/** Past this many placed legs the toast names one fewer and counts the rest: a toast is read at a glance, the Last run keeps every leg. */
const PLACED_LINES = 6;

/**
 * The toast after firing a basket (issue 28, "toasts say what happened to what"): the basket and how
 * many legs were placed, then a line a leg: each placed leg with its product and order number
 * (placedLegLine: the trader finds it in the book by that number), each refused leg whole (legLine:
 * price, type and product, FINDINGS-27 6) with the broker's reason (legRefusal).
 *   "Basket {name} fired: 2 of 3 legs placed:
 *    Qty 10 BUY INFY-EQ INTRADAY, order 2612070000011
 *    Qty 5 SELL SBIN-EQ DELIVERY, order 2612070000012
 *    Not placed: Qty 1 BUY TCS-EQ @ ₹1,500.00 (LIMIT Order) INTRADAY (Insufficient funds)"
 * More than PLACED_LINES placed legs: the first ones named and the rest counted.
 */
export function fireToast(basketName: string, legs: readonly BasketLeg[], report: readonly LegReport[]): Toast {
  const byId = new Map(legs.map((l) => [l.scripId, l]));
  const placed = placedLegLines(legs, report);
  const shown = placed.length > PLACED_LINES ? [...placed.slice(0, PLACED_LINES - 1), `and ${placed.length - PLACED_LINES + 1} more placed, each with its order number in the basket's Last run`] : placed;
  const refused = report.flatMap((r) => {
    if (r.placed) return [];
    const leg = byId.get(r.scripId);
    return [`Not placed: ${leg ? legLine(leg) : `leg ${r.scripId}`} (${legRefusal(r)})`];
  });
  // "1 of 1 leg", "0 of 2 legs": the word agrees with the count of legs fired.
  const head = `Basket ${basketName} fired: ${placed.length} of ${report.length} ${report.length === 1 ? "leg" : "legs"} placed${placed.length > 0 ? ":" : refused.length > 0 ? "." : ""}`;
  return { kind: refused.length === 0 ? "success" : "danger", text: [head, ...shown, ...refused].join("\n") };
}

/**
 * Delete on a basket's leg asks first (Enter removes, Esc keeps), as Delete on an order does: a leg
 * removed is gone (there is no undo, and it is typed again to get it back), and a spread whose hedge
 * leg went unnoticed fires its other leg naked. The question names the leg whole and what stays.
 */
export function removeLegQuestion(basketName: string, leg: BasketLeg, legCount: number): { title: string; lines: string[]; confirmLabel: string } {
  const others = legCount - 1;
  return {
    title: "Remove leg",
    lines: [
      `Remove ${legLine(leg)} from basket ${basketName}?`,
      others > 0 ? `The other ${others === 1 ? "leg stays and fires" : `${others} legs stay and fire`} without it` : "It is the basket's only leg: the basket stays, with no legs",
    ],
    confirmLabel: "Remove leg",
  };
}

/** The toast of a leg removed, as the one of a leg added ("Added to {basket}: {legLine}"): "Removed from {basket}: {legLine}". */
export const legRemovedText = (basketName: string, leg: BasketLeg): string => `Removed from ${basketName}: ${legLine(leg)}`;

/**
 * The toast of a leg edited: the leg now, what it was, and where it went. The broker has no leg
 * update, so an edit deletes the leg and adds it again (data/stores/baskets.ts replaceLeg): it is the
 * basket's last leg from then on, and a new leg that a retry (`f`) places even if the old one went.
 */
export const legEditedText = (basketName: string, before: BasketLeg, after: BasketLeg): string =>
  `Edited in ${basketName}: ${legLine(after)}, was ${legLine(before)}. Now the basket's last leg, not placed yet`;
