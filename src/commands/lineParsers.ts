import type { CommandCall } from "./ids";

/**
 * The palette as a command line (DESIGN.md section 3): an area registers a parser for the lines
 * it understands ("buy INFY 10 @ 1500", "gtt oco sell INFY 10 sl 1350 tgt 1650"). A parser that
 * claims the typed text either names the command to run with its arguments (so Enter still goes
 * through the registry) or says which word is wrong.
 */
export type LineParse = ({ ok: true; title: string } & CommandCall) | { ok: false; word: string; message: string };

export interface CommandLineParser {
  id: string;
  /** The palette group the read-back line is shown under ("Order", "GTT"). */
  heading: string;
  /** Whether the text is meant for this parser (its first word, usually). */
  claims(input: string): boolean;
  parse(input: string): LineParse;
}

const parsers: CommandLineParser[] = [];

export function registerLineParser(p: CommandLineParser): void {
  if (parsers.some((x) => x.id === p.id)) throw new Error(`command-line parser ${p.id} registered twice`);
  parsers.push(p);
}

/** The first registered parser that claims the text decides; undefined when none does. */
export function parseCommandLine(input: string): (LineParse & { parser: string; heading: string }) | undefined {
  const p = parsers.find((x) => x.claims(input));
  return p ? { ...p.parse(input), parser: p.id, heading: p.heading } : undefined;
}

export function lineParsers(): readonly CommandLineParser[] {
  return parsers;
}
