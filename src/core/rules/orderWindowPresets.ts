import { segmentOf, type Exchange, type Segment } from "../types/exchange";

/**
 * The order window's quantity presets (issue 29), one ladder per segment, saved per user. A preset
 * counts what a trader counts in that segment: shares on equity, lots on F&O, and lots on currency
 * and commodity (where "commodity and currency quantity is shown in lots" already). The window's
 * quantity field shows units on F&O, so a preset of 2 lots there fills 2 x the lot size.
 */
export type QuantityPresets = Partial<Record<Segment, readonly number[]>>;

/** Tape's ladders where the trader has set none: equity 1/10/50/100 shares, elsewhere 1/2/5/10 lots. */
export const DEFAULT_PRESETS: Readonly<Record<Segment, readonly number[]>> = {
  equity: [1, 10, 50, 100],
  derivatives: [1, 2, 5, 10],
  currency: [1, 2, 5, 10],
  commodity: [1, 2, 5, 10],
};

/** A ladder has at most this many rungs: each is one button, and Alt+Q walks them. */
export const MAX_PRESETS = 4;

/** Whether a preset of the segment counts lots of a quantity field that shows units (F&O). */
const countsLotsOfUnits = (exchange: Exchange): boolean => segmentOf(exchange) === "derivatives";

export function presetsFor(saved: QuantityPresets, exchange: Exchange): readonly number[] {
  const own = saved[segmentOf(exchange)];
  return own && own.length > 0 ? own : DEFAULT_PRESETS[segmentOf(exchange)];
}

/** What the quantity field shows for a preset: F&O lots times the lot size, otherwise the preset itself. */
export function presetQuantity(preset: number, exchange: Exchange, lotSize: number): number {
  return countsLotsOfUnits(exchange) ? preset * Math.max(1, lotSize) : preset;
}

/** How a preset is labelled on its button: "2 lots" on F&O, the count elsewhere. */
export function presetLabel(preset: number, exchange: Exchange): string {
  return countsLotsOfUnits(exchange) ? `${preset} lot${preset === 1 ? "" : "s"}` : String(preset);
}

/**
 * The preset after the one the quantity is at (Alt+Q): the first rung above the quantity, and the
 * first again after the last, so from any typed quantity the key climbs the ladder in order.
 */
export function nextPreset(presets: readonly number[], shownQuantity: number, exchange: Exchange, lotSize: number): number {
  const quantities = presets.map((p) => presetQuantity(p, exchange, lotSize));
  return quantities.find((q) => q > shownQuantity) ?? quantities[0]!;
}

/**
 * The ladder with the window's quantity kept as a preset. A quantity that is not a whole number of
 * lots (F&O) is refused with the reason; a full ladder gives up the rung nearest the new one (the
 * rung it makes redundant), so the ladder keeps its span.
 */
export function keepPreset(saved: QuantityPresets, exchange: Exchange, shownQuantity: number, lotSize: number): { presets: QuantityPresets } | { refused: string } {
  const step = countsLotsOfUnits(exchange) ? Math.max(1, lotSize) : 1;
  if (!(shownQuantity > 0) || !Number.isInteger(shownQuantity / step)) return { refused: step > 1 ? `A preset is a whole number of lots of ${step}` : "A preset is a quantity above 0" };
  const preset = shownQuantity / step;
  const now = presetsFor(saved, exchange);
  if (now.includes(preset)) return { presets: saved };
  let rungs = [...now];
  if (rungs.length >= MAX_PRESETS) {
    const nearest = rungs.reduce((best, r) => (Math.abs(r - preset) < Math.abs(best - preset) ? r : best));
    rungs = rungs.filter((r) => r !== nearest);
  }
  return { presets: { ...saved, [segmentOf(exchange)]: [...rungs, preset].sort((a, b) => a - b) } };
}
