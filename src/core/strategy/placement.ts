import { formatPrice, groupIndian } from "../format";
import { roundToPaisa } from "../money";
import type { BasketLeg } from "../rules/basket";
import type { LegReport } from "../rules/basketRun";
import { productToSend } from "../rules/productToSend";
import { legQuantity, type DeskLeg } from "./legs";

/**
 * Placing a strategy as one (issue 31), pure: each leg as the basket machinery places it
 * (rules/basketRun.ts: its own order under a key derived from the run and the leg, so a second
 * Enter or a retry of the run never places a leg twice), and the order they go in: every BUY leg
 * first, then the SELL legs, so the margin benefit of the hedge applies when the short legs arrive.
 */

/** A leg's number in the run: its place in the pane, from 1. The order key is basketLegKey(runId, this). */
export const legNumber = (index: number): number => index + 1;

/** What a leg is, whatever its row: its contract and side (addLeg keeps that pair unique). Its lots and entry may change; it stays the leg. */
export const legIdentity = (l: Pick<DeskLeg, "exchange" | "token" | "side">): string => `${l.exchange}:${l.token}:${l.side}`;

/**
 * A run's answers under the identity of the leg each was placed for (its number is its place in
 * `legs`, the legs the run placed): the pane's rows can be removed or reordered afterwards, and a
 * row number would then hand one leg's result to another.
 */
export function reportsByLeg(legs: readonly DeskLeg[], reports: readonly LegReport[]): Record<string, LegReport> {
  const out: Record<string, LegReport> = {};
  for (const r of reports) {
    const leg = legs[r.scripId - 1];
    if (leg) out[legIdentity(leg)] = r;
  }
  return out;
}

/**
 * The leg as one order of all its lots (what the set's margin is asked for): NORMAL on F&O (carried
 * to expiry, as such a position is held), a share's leg DELIVERY (productToSend: the carried product
 * of each segment), a held leg its position's own product; a LIMIT at the entry the trader typed,
 * else MARKET (the entry then is the live price, which is what the payoff was drawn at).
 */
export function deskOrderLeg(leg: DeskLeg, index: number): BasketLeg {
  return {
    scripId: legNumber(index),
    exchange: leg.exchange,
    token: leg.token,
    transType: leg.side,
    qty: legQuantity(leg),
    product: leg.held?.product ?? productToSend("DELIVERY", leg.exchange),
    orderType: leg.entry === undefined ? "MARKET" : "LIMIT",
    price: leg.entry ?? 0,
    trigger: 0,
    tradingSymbol: leg.symbol,
  };
}

/**
 * What placing the strategy sends for a leg (senior-desk choice for a held leg, "Analyse positions"):
 *   - a leg not held: its order as deskOrderLeg has it;
 *   - a held leg at its held lots or fewer: nothing. Its lots are in the book already; fewer lots
 *     shown is a what-if, not an exit (a position is exited from Positions, which knows its product
 *     and open quantity);
 *   - a held leg with lots added (`+`, or `a` on its strike): the added lots only, in the position's
 *     product (they add to that position), at MARKET. The leg's entry is the position's average, a
 *     price the book paid, not one the trader asked for the new lots, and an average is often off the
 *     tick (94.625 on a 0.05 tick): it is never sent.
 * A flipped held leg is no longer held (legs.ts flipLeg): all its lots go, on its new side.
 */
export function orderToPlace(leg: DeskLeg, index: number): BasketLeg | undefined {
  const whole = deskOrderLeg(leg, index);
  if (!leg.held) return whole;
  const added = leg.lots - leg.held.lots;
  return added > 0 ? { ...whole, qty: added * leg.lotSize, orderType: "MARKET", price: 0 } : undefined;
}

/** Every order placing the legs sends, in the pane's order (each under its leg's number). */
export const ordersToPlace = (legs: readonly DeskLeg[]): BasketLeg[] => legs.flatMap((l, i) => orderToPlace(l, i) ?? []);

/** The two waves of a placement, each in the pane's order: the BUY legs, then the SELL legs. */
export function placementWaves(legs: readonly DeskLeg[]): [BasketLeg[], BasketLeg[]] {
  const all = ordersToPlace(legs);
  return [all.filter((l) => l.transType === "BUY"), all.filter((l) => l.transType === "SELL")];
}

/** Why Enter places nothing: every leg is held at its held lots or fewer (analysed, or placed: heldOncePlaced). undefined when some leg has something to send. */
export function nothingToPlace(legs: readonly DeskLeg[]): string | undefined {
  if (legs.length === 0 || ordersToPlace(legs).length > 0) return undefined;
  return legs.length === 1 ? "Nothing left to place: the leg is held (add or change a leg to place)" : `Nothing left to place: all ${legs.length} legs are held (add or change a leg to place)`;
}

