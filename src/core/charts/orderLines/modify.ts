import { formatPrice } from "../../format";
import { gttLine, gttTermsOf, gttTrailOf, type GttTerms } from "../../rules/gtt";
import { limitWithTrigger } from "../../rules/stopLimit";
import type { Exchange } from "../../types/exchange";
import type { GttEntry } from "../../types/gtt";
import type { TrailUnit } from "../../types/order";
import type { ChartLine } from "./lines";
import { orderLineMove, orderLineMoveWords } from "./orderMove";

/**
 * What a moved line sends (issue 34). An order's line: orderMove.ts (its one field; an SL's limit
 * moves with its trigger). A GTT leg's line moves its trigger, and the leg's limit price by as many
 * ticks, so the order it places keeps the distance from its trigger the trader chose.
 */

/** One figure a move changes: the line's own (a GTT leg's trigger), or one that moves with it (the leg's limit price). */
export interface ChangedFigure {
  figure: "trigger" | "price";
  from: number;
  to: number;
}

/**
 * A GTT leg's line moved to `trigger` (FINDINGS-29 s1, s2): what the GTT modify sends and what the
 * chart bar says before Enter, from this one rule. A GTT modify replaces the whole GTT, so it sends
 * the GTT's terms as `entry` lists them (its quantity, side, other leg and trail as they are), with
 * only the moved leg's trigger and its limit price changed (the limit by as many ticks, at least one
 * tick). `changed` lists every figure that changes, the trigger first.
 */
export interface GttLineMove {
  terms: GttTerms;
  trail?: { value: number; unit: TrailUnit; jump: number };
  changed: ChangedFigure[];
}

export function gttLineMove(entry: GttEntry, tradingSymbol: string, leg: 1 | 2, trigger: number, tickSize: number): GttLineMove | undefined {
  const terms = gttTermsOf(entry, () => tradingSymbol);
  const old = leg === 1 ? terms?.leg1 : terms?.leg2;
  if (!terms || !old) return undefined;
  // The limit moves with the trigger by the one rule every stop's move follows (stopLimit.ts), kept at least one tick (a GTT's limit of 0 is no order).
  const moved = { trigger, price: Math.max(tickSize, limitWithTrigger(old.price, old.trigger, trigger, tickSize)) };
  const changed: ChangedFigure[] = [];
  if (moved.trigger !== old.trigger) changed.push({ figure: "trigger", from: old.trigger, to: moved.trigger });
  if (moved.price !== old.price) changed.push({ figure: "price", from: old.price, to: moved.price });
  const trail = gttTrailOf(entry);
  return { terms: leg === 1 ? { ...terms, leg1: moved } : { ...terms, leg2: moved }, ...(trail ? { trail } : {}), changed };
}

/**
 * The bar's words for a moved line (FINDINGS-29 s2), read after the line's label: "₹1,100.00 →
 * ₹1,099.00" for the line's own figure (the label names it: "GTT Buy 10 trigger"), then every other
 * figure the modify changes, named: ", price ₹1,101.00 → ₹1,100.00". An order's line changes its one
 * field, and an SL's limit with its trigger (orderMove.ts). A GTT's words come from gttLineMove, the rule that builds its modify, so the bar cannot say
 * less than Enter sends.
 */
export function lineMoveWords(line: ChartLine, to: number, tickSize: number, exchange: Exchange): string {
  const rupees = (p: number) => `₹${formatPrice(p, exchange)}`;
  const own = `${rupees(line.price)} → ${rupees(to)}`;
  const t = line.target;
  // An SL order's limit moves with its trigger (orderMove.ts, the rule its modify is built by; the band is not needed for the words).
  if (t?.kind === "order") return `${own}${orderLineMoveWords(orderLineMove(t, line.price, to, { tickSize, lowerCircuit: 0, upperCircuit: 0 }), exchange)}`;
  if (t?.kind !== "gtt") return own;
  const move = gttLineMove(t.entry, "", t.leg, to, tickSize);
  const others = (move?.changed ?? []).filter((c) => c.figure !== "trigger").map((c) => `, ${c.figure} ${rupees(c.from)} → ${rupees(c.to)}`);
  return `${own}${others.join("")}`;
}

/**
 * Whether a GTT is no longer what its line was drawn from (FINDINGS-29 s1): any term its modify
 * would send again (side, quantity, type, either leg's trigger or limit price, the trail) or its
 * status differs. A move of a line drawn from an older GTT is refused, not sent: the trader agreed
 * to the figures the bar showed, and a modify built on them would put back what changed since.
 */
export function gttChangedSince(drawn: GttEntry, now: GttEntry): boolean {
  const terms = (e: GttEntry) => [e.Status ?? "ACTIVE", e.GTTBuySell, e.Qty, e.TriggerType, e.Price1, e.EntryPrice1, e.TriggerType === "OCO" ? e.Price2 : 0, e.TriggerType === "OCO" ? e.EntryPrice2 : 0, e.TrailValue ?? 0, e.TrailValue ? (e.TrailUnit ?? "POINTS") : "", e.TrailJump ?? 0];
  const a = terms(drawn);
  const b = terms(now);
  return a.some((v, i) => v !== b[i]);
}

/** The toast of a move refused because the GTT changed since its line was drawn: the GTT as it is now, and that nothing was sent. */
export function gttMovedStaleText(now: GttTerms): string {
  return `GTT not modified: ${gttLine(now)}. It changed after its line was drawn, so nothing was sent; the line now shows it as it is: move it again`;
}
