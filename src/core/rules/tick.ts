/**
 * Tick arithmetic in integer units, the one definition the order window, the order checks and
 * the paper broker's simulator share. Prices like 0.05 or 0.0025 are not exact in binary floating
 * point (0.1 + 0.2 !== 0.3), so every comparison with the tick size is done on integers: a price
 * is scaled by 10^d where d is the tick size's decimal count (plus headroom) and rounded once.
 * The simulator rounds every price it moves, so the per-tick-size figures are cached and the
 * arithmetic makes no strings.
 */
const MAX_DECIMALS = 8;

interface TickScale {
  /** 10^(decimals of the tick size). */
  exact: number;
  /** 10^(decimals + 2): the integer grid prices are compared on. */
  grid: number;
  /** The tick size on that grid. */
  tickUnits: number;
}

const scales = new Map<number, TickScale>();

function decimalsOf(x: number): number {
  for (let d = 0; d <= MAX_DECIMALS; d++) {
    const scaled = x * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, Math.abs(scaled))) return d;
  }
  return MAX_DECIMALS;
}

function scaleOf(tickSize: number): TickScale {
  let s = scales.get(tickSize);
  if (s === undefined) {
    const d = decimalsOf(tickSize);
    const grid = 10 ** Math.min(MAX_DECIMALS, d + 2);
    s = { exact: 10 ** d, grid, tickUnits: Math.round(tickSize * grid) };
    scales.set(tickSize, s);
  }
  return s;
}

/** The price as a whole number of ticks, or undefined when it is not on a tick. */
export function toTicks(price: number, tickSize: number): number | undefined {
  if (!(tickSize > 0) || !Number.isFinite(price)) return undefined;
  const { grid, tickUnits } = scaleOf(tickSize);
  const p = price * grid;
  const pUnits = Math.round(p);
  // The tolerance absorbs binary floating point's error (about 1e-16 of p), nothing a trader types:
  // at 1e-6 of p a gold price of 71000.004 on a tick of 1 (p = 7,100,000.4) passed as on the tick,
  // the window showing 71000.004 and sending 71000 (issue 28's property test found it).
  if (Math.abs(p - pUnits) > 1e-12 * Math.max(1, Math.abs(p))) return undefined;
  return pUnits % tickUnits === 0 ? pUnits / tickUnits : undefined;
}

export function isOnTick(price: number, tickSize: number): boolean {
  return toTicks(price, tickSize) !== undefined;
}

/** Converts a whole number of ticks back to a price with no floating-point tail (0.05 x 3 is 0.15). */
export function fromTicks(ticks: number, tickSize: number): number {
  const { exact } = scaleOf(tickSize);
  return Math.round(ticks * tickSize * exact) / exact;
}

/** The price as a (fractional) number of ticks on the integer grid. */
function ticksOf(price: number, tickSize: number): number {
  const { grid, tickUnits } = scaleOf(tickSize);
  return Math.round(price * grid) / tickUnits;
}

/** "Prices are rounded to the tickSize": to the nearest tick, halves away from zero. */
export function roundToTick(price: number, tickSize: number): number {
  if (!(tickSize > 0) || !Number.isFinite(price)) return price;
  const t = ticksOf(price, tickSize);
  return fromTicks(Math.sign(t) * Math.round(Math.abs(t)), tickSize);
}

/** The nearest tick at or below the price. */
export function floorToTick(price: number, tickSize: number): number {
  if (!(tickSize > 0) || !Number.isFinite(price)) return price;
  return fromTicks(Math.floor(ticksOf(price, tickSize)), tickSize);
}

/** The nearest tick at or above the price. */
export function ceilToTick(price: number, tickSize: number): number {
  if (!(tickSize > 0) || !Number.isFinite(price)) return price;
  return fromTicks(Math.ceil(ticksOf(price, tickSize)), tickSize);
}

/** Steps a price by n ticks (arrow keys in the order window). */
export function stepByTicks(price: number, tickSize: number, n: number): number {
  const t = toTicks(roundToTick(price, tickSize), tickSize) ?? 0;
  return fromTicks(t + n, tickSize);
}
