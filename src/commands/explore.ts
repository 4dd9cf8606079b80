import { registry } from "./registry";
import type { AnyCommand, CommandContext } from "./types";

export type ExploreSection = "Products" | "More";
/** Explore's tabs (access-and-surroundings section 2: "Explore: Products, More"). */
export const EXPLORE_SECTIONS: readonly ExploreSection[] = ["Products", "More"];

/** How Explore names an entry: a page by its name ("Go to Orders" is "Orders"), a tool by its title. */
export const exploreName = (c: AnyCommand): string => c.title.replace(/^Go to /, "");

/**
 * What Explore lists in a tab: every command that declares an Explore line (each page's "Go to",
 * the pane-only tools, search, the palette, the keymap), available now, by name. Derived from
 * the registry, so a new page or tool shows here by declaring its line.
 */
export function exploreEntries(section: ExploreSection, ctx: CommandContext): AnyCommand[] {
  return registry
    .available(ctx)
    .filter((c) => c.explore?.section === section)
    .sort((a, b) => exploreName(a).localeCompare(exploreName(b)));
}
