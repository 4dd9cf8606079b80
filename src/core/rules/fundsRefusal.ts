import { groupIndian } from "../format";

/**
 * The broker's insufficient-funds refusal (EC919) says its figures in its message: "required
 * ₹23,51,480.00, available ₹12,75,093.01", in rupees as every figure beside it reads. They are
 * the figures the order was refused at (a MARKET order's at the price of that moment), so the
 * order window takes them as its own margin: one required figure on screen, the broker's, not
 * the broker's in the prompt above the window's own older check below it.
 */
export function fundsRefusalDetail(required: number, available: number): string {
  return `required ₹${groupIndian(required)}, available ₹${groupIndian(available)}`;
}

/** The figures of a refusal's message, or undefined when it does not say them (another broker's words). */
export function fundsRefusalFigures(message: string): { required: number; available: number } | undefined {
  const m = /required ₹(-?[\d,]+(?:\.\d+)?), available ₹(-?[\d,]+(?:\.\d+)?)/.exec(message);
  if (!m) return undefined;
  const rupees = (text: string) => Number(text.replace(/,/g, ""));
  const required = rupees(m[1]!), available = rupees(m[2]!);
  return Number.isFinite(required) && Number.isFinite(available) ? { required, available } : undefined;
}
