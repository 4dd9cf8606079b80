import { groupIndian } from "../../format";
import { istBarLabel } from "../labels";
import type { DrawingPoint, DrawingTool } from "./types";

/**
 * A drawing as the chart's side list reads it (issue 34): its prices at the instrument's
 * decimals, and where it starts on the IST clock (DD/MM/YYYY HH:MM, never UTC).
 */
export function drawingSummary(tool: DrawingTool, points: readonly DrawingPoint[], decimals: number): string {
  const [a, b] = points;
  if (!a) return "";
  const p = (x: DrawingPoint) => groupIndian(x.price, decimals);
  const from = istBarLabel(a.time / 1000, false);
  if (tool === "hline" || !b) return p(a);
  if (tool === "measure") {
    const pct = ((b.price - a.price) / a.price) * 100;
    return `${p(a)} \u2192 ${p(b)} (${pct > 0 ? "+" : pct < 0 ? "\u2212" : ""}${Math.abs(pct).toFixed(2)}%) from ${from}`;
  }
  if (tool === "rect") return `${groupIndian(Math.min(a.price, b.price), decimals)} \u2013 ${groupIndian(Math.max(a.price, b.price), decimals)} from ${from}`;
  return `${p(a)} \u2192 ${p(b)} from ${from}`;
}
