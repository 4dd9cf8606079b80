/**
 * Where a command's keys are live (DESIGN.md section 3: "a portfolio key does nothing in the
 * watchlist"). A scope names the views whose focused pane it serves and the dialog it belongs
 * to; "global" keys are live everywhere. The palette and buttons are not limited by scope: a
 * scope says where a key press reaches the command, `when` says whether it can run at all.
 */
import { LOGIN_STAGES, type LoginStage } from "../core/rules/loginStage";
import type { DialogId } from "../data/stores/ui";
import { viewTitle } from "../core/rules/pages";

export interface ScopeDef {
  /** Where the keys work, as `?` says it; none for global keys. */
  where?: string;
  /** Views whose focused pane (with no dialog open) makes the scope live: where its keys work. */
  views?: readonly string[];
  /**
   * Views where the keys are caught though they do not work there, only to be refused with where
   * they do (registry.ts, keyWhyNot): the portfolio panes sit side by side, and Shift+X pressed on
   * Holdings says that it works in Positions rather than do nothing (FINDINGS-30 §1). `?` names
   * `views` alone.
   */
  refusedIn?: readonly string[];
  /** Live everywhere a global key is, except where one of these views has the focus (their keys mean something else there). */
  exceptViews?: readonly string[];
  /** The dialog that makes the scope live while it is the top overlay. */
  dialog?: DialogId;
  /** The login page's stage that makes the scope live (with no dialog open). */
  loginStage?: LoginStage;
}

/** How `?` names each login stage's place. */
const STAGE_PLACE: Record<LoginStage, string> = {
  mobile: "client id",
  password: "password",
  otp: "OTP",
  totp: "authenticator code",
  accBlock: "account blocked",
  timerPage: "too many attempts",
  totpGenerate: "authenticator set-up",
  registerTotp: "authenticator scan",
  unblockAccountVerify: "unblock",
  forgotPassword: "OTP expired",
  forgotPasswordVerify: "forgot password",
  setNewPassword: "new password",
  success_msg: "done",
  sso_auth_msg: "single sign-on",
  authorize: "authorise an app",
};

/**
 * One scope per login stage, "login.password" and so on: each stage's Enter and Esc are its own
 * commands (defs/login.ts), live only while the login page shows that stage.
 */
type LoginScopes = { readonly [S in LoginStage as `login.${S}`]: ScopeDef };
const LOGIN_SCOPES = Object.fromEntries(LOGIN_STAGES.map((s) => [`login.${s}`, { where: `on the login page (${STAGE_PLACE[s]})`, loginStage: s }])) as LoginScopes;

/** A scope of panes whose `?` words are their headers' names ("in positions, holdings"), so the words cannot say other than where the keys work. */
function worksIn(views: readonly string[], refusedIn: readonly string[]): ScopeDef & { views: readonly string[] } {
  return { where: `in ${views.map((v) => viewTitle(v).toLowerCase()).join(", ")}`, views, refusedIn };
}

export const SCOPES = {
  global: {},
  // In a chart + and - are its own (zoom, issue 34): the watchlist's + must not reach through it.
  outsideChart: { where: "anywhere but a chart", exceptViews: ["chart", "chartpage"] },
  watchlist: { where: "in the watchlist", views: ["watchlist", "fullwl"] },
  // The portfolio panes' keys, each where it acts (FINDINGS-30 §5: `?` said "in positions, holdings, home" of keys those panes refused).
  // Home shows summaries and no rows: no key acting on a row, nor Exit all, works there. Each is caught in the other portfolio panes to say where it works.
  // x: the position or holding under the cursor.
  portfolio: worksIn(["position", "holdings"], ["home"]),
  // i, v, Shift+X: a position under the cursor, or the positions the trader is looking at.
  positions: worksIn(["position"], ["holdings", "home"]),
  // e: every holding, no row needed.
  holdings: worksIn(["holdings", "home"], ["position"]),
  // The GTT list is the Orders pane's GTT tab.
  gtt: { where: "in the GTT list", views: ["orders"] },
  orders: { where: "in the orders", views: ["orders"] },
  baskets: { where: "in the baskets", views: ["baskets"] },
  ideas: { where: "in ideas", views: ["ideas"] },
  chain: { where: "in the option chain", views: ["optionchain"] },
  strategy: { where: "in a strategy", views: ["strategy"] },
  chart: { where: "in a chart", views: ["chart"] },
  // Orders on the chart (issue 34): a scope of their own, so the chart's other keys may share theirs (each defers where it has nothing to act on).
  chartOrders: { where: "on a chart's order lines", views: ["chart"] },
  // Drawings (issue 34): Enter, Esc and ↑/↓ are the draw mode's only while a drawing is placed, and
  // ↑/↓ and Delete the drawings list's only while it is open; otherwise they pass on (whyNot null).
  chartDrawing: { where: "in a chart while a drawing is placed", views: ["chart"] },
  chartDrawingList: { where: "in a chart's list of drawings", views: ["chart"] },
  // The multi-chart grid (issue 32): its arrows move between cells, 1 to 5, i, x and r are its own.
  chartGrid: { where: "in a chart grid", views: ["multichart"] },
  // Market depth: ↑/↓ highlight a level, Esc takes it off (defs/depth.ts).
  depth: { where: "in market depth", views: ["depth"] },
  discover: { where: "in Invest Equity, ETF and F&O gainers & losers", views: ["equity", "etf", "scanner"] },
  explore: { where: "in Explore", views: ["explore"] },
  alerts: { where: "in the alerts", views: ["alerts"] },
  sips: { where: "in the SIPs", views: ["sips"] },
  orderWindow: { where: "in the order window", views: ["orderwindow"], dialog: "orderWindow" },
  // The window's questions (margin, AMO, surveillance): their Enter is the answer marked Enter, where the window's is its submit.
  orderWindowPrompt: { where: "in a question of the order window", views: ["orderwindow"], dialog: "orderWindow" },
  gttForm: { where: "in the GTT form", dialog: "gtt" },
  orderInfo: { where: "in the order info dialog", dialog: "orderInfo" },
  bulkAction: { where: "in an armed bulk action", dialog: "bulkAction" },
  columns: { where: "in the column chooser", dialog: "columns" },
  ...LOGIN_SCOPES,
} as const satisfies Record<string, ScopeDef>;

