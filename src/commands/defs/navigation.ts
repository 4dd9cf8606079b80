import { navigate } from "../../data/nav";
import { MAIN_CHILDREN, pathOfPage } from "../../core/rules/routes";
import { PAGE_TITLES } from "../pages";
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
      when: signedIn,
      run: () => navigate(pathOfPage(page)),
    }),
  ),
  {
    id: "nav.popoutchart",
    title: "Open pop-out chart",
    group: "Navigation",
    when: signedIn,
    run: () => {
      window.open("/popoutchart", "tape-popoutchart", "popup,width=1000,height=640");
    },
  },
];
