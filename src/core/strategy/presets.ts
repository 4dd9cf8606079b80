/**
 * The strategy presets of the options desk (issue 31), written once as data. A preset names its
 * strikes as slots, ascending, and each leg points at one of them, so a line that types its own
 * strikes (`strategy NIFTY bull call spread ATM ATM+2`) replaces the slots in the same order.
 *
 * A slot is `steps` listed strikes from the ATM strike (the listed strike nearest spot), or, when
 * the line gives a width in points, `widths` times that width from it (rounded to a listed
 * strike; src/core/strategy/resolve.ts). A slot without `widths` ignores the width.
 *
 * A covered call, protective put and collar hold the underlying as its future of the option's
 * month (the index strategies' usual form; an index has no share to hold): FUT.
 */

export type PresetInstrument = "CE" | "PE" | "FUT" | "EQ";

export interface StrikeSlot {
  /** Listed strikes above (+) or below (−) the ATM strike. */
  steps: number;
  /** With a width given: this many widths (points) from the ATM strike instead. */
  widths?: number;
}

export interface PresetLeg {
  instrument: PresetInstrument;
  side: "BUY" | "SELL";
  /** Index into the preset's `slots`; absent for FUT and EQ. */
  slot?: number;
  /** Lots of this leg per lot of the strategy (a ratio spread sells 2 for 1 bought). */
  ratio: number;
  /** "near" is the strategy's expiry; "next" the listed expiry after it (a calendar's far leg). */
  expiry: "near" | "next";
}

export interface Preset {
  id: string;
  /** As the desk shows it. */
  name: string;
  /** Other ways a line may name it (lower case, spaces between words); the name itself always matches. */
  aliases: readonly string[];
  /** The strike slots, ascending. */
  slots: readonly StrikeSlot[];
  legs: readonly PresetLeg[];
}

const leg = (instrument: PresetInstrument, side: "BUY" | "SELL", slot: number | undefined, ratio = 1, expiry: "near" | "next" = "near"): PresetLeg =>
  slot === undefined ? { instrument, side, ratio, expiry } : { instrument, side, slot, ratio, expiry };

const ATM: StrikeSlot = { steps: 0 };
const up = (steps: number, widths?: number): StrikeSlot => (widths === undefined ? { steps } : { steps, widths });
const down = (steps: number, widths?: number): StrikeSlot => (widths === undefined ? { steps: -steps } : { steps: -steps, widths: -widths });

export const PRESETS: readonly Preset[] = [
  { id: "long-straddle", name: "Long straddle", aliases: ["straddle", "buy straddle"], slots: [ATM], legs: [leg("CE", "BUY", 0), leg("PE", "BUY", 0)] },
  { id: "short-straddle", name: "Short straddle", aliases: ["sell straddle"], slots: [ATM], legs: [leg("CE", "SELL", 0), leg("PE", "SELL", 0)] },
  { id: "long-strangle", name: "Long strangle", aliases: ["strangle", "buy strangle"], slots: [down(2, 1), up(2, 1)], legs: [leg("PE", "BUY", 0), leg("CE", "BUY", 1)] },
  { id: "short-strangle", name: "Short strangle", aliases: ["sell strangle"], slots: [down(2, 1), up(2, 1)], legs: [leg("PE", "SELL", 0), leg("CE", "SELL", 1)] },
  { id: "bull-call-spread", name: "Bull call spread", aliases: ["bull call"], slots: [ATM, up(2, 1)], legs: [leg("CE", "BUY", 0), leg("CE", "SELL", 1)] },
  { id: "bear-call-spread", name: "Bear call spread", aliases: ["bear call"], slots: [ATM, up(2, 1)], legs: [leg("CE", "SELL", 0), leg("CE", "BUY", 1)] },
  { id: "bull-put-spread", name: "Bull put spread", aliases: ["bull put"], slots: [down(2, 1), ATM], legs: [leg("PE", "BUY", 0), leg("PE", "SELL", 1)] },
  { id: "bear-put-spread", name: "Bear put spread", aliases: ["bear put"], slots: [down(2, 1), ATM], legs: [leg("PE", "SELL", 0), leg("PE", "BUY", 1)] },
  {
    // Short strikes one width either side of ATM, wings one more: the most it can lose is the width less the credit.
    id: "iron-condor",
    name: "Iron condor",
    aliases: ["short iron condor", "condor"],
    slots: [down(4, 2), down(2, 1), up(2, 1), up(4, 2)],
    legs: [leg("PE", "BUY", 0), leg("PE", "SELL", 1), leg("CE", "SELL", 2), leg("CE", "BUY", 3)],
  },
  {
    id: "iron-butterfly",
    name: "Iron butterfly",
    aliases: ["short iron butterfly", "iron fly"],
    slots: [down(2, 1), ATM, up(2, 1)],
    legs: [leg("PE", "BUY", 0), leg("PE", "SELL", 1), leg("CE", "SELL", 1), leg("CE", "BUY", 2)],
  },
  {
    id: "butterfly",
    name: "Long call butterfly",
    aliases: ["butterfly", "call butterfly", "long butterfly", "fly"],
    slots: [down(2, 1), ATM, up(2, 1)],
    legs: [leg("CE", "BUY", 0), leg("CE", "SELL", 1, 2), leg("CE", "BUY", 2)],
  },
  { id: "calendar", name: "Call calendar", aliases: ["calendar", "calendar spread", "long calendar"], slots: [ATM], legs: [leg("CE", "SELL", 0, 1, "near"), leg("CE", "BUY", 0, 1, "next")] },
  { id: "call-ratio-spread", name: "Call ratio spread", aliases: ["call ratio", "ratio spread", "call ratio front spread"], slots: [ATM, up(2, 1)], legs: [leg("CE", "BUY", 0), leg("CE", "SELL", 1, 2)] },
  { id: "put-ratio-spread", name: "Put ratio spread", aliases: ["put ratio", "put ratio front spread"], slots: [down(2, 1), ATM], legs: [leg("PE", "SELL", 0, 2), leg("PE", "BUY", 1)] },
  { id: "covered-call", name: "Covered call", aliases: [], slots: [up(2, 1)], legs: [leg("FUT", "BUY", undefined), leg("CE", "SELL", 0)] },
  { id: "protective-put", name: "Protective put", aliases: ["married put"], slots: [down(2, 1)], legs: [leg("FUT", "BUY", undefined), leg("PE", "BUY", 0)] },
  { id: "collar", name: "Collar", aliases: [], slots: [down(2, 1), up(2, 1)], legs: [leg("FUT", "BUY", undefined), leg("PE", "BUY", 0), leg("CE", "SELL", 1)] },
];

/** A name as compared: lower case, letters and digits only ("Iron condor", "iron-condor" and "ironcondor" are one). */
const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, "");

const BY_WORDS = new Map<string, Preset>();
for (const p of PRESETS) for (const n of [p.name, p.id, ...p.aliases]) if (!BY_WORDS.has(squash(n))) BY_WORDS.set(squash(n), p);

/**
 * The preset some words name, spaces and case aside: "iron condor", "ironcondor", "Iron-Condor";
 * "straddle" alone is the long straddle, "short straddle" the short one. undefined when none.
 */
export function presetByWords(words: string | readonly string[]): Preset | undefined {
  const text = typeof words === "string" ? words : words.join(" ");
  const key = squash(text);
  return key === "" ? undefined : BY_WORDS.get(key);
}
