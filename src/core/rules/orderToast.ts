import { formatPrice, productLabel } from "../format";
import type { Telling, ToastKind } from "../notify";
import type { Exchange } from "../types/exchange";
import type { OrderRequest } from "../types/order";
import type { OrderUpdate } from "../types/orderUpdate";

/**
 * What a toast says happened to what (issue 28). The spec's order-update toast
 * (access-and-surroundings section 4, "Order update handling"): "rejected is a danger toast with
 * 'Reason: {rejection reason}'; cancelled is neutral; others are success. Text reads
 * 'Qty {q} {side} @ ₹{price} ({type} Order)'. Market orders omit the price; SL and SLM orders use
 * the trigger price." Tape extends it with a word for what happened and the instrument:
 *
 *   {Word}: Qty {q} {side} {instrument}{prices} ({type} Order){product}{by}{fill}{no}
 *   and on a rejected update, after it: ". Reason: {rejection reason}"
 *
 * {instrument}: the trading symbol, with " ({exchange})" after it where another exchange lists the
 *   same symbol (instrumentName): "USDINR26DECFUT (NSECURR)", since BSECURR lists USDINR26DECFUT too
 *   and the two quote apart. The order window says "Found on NSECURR (also on BSECURR …)"; a toast
 *   that names only the symbol leaves the trader to guess which of the two it was (FINDINGS-29 8).
 *
 * {product}: " {product}" as the order window offers it (productLabel: NORMAL reads NRML, the
 *   spec's mapping) when the update carries it: an NRML carry-forward fill read like an intraday one.
 *   After the spec's "({type} Order)", so its text stays whole.
 * {no}: ", order {orderNo}", the number the order book shows, when the update carries it: the toast
 *   is found again in the book by it (as the bulk toasts' "(order {no})").
 *
 * {by}: " by GTT {id}" for an order a GTT's trigger placed (its tag "GTT {id}"): a GTT firing read
 *   as a plain "Filled" of an order the trader never placed.
 *
 * {Word}, from the status (first match):
 *   rejected → "Rejected"; cancelled → "Cancelled"; cancelled after market order → "AMO cancelled";
 *   complete → "Filled";
 *   the broker's modify mark (OrderUpdate.modified), or modify after market order req received → "Modified";
 *   open → "Triggered" for SL and SLM, else "Placed"; trigger pending → "Trigger pending";
 *   after market order req received → "AMO placed"; partly executed → "Partly filled";
 *   any other status → the status with a capital first letter ("Lapsed").
 *   - Terminal words first: a terminal update is never a modify's, and says how the order ended.
 *   - "Modified" whatever the status after the modify (AMO or not, open or trigger pending): the
 *     trader changed an order they know, and the window's own answer (modifyAnswerToast) can then
 *     say the same words without knowing the status the broker chose, so the two merge as one toast.
 *   - An SL or SLM order rests as trigger pending, so its "open" is the trigger being hit.
 *   - "Trigger pending" is the order book's own word for a stop order placed and waiting.
 * {prices}, by order type:
 *   MARKET: none (the spec: "Market orders omit the price");
 *   LIMIT: " @ ₹{price}";
 *   SL: " trigger ₹{trigger} @ ₹{price}": both prices the trader set, the trigger named as such so
 *       that "@" keeps meaning the price the order trades at, as in the spec's text;
 *   SLM: " trigger ₹{trigger}" (the spec's "use the trigger price"; it has no price of its own);
 *   Filled: " @ ₹{average traded price}" for every type: once filled, the price booked is what the
 *       trader needs, and the limit and trigger it had are in the order book. Without an average
 *       (0: a feed that does not send it) the order's prices as above.
 * {fill}: ", filled {filled}/{q} @ ₹{average traded price}" when 0 < filled < q (a cancel, IOC
 *   remainder or rejection after a partial fill; partly filled). On "Modified" it is ", {filled}
 *   filled, {q − filled} pending" with no price: the modify's {q} is the order's new total, the
 *   filled part in it, and a trader who typed 1000 meaning "1000 more" was told nothing of the 523
 *   it left pending (FINDINGS-27 3). The window's answer says the same from the book's filled
 *   figure, so the two still read as one toast.
 *   On "Cancelled" (and "AMO cancelled") it goes on ", {q − filled} cancelled": the cancel ended only
 *   the rest, and the filled part stays as a position (FINDINGS-26 s3).
 * {q} is the update's quantity (the order's total, units as the order book has them); {side} its
 *   transaction type; {type} its order type in capitals; prices in ₹ with Indian grouping and the
 *   exchange's decimals (4 for currency).
 * Kind: rejected danger; cancelled (and AMO cancelled) neutral; all others success (the spec).
 */
