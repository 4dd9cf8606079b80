import { navigate } from "../../data/nav";
import { MAIN_CHILDREN, pathOfPage } from "../../core/rules/routes";
import { PAGE_LINES, PAGE_SECTIONS, PAGE_TITLES } from "../pages";
import type { Command } from "../types";

const signedIn = (ctx: { clientCode: string | undefined }) => ctx.clientCode !== undefined;

/** "Go to Orders" and friends: one per page of the shell; the route then focuses or opens its pane. */
export const navigationCommands: Command[] = [
  ...MAIN_CHILDREN.map(
    (page): Command => ({
      id: `nav.${page}`,
      title: `Go to ${PAGE_TITLES[page]}`,
      group: "Navigation",
      keywords: [page],
      // Explore does not list itself.
      explore: page === "explore" ? undefined : { section: PAGE_SECTIONS[page], line: PAGE_LINES[page] },
      when: signedIn,
      run: () => navigate(pathOfPage(page)),
    }),
  ),
  {
    id: "nav.popoutchart",
    title: "Open pop-out chart",
    group: "Navigation",
    explore: { section: "More", line: "A chart in a window of its own." },
    when: signedIn,
    run: () => {
      window.open("/popoutchart", "tape-popoutchart", "popup,width=1000,height=640");
    },
  },
];
