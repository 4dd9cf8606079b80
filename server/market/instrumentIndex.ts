import type { Exchange } from "../../src/core/types/exchange.js";
import type { Market } from "./types.js";

const keyOf = (exchange: string, token: number): string => `${exchange}:${token}`;
/** A tick on an instrument nothing waits on allocates nothing. */
const NONE: readonly never[] = [];

/**
 * What the engines act on per tick (alerts, GTTs), indexed by instrument: a tick costs one map
 * lookup when nothing waits on its instrument. A derivative ticks only while someone watches it,
 * so the first item on an instrument holds a market watch on it and the last to leave releases it.
 */
export class InstrumentIndex<Id, T> {
  private readonly byInstrument = new Map<string, Map<Id, T>>();
  private readonly releases = new Map<string, () => void>();

  constructor(private readonly market: Pick<Market, "watch">) {}

  add(exchange: Exchange, token: number, id: Id, item: T): void {
    const key = keyOf(exchange, token);
    let set = this.byInstrument.get(key);
    if (!set) {
      set = new Map();
      this.byInstrument.set(key, set);
      this.releases.set(key, this.market.watch(exchange, token));
    }
    set.set(id, item);
  }

  remove(exchange: Exchange, token: number, id: Id): void {
    const key = keyOf(exchange, token);
    const set = this.byInstrument.get(key);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) {
      this.byInstrument.delete(key);
      this.releases.get(key)?.();
      this.releases.delete(key);
    }
  }

  /** The items on an instrument, copied: acting on one may remove it. */
  on(exchange: Exchange, token: number): readonly T[] {
    const set = this.byInstrument.get(keyOf(exchange, token));
    return set ? [...set.values()] : NONE;
  }

  /** How many instruments carry an item. */
  get size(): number {
    return this.byInstrument.size;
  }

  /** Releases every watch and forgets every item. */
  clear(): void {
    for (const release of this.releases.values()) release();
    this.releases.clear();
    this.byInstrument.clear();
  }
}
