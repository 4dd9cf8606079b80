import { fnv1a } from "../instruments/tokens.js";

/** A small seeded generator (mulberry32): one stream per instrument, so adding one never shifts another's path. */
export class Rng {
  private s: number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  static of(seed: number, name: string): Rng {
    return new Rng(fnv1a(`${seed}:${name}`));
  }

  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Where the stream stands, so a restarted broker carries on from it (server/market/simDay.ts). */
  saved(): [number, number | null] {
    return [this.s, this.spare];
  }

  resume([s, spare]: readonly [number, number | null]): void {
    this.s = s >>> 0;
    this.spare = spare;
  }

  /** Whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Standard normal (Box-Muller, keeping the spare). */
  normal(): number {
    if (this.spare !== null) {
      const v = this.spare;
      this.spare = null;
      return v;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}