export interface OrderToast {
  kind: ToastKind;
  /** "{Word}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order){product}{by}{fill}{no}" */
  text: string;
  /** "Reason: {rejection reason}" on a rejected update. */
  reason?: string;
  /** The toast's own id, when it should replace its last one rather than stack (a trail's moves). */
  id?: string;
  /** On "Modified": the modify it tells, so that the window's answer of the same modify joins it (toastRepeats.ts). */
  tells?: Telling;
}

/**
 * The modify of order `brokerOrderId` as told by the order window's answer or by the broker's
 * update: the two tell one modify, and show as one toast without a count (rules/toastRepeats.ts).
 */
export function modifyTelling(brokerOrderId: string, teller: Telling["teller"]): Telling {
  return { event: `modify:${brokerOrderId}`, teller };
}

const norm = (s: string): string => s.trim().toLowerCase();

/**
 * The exchanges whose contracts carry trading symbols another exchange lists too (the instrument
 * master, server/market/instruments/specs.ts): a currency pair's contracts on NSECURR and BSECURR
 * (USDINR26DECFUT on both), a commodity's on MCXCOMM, NSECOMM and BSECOMM (CRUDEOIL26DECFUT on all
 * three). A share's symbol differs by exchange (INFY-EQ on NSEEQ, INFY on BSEEQ), as do NSEFO's and
 * BSEFO's contracts (NIFTY…, SENSEX…), so the symbol alone names them.
 */
const SHARED_SYMBOL_EXCHANGES: ReadonlySet<string> = new Set<Exchange>(["NSECURR", "BSECURR", "MCXCOMM", "NSECOMM", "BSECOMM"]);

/** The format's {instrument}: "USDINR26DECFUT (NSECURR)" where another exchange lists the symbol, else the symbol. */
export function instrumentName(tradingSymbol: string, exchange?: string): string {
  return exchange && SHARED_SYMBOL_EXCHANGES.has(exchange) ? `${tradingSymbol} (${exchange})` : tradingSymbol;
}

/** What names an order in every toast: "Qty {q} {side} {instrument}" (the exchange, when given, as instrumentName says). */
export function orderHead(quantity: number, side: string, tradingSymbol: string, exchange?: string): string {
  return `Qty ${quantity} ${side.toUpperCase()} ${instrumentName(tradingSymbol, exchange)}`;
}

/** The terms of an order, as fields of the order book, an update or a request carry them. */
export interface OrderTerms {
  quantity: number;
  transactionType: string;
  tradingSymbol: string;
  orderType: string;
  exchange: Exchange;
  price: number;
  slTriggerPrice: number;
  /** The format's {product} and {no}, where known. */
  product?: string | undefined;
  orderNo?: string | undefined;
}

/** The format's {product}: " {product}" as the order window names it (NORMAL reads NRML), or nothing when not known. */
export const productPart = (product: string | undefined): string => (product ? ` ${productLabel(product)}` : "");

/** The format's {no}: ", order {orderNo}", or nothing when not known. */
export const orderNoPart = (orderNo: string | undefined): string => (orderNo ? `, order ${orderNo}` : "");

const rupees = (value: number, exchange: Exchange) => `₹${formatPrice(value, exchange)}`;

