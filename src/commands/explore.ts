import { registry } from "./registry";
import type { Command, CommandContext } from "./types";

export type ExploreSection = "Products" | "More";
/** Explore's tabs (access-and-surroundings section 2: "Explore: Products, More"). */
export const EXPLORE_SECTIONS: readonly ExploreSection[] = ["Products", "More"];

/**
 * What Explore lists in a tab: every command that declares an Explore line (each page's "Go to",
 * the pane-only tools, search, the palette, the keymap), available now, by title. Derived from
 * the registry, so a new page or tool shows here by declaring its line.
 */
export function exploreEntries(section: ExploreSection, ctx: CommandContext): Command[] {
  return registry
    .available(ctx)
    .filter((c) => c.explore?.section === section)
    .sort((a, b) => a.title.localeCompare(b.title));
}