/**
 * The legs once a placement was answered: every leg whose order the broker took is held at its
 * lots, in the product its order went in, its entry as it was (a typed LIMIT's price; none for a
 * MARKET leg, whose fill the pane reads from the order book), whatever happened to the other legs.
 * So a second Enter, or one after the refused leg was fixed (its lots edited: another run), sends
 * the placed leg nothing again, and a lot added to it later sends that lot only, as for an analysed
 * leg; the layout keeps that over a reload. A leg refused or unanswered stays as it was: a retry of
 * it unchanged goes under the same run's keys (retriesRun), so the broker places it once.
 * undefined when no order was placed.
 */
export function heldOncePlaced(legs: readonly DeskLeg[], reports: readonly LegReport[]): DeskLeg[] | undefined {
  const placed = new Set(reports.flatMap((r) => (r.placed ? [r.scripId] : [])));
  if (!ordersToPlace(legs).some((o) => placed.has(o.scripId))) return undefined;
  return legs.map((l, i) => {
    const o = orderToPlace(l, i);
    if (!o || !placed.has(o.scripId)) return l;
    // An analysed leg's lots stay the positions' (its entry is read from the book, added lots and all).
    return { ...l, held: { lots: l.lots, product: o.product, ...(l.held?.fromPositions ? { fromPositions: true as const } : {}), ...byProductAfter(l, o.product) } };
  });
}

/**
 * A leg held in more than one product keeps each product's lots once lots added to it are placed:
 * they went in `product` (orderToPlace: the position's product), so that product's count grows by
 * them and the others stand ("held · 1 NRML + 1 INTRADAY" read "held · NRML" of all 3 after one more).
 */
function byProductAfter(l: DeskLeg, product: NonNullable<DeskLeg["held"]>["product"]): { byProduct?: NonNullable<NonNullable<DeskLeg["held"]>["byProduct"]> } {
  const was = l.held?.byProduct;
  if (!was || !l.held) return {};
  const added = l.lots - l.held.lots;
  const byProduct = was.some((x) => x.product === product) ? was.map((x) => (x.product === product ? { ...x, lots: x.lots + added } : x)) : [...was, { product, lots: added }];
  return { byProduct };
}

/**
 * The pane's legs as they stand (`now`) with what a run placed held (`placedLegs`, heldOncePlaced's
 * answer over the legs the run sent), matched by the leg's identity, not its row: a leg moved or
 * another added meanwhile is still the leg, and a leg not placed keeps what it had.
 */
export function holdPlaced(now: readonly DeskLeg[], placedLegs: readonly DeskLeg[]): DeskLeg[] {
  const heldBy = new Map(placedLegs.flatMap((l) => (l.held ? [[legIdentity(l), l.held] as const] : [])));
  return now.map((l) => {
    const h = heldBy.get(legIdentity(l));
    return h && (l.held?.lots !== h.lots || l.held.product !== h.product) ? { ...l, held: h } : l;
  });
}

/**
 * Why Enter may not start a new run: a leg of the last run went out in part (some of its slices
 * placed, the rest refused or unanswered) and would go again. A retry of the run as it was sends
 * under its keys, so the broker places the slices left and never the placed ones again; a new run
 * (the leg edited, fewer lots to fit the margin, or another leg edited) sends every slice afresh: 30
 * lots as 24 + 6, the 6 refused, edited to 24, placed 24 more. undefined when nothing of the kind
 * would go.
 */
export function partPlacedInNewRun(last: { sent: readonly string[]; results: Readonly<Record<string, LegReport>> } | undefined, legs: readonly DeskLeg[]): string | undefined {
  if (!last || retriesRun(last, legs)) return undefined;
  const part = legs.flatMap((l, i) => {
    const r = last.results[legIdentity(l)];
    return r && !r.placed && r.partPlaced && orderToPlace(l, i) ? [{ l, orders: r.partPlaced }] : [];
  });
  if (part.length === 0) return undefined;
  const named = part.map(({ l, orders }) => `${l.side} ${l.symbol} (order${orders.length === 1 ? "" : "s"} ${orders.join(", ")})`).join("; ");
  return `Part of ${named} is placed already: a new placement would send it again. Put the legs back as they were to place the rest, or remove ${part.length === 1 ? "that leg" : "those legs"} (what was placed is in Orders)`;
}

/**
 * An order as a run sends it: its number in the run (its key's), contract, side, quantity, type,
 * price and product. Two orders alike in all of these are the same order: a retry may send it
 * again under the same key (the broker answers the key's first result, placing it once).
 */
export const orderSignature = (o: BasketLeg): string => `${o.scripId}|${o.exchange}:${o.token}|${o.transType}|${o.qty}|${o.orderType}|${o.price}|${o.product}`;

/**
 * Whether placing `legs` retries the last run (the same run id, so the same keys) rather than
 * starting a new one: every order the legs send now is one the last run sent (orderSignature), for
 * a leg that run did not place (refused, unanswered, or held back). Anything else is a new run: an
 * edited leg under the old key would be answered with the old order (the edit silently not placed),
 * and a placed leg is held (heldOncePlaced), so it sends nothing or only lots added since.
 */
