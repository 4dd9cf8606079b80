/**
 * Token numbering. Cash equities and indices number by their row in the append-only tables;
 * derivatives take a hash of their trading symbol, so a contract keeps its token from one
 * simulated day to the next (positions held overnight still find it) while new expiries appear.
 * Hash tokens start at DERIVATIVE_TOKEN_BASE, above every table token; a collision moves the
 * later symbol (in sorted order, so deterministically) to the next free number.
 */
export const DERIVATIVE_TOKEN_BASE = 1_000_000;
const SPAN = 0x7fffffff - DERIVATIVE_TOKEN_BASE;

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function derivativeToken(tradingSymbol: string): number {
  return DERIVATIVE_TOKEN_BASE + (fnv1a(tradingSymbol) % SPAN);
}

/** Assigns hash tokens to symbols of one exchange, resolving collisions in sorted order. */
export function assignDerivativeTokens(symbols: readonly string[], taken: Set<number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of [...symbols].sort()) {
    let t = derivativeToken(s);
    while (taken.has(t)) t = t >= 0x7fffffff ? DERIVATIVE_TOKEN_BASE : t + 1;
    taken.add(t);
    out.set(s, t);
  }
  return out;
}
