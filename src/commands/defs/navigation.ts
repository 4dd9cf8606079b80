import { MAIN_CHILDREN, PAGES } from "../../core/rules/pages";
import { goTo } from "../goTo";
import { command } from "../types";
import { signedIn } from "../when";


/** "Go to Orders" and friends: one per page of the shell; X then shows in the focused pane (goTo.ts). */
export const navigationCommands = [
  ...MAIN_CHILDREN.map(
    (page) => command({
      id: `nav.${page}` as const,
      title: `Go to ${PAGES[page].title}`,
      group: "Navigation",
      keywords: [page],
      // Explore does not list itself.
      explore: page === "explore" ? undefined : { section: PAGES[page].section, line: PAGES[page].line },
      when: signedIn,
      run: () => goTo(page),
    }),
  ),
  command({
    id: "nav.popoutchart",
    title: "Open pop-out chart",
    group: "Navigation",
    explore: { section: "More", line: "A chart in a window of its own." },
    when: signedIn,
    run: () => {
      window.open("/popoutchart", "tape-popoutchart", "popup,width=1000,height=640");
    },
  }),
];