function pricesOf(o: OrderTerms): string {
  const type = o.orderType.toUpperCase();
  if (type === "MARKET") return "";
  if (type === "SL") return ` trigger ${rupees(o.slTriggerPrice, o.exchange)} @ ${rupees(o.price, o.exchange)}`;
  if (type === "SLM") return ` trigger ${rupees(o.slTriggerPrice, o.exchange)}`;
  return ` @ ${rupees(o.price, o.exchange)}`;
}

/** "Qty {q} {side} {instrument}{prices} ({type} Order)": the spec's text with the instrument. */
export function orderLine(o: OrderTerms): string {
  return `${orderHead(o.quantity, o.transactionType, o.tradingSymbol, o.exchange)}${pricesOf(o)} (${o.orderType.toUpperCase()} Order)`;
}

/** The word for what an update says happened (see the format above). */
export function updateWord(u: Pick<OrderUpdate, "orderStatus" | "orderType" | "modified">): string {
  const status = norm(u.orderStatus);
  const type = u.orderType.toUpperCase();
  if (status === "rejected") return "Rejected";
  if (status === "cancelled") return "Cancelled";
  if (status === "cancelled after market order") return "AMO cancelled";
  if (status === "complete") return "Filled";
  if (u.modified || status === "modify after market order req received") return "Modified";
  if (status === "open") return type === "SL" || type === "SLM" ? "Triggered" : "Placed";
  if (status === "trigger pending") return "Trigger pending";
  if (status === "after market order req received") return "AMO placed";
  if (status === "partly executed") return "Partly filled";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/**
 * A trailing stop the broker moved (issue 33), in the format above with the word "Trail moved" and
 * the trigger from where to where: "Trail moved: Qty 10 SELL INFY-EQ trigger ₹995.00 → ₹1,007.00
 * (SLM Order) INTRADAY, order 2612070000018" (an SL's price after, " @ ₹{price}", as {prices} says
 * it), neutral, under the id `trail:{order}`. It read "Trail moved: INFY-EQ SELL SLM trigger …",
 * without the quantity, product or order number every other toast of the order names. Kept quiet on
 * purpose: the trigger moves only in whole jumps, and each move replaces the order's last trail
 * toast instead of stacking a new one, so a run of moves is one line whose figures change; the
 * trader who wants it silent turns order notifications off as for any update, and the book and the
 * order's history keep every move.
 */
export function trailMovedText(
  u: Pick<OrderUpdate, "tradingSymbol" | "transactionType" | "orderType" | "exchange" | "slTriggerPrice" | "price" | "quantity" | "product" | "orderNo"> & { previousTrigger?: number },
): string {
  const type = u.orderType.toUpperCase();
  const price = type === "SL" ? ` @ ${rupees(u.price, u.exchange)}` : "";
  return `Trail moved: ${orderHead(u.quantity, u.transactionType, u.tradingSymbol, u.exchange)} trigger ${rupees(u.previousTrigger ?? 0, u.exchange)} → ${rupees(u.slTriggerPrice, u.exchange)}${price} (${type} Order)${productPart(u.product)}${orderNoPart(u.orderNo)}`;
}

export function orderUpdateToast(u: OrderUpdate): OrderToast {
  if (u.modifyReason === "trail") return { kind: "neutral", text: trailMovedText(u), id: `trail:${u.brokerOrderId}` };
  const word = updateWord(u);
  const status = norm(u.orderStatus);
  const avg = u.averageTradedPrice;
  const filledAt = word === "Filled" && avg > 0;
  const line = filledAt
    ? `${orderHead(u.quantity, u.transactionType, u.tradingSymbol, u.exchange)} @ ${rupees(avg, u.exchange)} (${u.orderType.toUpperCase()} Order)`
    : orderLine(u);
  const partial = u.filledQuantity > 0 && u.filledQuantity < u.quantity;
  // A cancel after a part fill ends only the rest: the toast names both parts (FINDINGS-26 s3).
  const cancelled = status === "cancelled" || status === "cancelled after market order";
  const cancelledRest = partial && cancelled ? `, ${u.quantity - u.filledQuantity} cancelled` : "";
  const fill = partial && word === "Modified" ? `, ${u.filledQuantity} filled, ${u.quantity - u.filledQuantity} pending` : partial ? `, filled ${u.filledQuantity}/${u.quantity}${avg > 0 ? ` @ ${rupees(avg, u.exchange)}` : ""}${cancelledRest}` : "";
  const gtt = /^GTT (\d+)$/.exec(u.orderTag ?? "");
  const text = `${word}: ${line}${productPart(u.product)}${gtt ? ` by GTT ${gtt[1]}` : ""}${fill}${orderNoPart(u.orderNo)}`;
  if (status === "rejected") return { kind: "danger", text, reason: `Reason: ${u.rejectionReason}` };
  if (cancelled) return { kind: "neutral", text };
  return word === "Modified" && u.brokerOrderId ? { kind: "success", text, tells: modifyTelling(u.brokerOrderId, "update") } : { kind: "success", text };
}

/**
 * The text of the order window's success toast after a modify the broker accepted: the request it
 * sent, read by the same rule as the broker's update of that modify (marked modified, a success
 * toast), so that the two have the same text and show as one toast (the toast id is kind and
 * text, src/app/toasts.ts). The window says it at once, with notifications off too, and for a
 * modify whose update is not notified (a partly filled order stays "partly executed"). The product
 * sent and the order's number, as its update names them; `filledQuantity`, what the book had filled
 * of the order, for its "{filled} filled, {pending} pending".
 */
export function modifyAnswerText(
  req: Pick<OrderRequest, "exchange" | "transactionType" | "quantity" | "orderType" | "price" | "slTriggerPrice"> & { product?: string },
  tradingSymbol: string,
  orderNo?: string,
  filledQuantity = 0,
): string {
  return orderUpdateToast({
    ...(req.product ? { product: req.product } : {}),
    ...(orderNo ? { orderNo } : {}),
    brokerOrderId: "",
    brokerUpdateTime: "",
    orderStatus: "open",
    validity: "",
    orderType: req.orderType,
    exchange: req.exchange,
    tradingSymbol,
    transactionType: req.transactionType,
    quantity: req.quantity,
    cancelledQuantity: 0,
    pendingQuantity: req.quantity - filledQuantity,
    filledQuantity,
    price: req.price,
    slTriggerPrice: req.slTriggerPrice,
    averageTradedPrice: 0,
    modified: true,
    rejectionReason: "",
    topic: "",
  }).text;
}

const REFUSED_WORD = { new: "Not placed", modify: "Not modified", cancel: "Not cancelled" } as const;

/**
 * What a refused place, modify or cancel names, by the format above with its own word:
 * "{Not placed|Not modified|Not cancelled}: Qty {q} {side} {instrument}{prices} ({type} Order){product}{no}".
 * A refusal is when the trader most needs to know which of two like orders it was: it read "Not
 * modified: Qty 10 SELL INFY-EQ trigger ₹1,123.00 @ ₹1,125.00 (SL Order)" where the Modified toast
 * of the same order names "INTRADAY, order 2611230000001" (FINDINGS-29 8). A new order has no number yet.
 */
export function refusedOrderHead(mode: keyof typeof REFUSED_WORD, o: OrderTerms): string {
  return `${REFUSED_WORD[mode]}: ${orderLine(o)}${productPart(o.product)}${orderNoPart(o.orderNo)}`;
}

/**
 * The toast of an order the broker refused: what was refused (refusedOrderHead), then why. "Not
 * placed: Qty 1 BUY USDINR26DECFUT (NSECURR) (MARKET Order) NRML. EC710: Kill switch is on …" (the
 * window, which shows the order, says only why). A bare "EC710: Kill switch is on …" named nothing.
 */
export function refusedOrderText(mode: keyof typeof REFUSED_WORD, o: OrderTerms, why: string): string {
  return `${refusedOrderHead(mode, o)}. ${why}`;
}

/** "…: a, b, c and 2 more": a list of what a bulk action touched, kept to a toast's length. */
export function listed(items: readonly string[], max = 4): string {
  if (items.length <= max) return items.join(", ");
  return `${items.slice(0, max).join(", ")} and ${items.length - max} more`;
}
