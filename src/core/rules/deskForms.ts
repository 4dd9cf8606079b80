import type { BracketTemplate } from "./bracket";
import type { OrderPreset, PresetDistance } from "./orderPresets";
import type { Validity } from "../types/order";

/**
 * Issue 33: the order-preset and bracket-template dialogs' fields, as typed (text), and the
 * preset or template they make. A blank field is "not set"; a figure that is not a number is said
 * by the field's name. The broker checks the rest (EC720-EC725).
 */

export interface PresetForm {
  /** "segment:equity"..., or "instrument" with the exchange and symbol below. */
  scope: string;
  exchange: string;
  symbol: string;
  quantityUnit: "" | "units" | "lots" | "amount";
  quantity: string;
  offsetFrom: "" | "ltp" | "bid" | "ask";
  offsetTicks: string;
  validity: "" | Validity;
  targetUnit: "" | "points" | "percent";
  target: string;
  stopUnit: "" | "points" | "percent";
  stop: string;
  bracket: string;
}

export interface TemplateForm {
  name: string;
  targets: Array<{ points: string; share: string }>;
  stopPoints: string;
  breakEven: "" | "ticks" | "target";
  breakEvenTicks: string;
}

const num = (v: string): number | undefined => {
  const t = v.replace(/[,₹\s]/g, "");
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** The key the form's scope names: a segment's, or "NSEEQ:INFY". */
export function presetFormKey(f: PresetForm): string {
  return f.scope === "instrument" ? `${f.exchange}:${f.symbol.trim().toUpperCase()}` : f.scope;
}

export function presetOfForm(f: PresetForm): { key: string; preset: OrderPreset } | string {
  if (f.scope === "instrument" && f.symbol.trim() === "") return "Type the instrument's symbol";
  const preset: OrderPreset = {};
  if (f.quantityUnit) {
    const q = num(f.quantity);
    if (q === undefined || Number.isNaN(q)) return "Quantity must be a number";
    preset.quantity = { unit: f.quantityUnit, value: q };
  }
  if (f.offsetFrom) {
    const t = num(f.offsetTicks) ?? 0;
    if (Number.isNaN(t)) return "Offset must be a whole number of ticks";
    preset.offset = { from: f.offsetFrom, ticks: t };
  }
  if (f.validity) preset.validity = f.validity;
  const distance = (unit: "" | "points" | "percent", v: string, name: string): PresetDistance | string | undefined => {
    if (!unit) return undefined;
    const n = num(v);
    return n === undefined || Number.isNaN(n) ? `${name} must be a number` : { unit, value: n };
  };
  const target = distance(f.targetUnit, f.target, "Target");
  if (typeof target === "string") return target;
  if (target) preset.target = target;
  const stop = distance(f.stopUnit, f.stop, "Stop");
  if (typeof stop === "string") return stop;
  if (stop) preset.stop = stop;
  if (f.bracket) preset.bracket = f.bracket;
  return { key: presetFormKey(f), preset };
}

/** The form of a saved preset (or a blank one). */
export function formOfPreset(key: string, p: OrderPreset | undefined): PresetForm {
  const segment = key.startsWith("segment:");
  const at = key.indexOf(":");
  return {
    scope: segment ? key : "instrument",
    exchange: segment ? "NSEEQ" : key.slice(0, at),
    symbol: segment ? "" : key.slice(at + 1),
    quantityUnit: p?.quantity?.unit ?? "",
    quantity: p?.quantity ? String(p.quantity.value) : "",
    offsetFrom: p?.offset?.from ?? "",
    offsetTicks: p?.offset ? String(p.offset.ticks) : "",
    validity: p?.validity ?? "",
    targetUnit: p?.target?.unit ?? "",
    target: p?.target ? String(p.target.value) : "",
    stopUnit: p?.stop?.unit ?? "",
    stop: p?.stop ? String(p.stop.value) : "",
    bracket: p?.bracket ?? "",
  };
}

export function templateOfForm(f: TemplateForm): BracketTemplate | string {
  const targets: BracketTemplate["targets"] = [];
  for (const [i, t] of f.targets.entries()) {
    if (t.points.trim() === "" && t.share.trim() === "") continue;
    const points = num(t.points);
    const share = num(t.share);
    if (points === undefined || Number.isNaN(points) || share === undefined || Number.isNaN(share)) return `Target ${i + 1} needs its points and its share`;
    targets.push({ points, share });
  }
  const stopPoints = num(f.stopPoints);
  if (stopPoints === undefined || Number.isNaN(stopPoints)) return "Stop must be a number of points";
  const t: BracketTemplate = { name: f.name.trim().toLowerCase(), targets, stopPoints };
  if (f.breakEven === "target") t.breakEven = { after: "target" };
  if (f.breakEven === "ticks") {
    const n = num(f.breakEvenTicks);
    if (n === undefined || Number.isNaN(n)) return "Break-even needs its number of ticks";
    t.breakEven = { after: "ticks", ticks: n };
  }
  return t;
}

export function formOfTemplate(t: BracketTemplate | undefined): TemplateForm {
  const targets = [0, 1, 2].map((i) => ({ points: t?.targets[i] ? String(t.targets[i].points) : "", share: t?.targets[i] ? String(t.targets[i].share) : "" }));
  return {
    name: t?.name ?? "",
    targets,
    stopPoints: t ? String(t.stopPoints) : "",
    breakEven: t?.breakEven?.after ?? "",
    breakEvenTicks: t?.breakEven?.after === "ticks" ? String(t.breakEven.ticks) : "",
  };
}
