import type { ContractInfo } from "../types/contract";
import type { OrderWindowState } from "../types/orderWindow";
import type { BracketTemplate } from "./bracket";
import { instrumentKey, type AppliedPreset, type OrderPreset } from "./orderPresets";
import { quantityShown } from "./orderWindow";
import { toTicks } from "./tick";

/**
 * Issue 33: an order preset and the order window. `b`/`s` open the window with the preset applied
 * (src/core/rules/orderPresets.ts applyPreset), and "keep as the instrument's preset" reads the
 * window back into a preset.
 */

type Contract = Pick<ContractInfo, "exchange" | "lotSize" | "tickSize" | "ltp" | "symbol">;

/** The window's fields for an applied preset: an offset makes the order a LIMIT at its price; a target and a stop together make it a BO. */
export function presetFields(a: AppliedPreset, c: Contract): Partial<OrderWindowState> {
  const out: Partial<OrderWindowState> = {};
  if (a.quantity !== undefined) out.quantity = quantityShown(c.exchange, a.quantity, c.lotSize);
  if (a.price !== undefined) {
    out.price = a.price;
    out.priceType = "LIMIT";
  }
  if (a.validity) out.validity = a.validity;
  if (a.target !== undefined) out.targetPrice = a.target;
  if (a.stop !== undefined) out.stopLossPrice = a.stop;
  if (a.target !== undefined && a.stop !== undefined) out.orderType = "BO";
  return out;
}

/**
 * The window as the instrument's preset: its quantity in units (lots on F&O when whole), a LIMIT
 * price as an offset in ticks from the LTP, its validity, and a BO's target and stop as points
 * from the price. The bracket named on the window is kept with it.
 */
export function presetOfWindow(s: OrderWindowState, c: Contract, sentQuantity: number, bracket: string | undefined): { key: string; preset: OrderPreset } {
  const preset: OrderPreset = {};
  const lot = c.exchange === "NSEFO" || c.exchange === "BSEFO" ? Math.max(1, c.lotSize) : 1;
  if (sentQuantity > 0) preset.quantity = lot > 1 && sentQuantity % lot === 0 ? { unit: "lots", value: sentQuantity / lot } : { unit: "units", value: sentQuantity };
  const sign = s.transactionType === "BUY" ? 1 : -1;
  const ticks = (p: number) => toTicks(p, c.tickSize);
  if (s.priceType === "LIMIT" && s.price > 0 && c.ltp > 0) {
    const at = ticks(s.price);
    const ltp = ticks(c.ltp);
    if (at !== undefined && ltp !== undefined) preset.offset = { from: "ltp", ticks: sign * (at - ltp) };
  }
  preset.validity = s.validity;
  if (s.orderType === "BO" && s.price > 0) {
    if (s.targetPrice > 0) preset.target = { unit: "points", value: Math.abs(s.targetPrice - s.price) };
    if (s.stopLossPrice > 0) preset.stop = { unit: "points", value: Math.abs(s.price - s.stopLossPrice) };
  }
  if (bracket) preset.bracket = bracket;
  return { key: instrumentKey(c.exchange, c.symbol), preset };
}

/** How a template reads in the window and its dialog: "+5 (50 %) · +10 (30 %) · +20 (20 %) · stop −8 · break-even after the first target". */
export function templateSummary(t: BracketTemplate): string {
  const targets = t.targets.map((x) => `+${x.points} (${x.share} %)`).join(" · ");
  const be = t.breakEven ? (t.breakEven.after === "target" ? " · break-even after the first target" : ` · break-even after ${t.breakEven.ticks} tick${t.breakEven.ticks === 1 ? "" : "s"}`) : "";
  return `${targets} · stop −${t.stopPoints}${be}`;
}

/** Whether the window's order can carry a bracket: a new regular LIMIT or MARKET order, not an AMO. */
export function windowTakesBracket(s: OrderWindowState): boolean {
  return s.mode === "new" && s.orderType === "Regular" && !s.isAmo && (s.priceType === "LIMIT" || s.priceType === "MARKET");
}
