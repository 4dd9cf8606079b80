/**
 * The link groups' colours (issue 32), apart from links.ts's rules so the layout tree can check a
 * saved pane's group without importing the rules that walk the tree (no import cycle).
 */

/** The colours, in the order the link key cycles them after "none". IBKR's groups are colours too. */
export const LINK_COLOURS = ["red", "green", "blue", "yellow", "purple", "orange"] as const;
export type LinkColour = (typeof LINK_COLOURS)[number];
export type Link = LinkColour | "none";

/** The cycle of the link key: none, red, green, blue, yellow, purple, orange, none… */
export const LINK_CYCLE: readonly Link[] = ["none", ...LINK_COLOURS];

export function isLink(x: unknown): x is Link {
  return typeof x === "string" && (LINK_CYCLE as readonly string[]).includes(x);
}
