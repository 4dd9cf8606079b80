import { ruleError, type RuleError } from "../errors";
import { groupIndian } from "../format";
import { priceDecimals, type Exchange } from "../types/exchange";
import { quantityStep, valuePerUnit } from "./contractValue";
import { fromTicks, roundToTick, toTicks } from "./tick";

/**
 * Size by risk (issue 33): `buy INFY risk 5000 sl 1480` buys as many as lose at most ₹5,000 if the
 * price goes from the entry to the stop: quantity = floor(risk / |entry - stop|), rounded down to
 * whole lots. `risk 1%` is that share of the available margin (the funds' trading limit). On
 * commodity and currency one unit of quantity moves by more than the price (valuePerUnit), so the
 * distance is multiplied by it: the rupees lost per unit of the order's quantity.
 */

export type RiskAsk = { unit: "RUPEES" | "PERCENT"; value: number };

export interface RiskSizeArgs {
  risk: RiskAsk;
  /** The funds' available margin, for a percent. */
  availableMargin: number;
  entry: number;
  stop: number;
  exchange: Exchange;
  lotSize: number;
  multiplier: number;
  tickSize: number;
}

export interface RiskSize {
  ok: true;
  /** In the order's units (lots on commodity), a whole number of lots. */
  quantity: number;
  /** The rupees at risk the quantity was sized to. */
  rupees: number;
  /** Rupees lost per unit of quantity from the entry to the stop. */
  perUnit: number;
  /** "risk ₹5,000 ÷ (1,500.00 − 1,480.00) = 250", as the window shows it. */
  arithmetic: string;
}

/** The rupees a risk asks for: the amount, or the percent of the available margin, to the paisa below. */
export function riskRupees(risk: RiskAsk, availableMargin: number): number {
  if (risk.unit === "RUPEES") return risk.value;
  return Math.floor(Math.max(0, availableMargin) * risk.value) / 100;
}

export function sizeByRisk(a: RiskSizeArgs): RiskSize | RuleError {
  const { risk } = a;
  if (!(Number.isFinite(risk.value) && risk.value > 0) || (risk.unit === "PERCENT" && risk.value > 100)) return ruleError("EC705");
  const rupees = riskRupees(risk, a.availableMargin);
  const entryTicks = toTicks(roundToTick(a.entry, a.tickSize), a.tickSize) ?? 0;
  const stopTicks = toTicks(roundToTick(a.stop, a.tickSize), a.tickSize) ?? 0;
  const distance = fromTicks(Math.abs(entryTicks - stopTicks), a.tickSize);
  if (!(distance > 0)) return ruleError("EC703");
  const factor = valuePerUnit(a.exchange, a.multiplier, a.lotSize);
  const perUnit = distance * factor;
  const step = quantityStep(a.exchange, a.lotSize);
  // Floating point can put 5000 / 20 a hair under 250: take the floor, then step down while it is over.
  let units = Math.floor(rupees / perUnit + 1e-9);
  while (units > 0 && units * perUnit > rupees + 1e-9) units--;
  const quantity = Math.floor(units / step) * step;
  const d = priceDecimals(a.exchange);
  const [hi, lo] = a.entry >= a.stop ? [a.entry, a.stop] : [a.stop, a.entry];
  const share = risk.unit === "PERCENT" ? `${risk.value}% of ₹${groupIndian(a.availableMargin)} = ₹${groupIndian(rupees)}; ` : "";
  const gap = `(${groupIndian(hi, d)} − ${groupIndian(lo, d)})`;
  const over = factor === 1 ? gap : `(${gap} × ${groupIndian(factor, 0)})`;
  const lots = quantity !== units ? ` → ${quantity} (whole lots of ${step})` : "";
  const arithmetic = `${share}risk ₹${groupIndian(rupees, rupees % 1 === 0 ? 0 : 2)} ÷ ${over} = ${units}${lots}`;
  if (quantity <= 0) return ruleError("EC704", arithmetic);
  return { ok: true, quantity, rupees, perUnit, arithmetic };
}
