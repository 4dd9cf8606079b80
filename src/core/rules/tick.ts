/**
 * Tick arithmetic in integer units. Prices like 0.05 or 0.0025 are not exact in binary floating
 * point (0.1 + 0.2 !== 0.3), so every comparison with the tick size is done on integers: a price
 * is scaled by 10^d where d is the tick size's decimal count (plus headroom) and rounded once.
 */
const MAX_DECIMALS = 8;

function decimalsOf(x: number): number {
  for (let d = 0; d <= MAX_DECIMALS; d++) {
    const scaled = x * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, Math.abs(scaled))) return d;
  }
  return MAX_DECIMALS;
}

function scaleFor(tickSize: number): number {
  return 10 ** Math.min(MAX_DECIMALS, decimalsOf(tickSize) + 2);
}

/** The price as a whole number of ticks, or undefined when it is not on a tick. */
export function toTicks(price: number, tickSize: number): number | undefined {
  if (!(tickSize > 0) || !Number.isFinite(price)) return undefined;
  const scale = scaleFor(tickSize);
  const p = price * scale;
  const pUnits = Math.round(p);
  if (Math.abs(p - pUnits) > 1e-6 * Math.max(1, Math.abs(p))) return undefined;
  const tUnits = Math.round(tickSize * scale);
  return pUnits % tUnits === 0 ? pUnits / tUnits : undefined;
}

export function isOnTick(price: number, tickSize: number): boolean {
  return toTicks(price, tickSize) !== undefined;
}

/** Converts a whole number of ticks back to a price with no floating-point tail. */
export function fromTicks(ticks: number, tickSize: number): number {
  const d = Math.min(MAX_DECIMALS, decimalsOf(tickSize));
  return Number((ticks * tickSize).toFixed(d));
}

/** "Prices are rounded to the tickSize": to the nearest tick, halves away from zero. */
export function roundToTick(price: number, tickSize: number): number {
  if (!(tickSize > 0) || !Number.isFinite(price)) return price;
  const scale = scaleFor(tickSize);
  const pUnits = Math.round(price * scale);
  const tUnits = Math.round(tickSize * scale);
  const ticks = Math.sign(pUnits) * Math.round(Math.abs(pUnits) / tUnits);
  return fromTicks(ticks, tickSize);
}

/** Steps a price by n ticks (arrow keys in the order window). */
export function stepByTicks(price: number, tickSize: number, n: number): number {
  const t = toTicks(roundToTick(price, tickSize), tickSize) ?? 0;
  return fromTicks(t + n, tickSize);
}
