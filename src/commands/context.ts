import { pathOf, isMobileWidth } from "../core/rules/routes";
import { session$ } from "../data/stores/session";
import { overlay$, viewport$, type DialogId } from "../data/stores/ui";
import { workspace } from "../data/stores/workspace";
import { selection$ } from "./selection";
import type { CommandContext } from "./types";

/** The context `when` clauses and `run` see, read fresh at the moment a key or the palette asks. */
export function currentContext(): CommandContext {
  const s = session$.peek();
  return {
    clientCode: s.accessToken ? s.clientCode : undefined,
    focusedView: workspace.focusedView(),
    path: typeof location === "undefined" ? "/" : pathOf(location.pathname),
    paneCount: workspace.paneCount(),
    mobile: isMobileWidth(viewport$.width.peek()),
    selection: selection$.peek(),
    dialog: topDialog(),
  };
}

function topDialog(): DialogId | undefined {
  const top = overlay$.top.peek();
  return top.kind === "none" ? undefined : top.kind;
}
