import { isSessionOpen } from "../core/marketHours";
import { isMobileWidth, pathOf } from "../core/rules/routes";
import type { LoginStage } from "../core/rules/loginStage";
import { routePath } from "../data/nav";
import { login$ } from "../data/stores/login";
import type { Exchange } from "../core/types/exchange";
import { brokerNow } from "../data/stores/brokerClock";
import { session$ } from "../data/stores/session";
import { overlay$, viewport$, type DialogId } from "../data/stores/ui";
import { workspace } from "../data/stores/workspace";
import { feedHealth$ } from "../feed/health";
import { selectionOf } from "./selection";
import type { CommandContext } from "./types";

/** The context `when` clauses and `run` see, read fresh at the moment a key or the palette asks. */
export function currentContext(): CommandContext {
  const s = session$.peek();
  const focused = workspace.focusedPane();
  const all = workspace.allPanes();
  const shown = workspace.shownPanes();
  return {
    clientCode: s.accessToken ? s.clientCode : undefined,
    focusedPaneId: focused?.id,
    focusedView: focused?.view,
    visibleViews: new Set(shown.map((p) => p.view)),
    panes: shown.map((p) => ({ id: p.id, view: p.view, n: all.findIndex((x) => x.id === p.id) + 1, ...(p.state ? { state: p.state } : {}) })),
    paneCount: workspace.paneCount(),
    mobile: isMobileWidth(viewport$.width.peek()),
    selection: selectionOf(focused?.id),
    dialog: topDialog(),
    loginStage: loginStageShown(),
    market: { feed: feedHealth$.state.peek(), isOpen: marketOpen },
  };
}

/** An exchange's session on the broker's clock; closed while that clock is unknown. */
function marketOpen(exchange: Exchange): boolean {
  const now = brokerNow();
  return now !== undefined && isSessionOpen(exchange, new Date(now));
}

/** The login page is the route "/" (core/rules/routes.ts), signed in or not (the SSO authorise stage). */
function loginStageShown(): LoginStage | undefined {
  return pathOf(routePath()) === "/" ? login$.stage.peek() : undefined;
}

function topDialog(): DialogId | undefined {
  const top = overlay$.top.peek();
  return top.kind === "none" ? undefined : top.kind;
}
