import { roundToPaisa } from "../money";
import type { MarginCheckRequest } from "../types/order";
import type { BasketLeg } from "./basket";
import { formatPrice } from "../format";
import { legLine, legOrderRequest } from "./basketRun";
import { counted } from "./basketLastRun";
import type { SliceVerdict } from "./slicing";

/**
 * A basket's required margin is what the broker would block for its legs as they would be placed:
 * each leg's own margin check (POST v2/preordermargin, the order window's rule), so each leg is
 * priced with its product (intraday 20 %, delivery the full value, a sale from holdings nothing,
 * F&O SPAN + exposure), at its limit price or trigger (the last price for a MARKET leg). The span
 * call cannot say this: its payload carries no product and no price (trading-core section 7).
 * The paper broker models no hedge benefit (README, Options desk), so the legs' margins add up.
 */
export function legMarginRequest(leg: BasketLeg): MarginCheckRequest {
  // The order the leg places (basketRun.ts), without its key: a margin check places nothing.
  const r = legOrderRequest(leg, "margin");
  return {
    exchange: r.exchange,
    instrumentId: r.instrumentId,
    transactionType: r.transactionType,
    quantity: r.quantity,
    product: r.product,
    orderComplexity: r.orderComplexity,
    orderType: r.orderType,
    price: r.price,
    validity: r.validity,
    marketProtection: r.marketProtection,
    slTriggerPrice: r.slTriggerPrice,
  };
}

/** One leg's margin check: what placing it adds, or the broker's refusal of it. */
export type LegMargin = { ok: true; margin: number } | { ok: false; message: string };

/** The basket's figure, or the first leg the broker would not check and why. */
export type BasketMargin = { ok: true; total: number } | { ok: false; scripId: number; message: string };

/**
 * The sum of each leg's currentOrderMargin: what placing it adds (a leg that closes an open
 * position adds nothing, as the broker blocks at the place). A leg the margin check refuses (a
 * price outside the circuit, an exchange not enabled) would be refused when fired too: the
 * basket's figure is then not known, and the refusal is said, rather than a total that leaves
 * the leg out. A leg above its contract's freeze quantity goes as slices (`slicingOf`,
 * basketSlices.ts), which the broker would refuse as one order (EC939): its margin is its slices',
 * as the order window shows a sliced order's (each slice size checked once, times how many have it).
 */
export async function basketMargin(
  legs: readonly BasketLeg[],
  check: (req: MarginCheckRequest) => Promise<LegMargin>,
  slicingOf: (leg: BasketLeg) => SliceVerdict = () => ({ kind: "whole" }),
): Promise<BasketMargin> {
  const each = await legMargins(legs, check, slicingOf);
  let total = 0;
  for (const [i, m] of each.entries()) {
    if (!m.ok) return { ok: false, scripId: legs[i]!.scripId, message: m.message };
    total += m.margin;
  }
  return { ok: true, total: roundToPaisa(total) };
}

/** Each leg's margin check, in the legs' order (basketMargin's rule for a leg: whole, or its slices'). */
export async function legMargins(
  legs: readonly BasketLeg[],
  check: (req: MarginCheckRequest) => Promise<LegMargin>,
  slicingOf: (leg: BasketLeg) => SliceVerdict = () => ({ kind: "whole" }),
): Promise<LegMargin[]> {
  const checked = (req: MarginCheckRequest) => check(req).catch((e: unknown): LegMargin => ({ ok: false, message: e instanceof Error && e.message ? e.message : "No answer from the broker" }));
  const legMargin = async (leg: BasketLeg): Promise<LegMargin> => {
    const slicing = slicingOf(leg);
    if (slicing.kind === "refused") return { ok: false, message: slicing.reason };
    if (slicing.kind === "whole") return checked(legMarginRequest(leg));
    const sizes = [...new Set(slicing.slices)];
    const answers = await Promise.all(sizes.map((quantity) => checked({ ...legMarginRequest(leg), quantity })));
    const refused = answers.find((a) => !a.ok);
    if (refused) return refused;
    const of = new Map(sizes.map((q, i) => [q, (answers[i] as { margin: number }).margin]));
    return { ok: true, margin: roundToPaisa(slicing.slices.reduce((sum, q) => sum + of.get(q)!, 0)) };
  };
  return Promise.all(legs.map(legMargin));
}

/** A firing's margin: the legs that go, their summed margin, and the legs left out with the broker's reason. */
export interface FireMargin {
  going: BasketLeg[];
  total: number;
  leftOut: Array<{ leg: BasketLeg; message: string }>;
}

/**
 * The fire confirmation's figures (FINDINGS-27 4): a leg whose margin check the broker refuses (a
 * price outside the circuit) would be refused when placed, so it is left out of the figures and
 * named with why, and the margin is the sum of the legs that can be placed, rather than no figure
 * at all for the legs Enter then places. `each` is legMargins' answer for `legs`, in their order.
 */
export function fireMargin(legs: readonly BasketLeg[], each: readonly LegMargin[]): FireMargin {
  const going: BasketLeg[] = [];
  const leftOut: FireMargin["leftOut"] = [];
  let total = 0;
  legs.forEach((leg, i) => {
    const m = each[i] ?? { ok: false, message: "No answer from the broker" };
    if (m.ok) {
      going.push(leg);
      total += m.margin;
    } else leftOut.push({ leg, message: m.message });
  });
  return { going, total: roundToPaisa(total), leftOut };
}

/**
 * The fire confirmation's lines of its margin: each leg left out with why, then the margin and
 * charges of the legs that go (FINDINGS-27 4), "(the 2 legs that can be placed)" when some are left
 * out. Every leg left out (FINDINGS-27 6): it read "Required margin (the 0 legs that can be
 * placed): ₹0.00", a figure of nothing; it says instead that no leg can be placed and what Enter
 * then does. Decision: Enter still sends them, as it sends a left-out leg beside placeable ones: the
 * margin check is a forecast (funds may come in before Enter), and the broker's refusal is kept on
 * the Last run, where `f` retries it. Amounts in rupees, ₹ as everywhere else on screen.
 */
export function fireMarginLines(m: FireMargin, charges: number | undefined): string[] {
  const rupees = (v: number) => `₹${formatPrice(v, "NSEEQ")}`;
  if (m.going.length === 0) {
    const one = m.leftOut.length === 1;
    return [
      ...m.leftOut.map((o) => `The broker will refuse ${legLine(o.leg)}: ${o.message}`),
      `No leg can be placed: the broker's margin check refuses ${one ? "the leg" : `all ${m.leftOut.length} legs`}`,
      `Enter sends ${one ? "it" : "them"} all the same: the broker is expected to refuse ${one ? "it" : "each"}, and the Last run column keeps why`,
    ];
  }
  const some = m.leftOut.length > 0 ? ` (the ${counted(m.going.length, "leg")} that can be placed)` : "";
  return [
    ...m.leftOut.map((o) => `Sent, but the broker will refuse it (not counted below): ${legLine(o.leg)}: ${o.message}`),
    // Not "SPAN + exposure": each leg's margin as its product blocks it.
    `Required margin${some}: ${rupees(m.total)}`,
    `Charges${some}: ${charges === undefined ? "not available" : rupees(charges)}`,
  ];
}
