/**
 * The highlighted level of a market depth ladder (↑/↓ in the depth pane; `b` / `s` then open a
 * LIMIT at its price). The ten levels are walked as one price ladder: the offers above, dearest
 * first, down to the best offer, then the best bid down to the cheapest. ↑ goes to a higher price,
 * ↓ to a lower one; from no highlight the first ↑ takes the best offer and the first ↓ the best
 * bid, the prices nearest the market. At either end of the ladder a key stays where it is.
 */
export type DepthSide = "bid" | "ask";

export interface DepthLevel {
  side: DepthSide;
  /** 0 for the best price of its side. */
  index: number;
}

/** Up a price (`"up"`) or down one. */
export type LevelStep = "up" | "down";

/**
 * The level after one step from `at`, among `bids` bid levels and `asks` offer levels that have
 * a price; undefined when neither side has one.
 */
export function stepLevel(at: DepthLevel | undefined, step: LevelStep, bids: number, asks: number): DepthLevel | undefined {
  // The ladder from the top: ask[asks-1] … ask[0], bid[0] … bid[bids-1].
  const ladder: DepthLevel[] = [
    ...Array.from({ length: asks }, (_, i) => ({ side: "ask" as const, index: asks - 1 - i })),
    ...Array.from({ length: bids }, (_, i) => ({ side: "bid" as const, index: i })),
  ];
  if (ladder.length === 0) return undefined;
  const here = at ? ladder.findIndex((l) => l.side === at.side && l.index === at.index) : -1;
  if (here < 0) {
    // From none (or a level that has since gone): the side's best price, or the other side's when that one is empty.
    const first = step === "up" ? (asks > 0 ? { side: "ask" as const, index: 0 } : { side: "bid" as const, index: 0 }) : bids > 0 ? { side: "bid" as const, index: 0 } : { side: "ask" as const, index: 0 };
    return first;
  }
  const next = Math.min(ladder.length - 1, Math.max(0, here + (step === "up" ? -1 : 1)));
  return ladder[next];
}

/** How many levels of a side have a price (the feed's missing levels are empty or priced 0). */
export function pricedLevels(levels: ReadonlyArray<{ price: number } | undefined>): number {
  let n = 0;
  while (n < levels.length && (levels[n]?.price ?? 0) > 0) n++;
  return n;
}
