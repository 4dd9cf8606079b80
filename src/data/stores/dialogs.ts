import type { AlertCondition } from "../../core/rules/alertCondition";
import type { AliasLeg } from "../../core/rules/alias";
import type { BasketLeg } from "../../core/rules/basket";
import type { BulkPlan } from "../../core/rules/bulkAction";
import type { DeskLeg } from "../../core/strategy/legs";
import type { Position } from "../../core/types";
import type { Segment } from "../../core/types/exchange";
import type { GridId } from "../../core/workspace/gridColumns";
import type { GttFormInit } from "./gtt";
import type { Overlay } from "./ui";

/** An alert opened to modify: its id and terms, a linked basket by name and an order line as typed. */
export interface AlertModifyInit {
  alertId: number;
  condition: AlertCondition;
  value: number;
  thenBasket?: string;
  thenOrder?: string;
}

/**
 * Every dialog, by id, with the props it opens with: the one list that commands open dialogs by
 * and src/panes/dialogs/registry.ts shows them by (its type makes the two agree). It lives here,
 * below commands, so that type information flows one way (DESIGN.md section 1): a command that
 * opens `orderInfo` compiles against this file, never against the pane that draws it. Adding a
 * dialog is a line here, its component, and its line in the registry.
 */
export interface Dialogs {
  /**
   * The command palette; kept: why a line run from it came back to it (issue 28: the broker is unreachable), shown until the text changes;
   * then: the dialog it was opened over and goes back to as it closes (an edited order window: commands/orderWindow.ts underPalette).
   */
  palette: { initial: string; kept?: string; then?: Overlay };
  keymap: object;
  search: object;
  /** A confirmation runs a command when accepted, so that the confirmed action still goes through the one door. */
  confirm: ConfirmProps;
  convertPosition: { position: Position };
  positionInfo: { position: Position };
  addFunds: object;
  /** The order window as a dialog (its state lives in stores/orderWindow.ts). */
  orderWindow: object;
  /** The order info dialog: Information and History tabs. */
  orderInfo: { orderNo: string };
  /** The GTT form (place or modify). */
  gtt: { init: GttFormInit };
  /** GTT info: its terms, and once fired, its leg and order (FINDINGS-26 s4). */
  gttInfo: { gttId: string };
  /** Profile dialogs at login (section 6); `then` opens after this one closes. */
  dormant: { then?: Overlay };
  riskDisclosure: { then?: Overlay };
  changePassword: object;
  /** Watchlist rename (at most 40 characters; the broker's message when it refuses). */
  renameWatchlist: { mwId: number; name: string };
  /** A new basket's name (no basketId) or a rename; the broker's message when it refuses. */
  basketName: { basketId?: number; name: string };
  /** A leg's quantity, side, product and price; the broker's message when it refuses. */
  basketLeg: { basketId: number; leg: BasketLeg };
  feedback: object;
  errorLog: object;
  /** "EC876: opens the beta-access dialog": the broker's message and the feature it names ("" for none). */
  betaAccess: { message: string; feature: string };
  /** The alert dialog (the spec's "alert dialogs (Create type)"), on the instrument given ("NSEEQ:INFY-EQ") or typed; `modify` an active alert's terms. */
  alert: { instrument: string; modify?: AlertModifyInit };
  /** The SIP create dialog of the spec, on the instrument given ("NSEEQ:INFY-EQ") or typed. */
  sip: { instrument: string };
  /** An armed bulk action (issue 19): its preview, then a 3 s countdown; Enter sends now, Esc aborts. */
  bulkAction: { plan: BulkPlan };
  /** The session's bulk actions, newest first (issue 19). */
  sessionLog: object;
  /** The order latency log: Enter to acknowledgement, typing apart (issues 19, 29). */
  latency: object;
  /** The user's command aliases, to edit or delete (issue 19). */
  aliases: object;
  /** The combined confirmation of an alias line's orders (issue 19). */
  aliasConfirm: { title: string; legs: AliasLeg[]; runId: string };
  /** A strategy leg's entry price (issue 31): typed, or empty for the live price. */
  strategyEntry: { paneId: string; legKey: string; symbol: string; entry: string };
  /** The one confirmation of placing a strategy (issue 31): its legs, margin and charges; `amo` the leg numbers going after market. */
  strategyConfirm: { paneId: string; legs: DeskLeg[]; runId: string; amo: number[] };
  /** The confirmation of a segment's kill switch, with its cooling-off period (issue 33). */
  killSwitch: { segment: Segment };
  /** The daily loss limits and how far each is from tripping (issue 33). */
  lossLimits: object;
  /** The order presets of each segment and instrument (issue 33). */
  orderPresets: object;
  /** The bracket templates (issue 33). */
  bracketTemplates: object;
  /** Market replay (issue 35): the day to replay, a time to jump to, the report. */
  replayDay: object;
  replayJump: object;
  replayReport: object;
  /** The column chooser (issue 29) of one pane's grids, the one on screen first. */
  columns: { paneId: string; grids: GridId[] };
}

/** A yes/no question whose "yes" runs the command `commandId` with `args`. */
export interface ConfirmProps {
  title: string;
  lines: string[];
  confirmLabel: string;
  commandId: string;
  args?: unknown;
  /**
   * The order whose cancel this asks about: it may go on filling while the question is open, so the
   * dialog draws the question again (rules/orderCancel.ts) from the order book as it changes.
   */
  cancelsOrder?: string;
}
