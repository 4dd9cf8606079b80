/**
 * Tick sizes and strike intervals. NSE's price-banded equity tick (in force since 2025): below
 * Rs 250 one paisa, then 5, 10, 50 paise, Rs 1 and Rs 5 as the price rises.
 */
export function equityTickSize(price: number): number {
  if (price < 250) return 0.01;
  if (price < 1000) return 0.05;
  if (price < 5000) return 0.1;
  if (price < 10000) return 0.5;
  if (price < 20000) return 1;
  return 5;
}

/** Strike interval of stock options by the underlying's price, as the exchange's tables step them. */
export function stockStrikeInterval(price: number): number {
  if (price < 50) return 1;
  if (price < 100) return 2;
  if (price < 250) return 5;
  if (price < 500) return 10;
  if (price < 1000) return 20;
  if (price < 2500) return 50;
  if (price < 5000) return 100;
  if (price < 10000) return 200;
  if (price < 25000) return 500;
  return 1000;
}

/** Rounds a price to the nearest multiple of tick (integer arithmetic in tick units, so 0.05 steps stay exact). */
export function roundToTick(price: number, tick: number): number {
  return fromSteps(Math.round(price / tick), tick);
}

export function floorToTick(price: number, tick: number): number {
  return fromSteps(Math.floor(price / tick + 1e-9), tick);
}

export function ceilToTick(price: number, tick: number): number {
  return fromSteps(Math.ceil(price / tick - 1e-9), tick);
}

const SCALE = new Map<number, number>();

/** steps x tick without float noise (0.05 x 3 is 0.15, not 0.15000000000000002). On the hot path: no strings. */
function fromSteps(steps: number, tick: number): number {
  let scale = SCALE.get(tick);
  if (scale === undefined) SCALE.set(tick, (scale = 10 ** decimalsOf(tick)));
  return Math.round(steps * tick * scale) / scale;
}

/** Whether price lies on the tick grid (within float noise). */
export function isOnTick(price: number, tick: number): boolean {
  const steps = price / tick;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

export function decimalsOf(tick: number): number {
  const text = String(tick);
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}