export type ScopeName = keyof typeof SCOPES;

/** Where a key was pressed: the focused pane's view, the top dialog, and the login page's stage, if any. */
export interface KeyPlace {
  view: string | undefined;
  dialog: DialogId | undefined;
  loginStage?: LoginStage | undefined;
}

/** A key with a modifier (or Esc) is a command key even while typing in a field or in a dialog. */
export function hasModifier(key: string): boolean {
  return /(^|\+)(ctrl|meta|alt)\+/.test(key) || key === "escape";
}

/**
 * Whether a key of a command in `scope` is live at `place`. A dialog owns the keyboard: under
 * it only its own commands take bare keys, and global commands only keys with a modifier.
 */
export function isLive(scope: ScopeName, key: string, place: KeyPlace): boolean {
  const def: ScopeDef = SCOPES[scope];
  if (scope === "global") return place.dialog === undefined || hasModifier(key);
  if (def.exceptViews) return !def.exceptViews.includes(place.view ?? "") && (place.dialog === undefined || hasModifier(key));
  if (place.dialog !== undefined) return def.dialog === place.dialog;
  if (def.loginStage !== undefined) return def.loginStage === place.loginStage;
  const view = place.view ?? "";
  return def.views?.includes(view) === true || def.refusedIn?.includes(view) === true;
}

/** Whether a key of `scope` pressed in `view` is caught there only to be refused (ScopeDef.refusedIn). */
export function refusedIn(scope: ScopeName, view: string | undefined): boolean {
  const def: ScopeDef = SCOPES[scope];
  return view !== undefined && (def.refusedIn?.includes(view) ?? false);
}

/** Narrower scopes first: a dialog's key, then a view's, then a global one. */
export function specificity(scope: ScopeName): number {
  const def: ScopeDef = SCOPES[scope];
  return def.dialog ? 2 : def.views || def.loginStage ? 1 : 0;
}

/**
 * Every kind of place a key can be pressed, as far as scopes tell places apart: each view a scope
 * names (and a view none names), under each dialog a scope names or none, and each login stage.
 * A dialog no scope names is left out: under it only global and outsideChart keys with a
 * modifier are live, as under any named dialog.
 */
const PLACES: readonly KeyPlace[] = (() => {
  const defs: ScopeDef[] = Object.values(SCOPES);
  const views = [undefined, ...new Set(defs.flatMap((d) => [...(d.views ?? []), ...(d.refusedIn ?? []), ...(d.exceptViews ?? [])]))];
  const dialogs = [undefined, ...new Set(defs.flatMap((d) => (d.dialog ? [d.dialog] : [])))];
  const stages = LOGIN_STAGES.map((loginStage): KeyPlace => ({ view: undefined, dialog: undefined, loginStage }));
  return [...views.flatMap((view) => dialogs.map((dialog): KeyPlace => ({ view, dialog }))), ...stages];
})();

/**
 * Whether a key of a command in scope `a` and the same key of one in scope `b` can both be live at
 * once: some place has them both live. Such a key reaches either command depending on which can
 * run there (narrowest first), so two commands on it would shadow one another.
 */
export function liveTogether(a: ScopeName, b: ScopeName, key: string): boolean {
  return PLACES.some((p) => isLive(a, key, p) && isLive(b, key, p));
}
