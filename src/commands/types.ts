import type { FeedState } from "../core/rules/feedHealth";
import type { Exchange } from "../core/types/exchange";
import type { PaneState } from "../core/workspace/tree";
import type { LoginStage } from "../core/rules/loginStage";
import type { DialogId } from "../data/stores/ui";
import type { ScopeName } from "./scopes";

/** The market as the app knows it now: the live feed's health, and each exchange's session on the broker's clock. */
export interface MarketContext {
  feed: FeedState;
  isOpen(exchange: Exchange): boolean;
}

/**
 * A command, declared once (DESIGN.md section 3): the palette, the hotkeys and every button
 * call `run` through the registry; `when` decides whether it is available at all.
 */
export interface CommandContext {
  /** The signed-in client, or undefined on the login page. */
  clientCode: string | undefined;
  /** The focused pane instance. */
  focusedPaneId: string | undefined;
  /** The page shown in the focused pane ("orders", "watchlist", ...). */
  focusedView: string | undefined;
  /** The views of every pane on screen (a phone shows one; the full-screen watchlist covers the rest). */
  visibleViews: ReadonlySet<string>;
  /** The panes on screen in reading order, each with its Alt+N number: where a reason tells the trader to go. */
  panes: readonly ShownPane[];
  paneCount: number;
  /** Whether the window counts as mobile (under 1024 px): one pane at a time. */
  mobile: boolean;
  /** What the focused pane has under its row cursor, or the instrument last chosen in it. */
  selection: Selection | undefined;
  /** The dialog on top of the workspace (an overlay's id), if any: it owns the keyboard. */
  dialog: DialogId | undefined;
  /** The stage the login page shows, or undefined when the login page is not on screen. */
  loginStage: LoginStage | undefined;
  market: MarketContext;
}

export interface ShownPane {
  id: string;
  view: string;
  /** Its number in reading order among all panes: Alt+N focuses it. */
  n: number;
  state?: PaneState;
}

export type Selection =
  /** price: a price the pane points at (a depth pane's highlighted level): `b` / `s` open a LIMIT there. */
  | { kind: "instrument"; exchange: string; token: number; symbol: string; price?: number }
  /**
   * sliceGroup: the line of a sliced order (issue 19) stands for the group whose base key this is:
   * `m` and `Delete` act on every open slice; orderNo and status are its first open slice's.
   */
  | { kind: "order"; orderNo: string; status: string; sliceGroup?: string }
  /**
   * product tells an INTRADAY position from a DELIVERY one of the same instrument, and type ("BO",
   * "CO") a bracket or cover position from the plain INTRADAY one (core/rules/positionKey.ts).
   */
  | { kind: "position"; exchange: string; token: number; symbol: string; product: string; type?: string }
  | { kind: "holding"; exchange: string; token: number; symbol: string }
  | { kind: "gtt"; gttId: string }
  /** A basket row, or one of its legs (scripId). */
  | { kind: "basket"; basketId: number; scripId?: number }
  /** An idea row of the Ideas page. */
  | { kind: "idea"; ideaId: number }
  /** A price alert or a SIP in their lists. */
  | { kind: "alert"; alertId: number; active: boolean }
  | { kind: "sip"; sipId: number; active: boolean };

/**
 * A command, declared once with `command()` (below) in a file of defs/. `A` is what its `run`
 * takes: undefined for a command a key or the palette runs as it is; a form's submit takes the
 * form's values. ids.ts reads every declaration back into the map from id to `A`, so that
 * `runCommand` refuses, at compile time, an id that is not registered or arguments of the wrong shape.
 */
export interface Command<A = undefined> {
  /** Stable id, also the key of keymap overrides: "nav.orders", "layout.split.right". */
  id: string;
  title: string;
  group: string;
  /** Words the palette also matches ("positions" finds "Go to Positions" by "pos"). */
  keywords?: string[];
  /**
   * Default keys, in react-hotkeys-hook's syntax ("b", "ctrl+k", "shift+slash"); the user may
   * rebind them in Settings.
   */
  keys?: readonly string[];
  /**
   * Where the keys are live (scopes.ts); "global" when left out. Declared keys may be shared
   * across scopes (the narrower one takes the key in its place); in the same scope a shared key is
   * a conflict. A rebinding may not share a key with any command live in the same place (keymap.ts, rebindClash).
   */
  scope?: ScopeName;
  /** Not listed in the palette: run by buttons with arguments (a tab click, a row action). */
  hidden?: boolean;
  /**
   * An action on every row at once (cancel all, exit all, flatten all): the palette's Enter picks
   * it only when the typed text names it ("exit all", "flatten"), never for a bare verb (paletteRank.ts).
   */
  bulk?: true;
  /** Listed on the Explore page, in its Products or More tab, with one line on what it opens. */
  explore?: { section: "Products" | "More"; line: string } | undefined;
  when?: (ctx: CommandContext) => boolean;
  /**
   * Why the command cannot run now, as the status line says it when its key is pressed ("Modify
   * needs an order under the cursor: focus Orders (Alt+2)"); undefined when it can. A command that
   * declares it is unavailable whenever it gives a reason, so a precise reason needs no `when` of
   * its own. null: unavailable, and the next command on the same key says why better (a GTT key
   * on the Orders tab leaves it to the order's). Without it, a failing `when` gets the generic
   * sentence of whyNot.ts.
   */
  whyNot?: (ctx: CommandContext) => string | null | undefined;
  run: (ctx: CommandContext, args: A) => void | Promise<void>;
}

/**
 * Any command, whatever it takes: what the registry, the keymap and the palette hold. (A command
 * that takes `never` accepts nothing, so every `Command<A>` is one of these.)
 */
export type AnyCommand = Command<never>;

/**
 * A command that needs its arguments is run by its view (a form's submit, a row's button, a
 * confirmation), never by a key or from the palette's list, which run commands without any.
 */
type RunBy<A> = undefined extends A ? unknown : { hidden: true; keys?: never };

/**
 * Declares a command: its id is kept as a literal type and its arguments are read off `run`'s
 * second parameter, so a file of defs/ is a list of `command({...})` and nothing else.
 *
 *     command({ id: "feedback.send", title: "Send feedback", group: "Profile", hidden: true,
 *       when: signedIn, run: (_ctx, form: FeedbackForm) => submitDialog("feedback", () => sendFeedbackForm(form)) })
 */
export function command<const Id extends string, A = undefined>(c: Command<A> & { id: Id } & RunBy<A>): Command<A> & { id: Id } {
  return c;
}