export function retriesRun(last: { sent: readonly string[]; results: Readonly<Record<string, LegReport>> } | undefined, legs: readonly DeskLeg[]): boolean {
  if (!last) return false;
  const orders = legs.flatMap((l, i) => {
    const o = orderToPlace(l, i);
    return o ? [{ o, id: legIdentity(l) }] : [];
  });
  return orders.length > 0 && orders.every(({ o, id }) => last.sent.includes(orderSignature(o)) && last.results[id]?.placed !== true);
}

/**
 * Decision (F3, the spec is silent): the SELL wave is not sent when any BUY of the first wave was
 * refused or unanswered; a short without the hedge it was confirmed with is a risk nobody chose,
 * and the trader places it deliberately after (fix or remove the BUY leg, then Enter). Each SELL
 * held back is answered as not placed, saying why, so the toast and the pane say it.
 * undefined when the SELL wave goes (every BUY placed, or there was no BUY to send).
 */
export function sellsHeldBack(buys: readonly BasketLeg[], buyReports: readonly LegReport[], sells: readonly BasketLeg[]): LegReport[] | undefined {
  const missing = buys.filter((b) => buyReports.find((r) => r.scripId === b.scripId)?.placed !== true).map((b) => b.scripId);
  if (missing.length === 0 || sells.length === 0) return undefined;
  const which = missing.length === 1 ? `BUY leg ${missing[0]} was` : `BUY legs ${missing.join(", ")} were`;
  const message = `Held back: ${which} not placed, and a SELL goes only with its hedge; fix or remove it and press Enter to place the rest`;
  return sells.map((s) => ({ scripId: s.scripId, placed: false, code: "", message, heldBack: true }));
}

/**
 * What the set's margin is off by when a BUY option leg carries a typed LIMIT (FINDINGS-23 F6): the
 * span call takes no price, so it prices each leg at the live price, while a long option's margin is
 * the premium it pays, here at its limit (the order window prices a LIMIT at its price too). Each
 * such leg's own figure (`legTotals[i]`, the span answer's, in the legs' order) is replaced by its
 * limit x its quantity; the answer is the sum of those differences, to add to the set's figure and
 * to the legs' alone. A held leg sends its added lots at MARKET (orderToPlace): priced live, as asked.
 */
export function limitPremiumCorrection(legs: readonly DeskLeg[], legTotals: readonly number[]): number {
  return roundToPaisa(
    legs.reduce((sum, l, i) => {
      const total = legTotals[i];
      if (l.side !== "BUY" || l.held || l.entry === undefined || (l.optionType !== "CE" && l.optionType !== "PE") || total === undefined) return sum;
      return sum + l.entry * legQuantity(l) - total;
    }, 0),
  );
}

/** The hedge benefit: what the legs would need one by one, less what the set needs together. */
export function hedgeBenefit(setMargin: number, legMargins: readonly number[]): number {
  return legMargins.reduce((a, b) => a + b, 0) - setMargin;
}

/**
 * What the confirmation says of the order the legs go in. BUY legs always go first (placementWaves),
 * the legs of one wave together;
 * that this makes "the hedge's margin benefit apply" is said only when the broker's margin shows a
 * benefit (above 0): beside a benefit of ₹0.00 (a straddle of two sells, all buys, or a broker that
 * nets no hedge) the claim was false. `benefit` is undefined while the margin is asked, null when
 * unavailable: then only the order is said, neither claimed nor denied.
 */
export function placementOrderNote(legs: readonly Pick<DeskLeg, "side">[], benefit: number | null | undefined): string {
  const buys = legs.filter((l) => l.side === "BUY").length;
  // One wave (placementWaves): its orders are sent at once (basketRun.ts fireLegs), none after another's answer; "in the order shown" was not so (FINDINGS-25 s8).
  if (buys === 0 || buys === legs.length) return `Every leg is a ${buys === 0 ? "SELL" : "BUY"}: they are sent together, none waiting for another.`;
  // The SELL legs wait for every BUY to be placed (sellsHeldBack): said, as it is what protects the shorts.
  const held = "A BUY refused or unanswered holds the SELL legs back.";
  if (benefit === undefined || benefit === null) return `BUY legs go first, then the SELL legs. ${held}`;
  // Above 0 as shown (to the paisa): a float's 1e-9 over ₹0.00 is no benefit.
  return roundToPaisa(benefit) > 0 ? `BUY legs go first, then the SELL legs, so the hedge's margin benefit applies. ${held}` : `BUY legs go first, then the SELL legs; the set has no hedge benefit on its margin. ${held}`;
}

/**
 * A price as the order carries it: the exchange's decimals (formatPrice), or every decimal it has
 * when it has more. A price is shown as it is sent, as the order window shows it: a price saved off
 * the tick (94.625) read "₹94.63" beside the broker's refusal of 94.625.
 */
export function priceAsSent(price: number, exchange: Parameters<typeof formatPrice>[1]): string {
  const shown = formatPrice(price, exchange);
  if (Number(shown.replace(/,/g, "")) === price) return shown;
  const decimals = Math.min(8, (String(price).split(".")[1] ?? "").length);
  return groupIndian(price, decimals);
}
