import type { Pcode } from "../../core/types/orderWindow";
import { observable } from "@legendapp/state";
import type { RiskAsk } from "../../core/rules/riskSize";
import { readOwn, saveOwn } from "./ownedByUser";
import type { ContractInfo } from "../../core/types/contract";
import { segmentOf, type Exchange } from "../../core/types/exchange";
import type { Order, Product, TransactionType } from "../../core/types/order";
import { defaultPcode, defaultProduct } from "../../core/rules/defaultProduct";
import { settings$ } from "./settings";
import { brokerClock$ } from "./brokerClock";
import { inReplay } from "./replay";
import type { WindowProblem } from "../../core/rules/orderRequest";
import type { OrderPreference, OrderWindowMode, OrderWindowState } from "../../core/types/orderWindow";
import { emptyOrderWindowState, preferenceAfterPlace, preferenceFor, withPreference, type SavedOrderPreferences } from "../../core/rules/orderWindow";
import { clientState } from "./sessionReset";
import type { AccountFacts, AccountRefusal } from "../../core/rules/orderWindowAccess";
import type { QuantityPresets } from "../../core/rules/orderWindowPresets";
import type { Link } from "../../core/workspace/linkColours";
import type { PaneInstrument } from "../../core/workspace/tree";

/** What opens the order window: an instrument (by token or symbol), a mode, and what to pre-fill. */
export interface OrderWindowInit {
  mode: OrderWindowMode;
  transactionType: TransactionType;
  exchange?: Exchange;
  token?: string;
  symbol?: string;
  /** Values to pre-fill over the defaults (the command line's draft). */
  prefill?: Partial<OrderWindowState>;
  /** The order being modified or repeated. */
  order?: Order;
  /** How the command line's contract words found this contract (issue 19), shown in the window. */
  resolvedFrom?: string;
  /** Issue 33: `risk 5000 sl 1480` on the command line: the quantity is sized to this risk and stop. */
  risk?: { ask: RiskAsk; stop: number };
  /** Issue 33: `with scalp3` on the command line: the bracket template the entry carries. */
  bracket?: string;
  /** A line the window shows under the instrument (an exit that sells part of a holding says what stays). */
  note?: string;
  /** A line's `2 lots`: the quantity is that many lots of the contract, worked out once it is known (core/rules/lineLots.ts). */
  lots?: number;
  /**
   * Issue 19: `m` on a sliced order's line: the group's base key. The modify goes to every slice
   * open at Enter, one request each, with the window's terms and each slice's own quantity
   * (commands/sliceGroupOrders.ts); `order` is its first open slice. `slices`: how many were open
   * at opening, for the window's button ("Modify 2 slices").
   */
  sliceGroup?: { base: string; slices: number };
  /** `b`/`s` on a book's row (a position, a holding): the row's product, over the preset's and the remembered one (core/rules/rowProduct.ts). */
  rowProduct?: Pcode;
}

export type OrderWindowDialog =
  | { kind: "charges" }
  | { kind: "insufficient"; message: string }
  /** trading-core's "AMO (after-market order) confirmation": an order on a closed exchange, before it is placed. */
  | { kind: "amo" }
  | { kind: "asm" }
  /** The commodity info dialog, once per commodity contract per session (rules/commodityInfo.ts). */
  | { kind: "commodityInfo" };

export interface MarginShown {
  required: number;
  available: number;
  /** Why the margin is what it is, when the broker says. */
  basis: string | undefined;
}

export interface OrderWindowModel {
  open: boolean;
  /** Bumped on every opening, so a late answer for an earlier opening is dropped. */
  generation: number;
  init: OrderWindowInit | null;
  contract: ContractInfo | null;
  loading: boolean;
  loadError: string | undefined;
  state: OrderWindowState;
  /** "The market-status answer marks an exchange as AMO when its entry has AMO = Y." */
  exchangeInAmo: boolean;
  /** Its entry says AMO = N: the market is open and the AMO box cannot be ticked (rules/orderWindow.ts isExchangeOpen). */
  exchangeOpen: boolean;
  /** null: no margin data (not checked yet, or emptied by a margin error). */
  margin: MarginShown | null;
  /** Why there is no margin figure: what the window still lacks, or the broker's margin error. */
  marginProblem: string | undefined;
  /**
   * The funds may have moved since `margin` was checked (a placement of this window answered, an order
   * update, the funds read again): the figures are marked until the check again answers (commands/orderWindowMargin.ts).
   */
  marginRechecking: boolean;
  /**
   * The inputs `margin` (or `marginProblem`) was checked for (core/rules/marginInputs.ts marginInputsKey):
   * while the inputs on screen differ, the read-out is marked as being for the previous ones.
   */
  marginFor: string | undefined;
  submitting: boolean;
  /**
   * Enter was pressed while the window was still loading (FINDINGS-27 1: `x` then Enter on a broker
   * answering in 300 ms sent nothing and said nothing). Nothing is sent from a form not yet shown; once
   * it shows, the window says that the Enter sent nothing, so the trader knows to press it again.
   */
  enterWhileLoading: boolean;
  /**
   * The command line whose window is being opened (Ctrl+K `buy ITC 7`, Enter), until the window shows
   * (its opening clears it with the rest of the last window) or the line ends otherwise: the instrument
   * as typed, and whether an Enter was pressed in that gap. Such an Enter is the line's, not the pane's
   * under the closed palette (core/rules/enterEcho.ts): told, and held for the window, which says it sent nothing.
   */
  lineOpening: { symbol: string; enterHeld: boolean } | undefined;
  /** What the window says of the last Enter it did not send an order for (core/rules/windowEnter.ts): an Enter is acted on or told. */
  enterLine: string | undefined;
  /**
   * The client order key of a place whose answer is not known (no answer, broker unreachable):
   * the next Enter sends the order with it again, whatever was changed, so that the broker, which
   * answers a repeated key with its first result, can never place it twice. Cleared by an answer.
   */
  attemptKey: string | null;
  /** What stops this order, shown next to its field (or in the window): a rule broken, a refusal, no answer. */
  problem: WindowProblem | undefined;
  dialog: OrderWindowDialog | null;
  asmAccepted: boolean;
  /** The AMO confirmation was answered yes in this window: a later Enter (after a refusal, an edit) does not ask again. */
  amoAccepted: boolean;
  /** The quantity presets of this window's segment, as the trader set them (or Tape's ladder). */
  presets: readonly number[];
  /** What stops this account trading here at all (dormant, F&O not enabled), said at opening in place of the form. */
  accountRefusal: AccountRefusal | undefined;
  /** Issue 33: how a size by risk was worked out ("risk ₹5,000 ÷ (1,500.00 − 1,480.00) = 250"), or why it could not be. */
  riskLine: string | undefined;
  /** Issue 33: the order preset applied at opening, by what it is of ("INFY", "Equity"). */
  preset: string | undefined;
  /** Issue 33: the bracket template the entry is sent with (the line's `with`, or the segment preset's). */
  bracket: string | undefined;
  /**
   * Issue 32: the link group the window follows: the order window pane's, else the group of the
   * pane it was opened from ("none": it follows nothing). core/workspace/follow.ts has the rule.
   */
  link: Link;
  /** The trader typed or changed a field since the window opened: it no longer follows its group by itself. */
  edited: boolean;
  /** The group's instrument the window did not take because the trader was working on it (Alt+G switches). */
  groupOffer: PaneInstrument | undefined;
}

/** The closed window; `generation` carries on, never repeats, so no late answer matches a later opening. */
export function closedWindow(generation: number): OrderWindowModel {
  return {
    open: false,
    generation,
    init: null,
    contract: null,
    loading: false,
    loadError: undefined,
    state: emptyOrderWindowState(),
    exchangeInAmo: false,
    exchangeOpen: false,
    margin: null,
    marginProblem: undefined,
    marginRechecking: false,
    marginFor: undefined,
    submitting: false,
    enterWhileLoading: false,
    enterLine: undefined,
    lineOpening: undefined,
    attemptKey: null,
    problem: undefined,
    dialog: null,
    asmAccepted: false,
    amoAccepted: false,
    accountRefusal: undefined,
    presets: [],
    riskLine: undefined,
    preset: undefined,
    bracket: undefined,
    link: "none",
    edited: false,
    groupOffer: undefined,
  };
}

export const orderWindow$ = observable<OrderWindowModel>(closedWindow(0));
// Closed, and a new generation: an answer still on its way for the last client's window is dropped.
clientState({
  name: "orderWindow",
  // The generation never repeats (a late answer for an earlier opening must not match a later one): all but it.
  holds: () => {
    const { generation: _g, ...rest } = orderWindow$.peek();
    return rest;
  },
  reset: () => orderWindow$.set(closedWindow(orderWindow$.generation.peek() + 1)),
});

/** The commodity contracts whose info dialog this session has shown ("EXCHANGE:token"). */
const commodityInfoSeen = new Set<string>();
clientState({ name: "commodityInfoSeen", holds: () => [...commodityInfoSeen], reset: () => commodityInfoSeen.clear() });

/** True the first time a contract asks this session, false after: the dialog opens once per contract. */
export function firstCommodityInfo(exchange: Exchange, token: string): boolean {
  const key = `${exchange}:${token}`;
  if (commodityInfoSeen.has(key)) return false;
  commodityInfoSeen.add(key);
  return true;
}

/**
 * The signed-in user's saved preferences (their own, kept per client code: data/userStorage.ts); a value
 * saved before they were kept per segment (one flat preference) reads as none.
 */
function livePreferences(): SavedOrderPreferences {
  const v = readOwn<SavedOrderPreferences | OrderPreference | null>("orderPreference", null);
  return v && typeof v === "object" && !("priceType" in v) ? v : {};
}

/**
 * A market replay's own preferences (FINDINGS-29 s3): its orders go to its own replay account, and the
 * replay dialog promises "your live paper account is not touched", so what is placed there is kept in
 * memory for the replay, over the live ones, and never saved: an INTRADAY typed in a replay opened the
 * live account's next `sell INFY 5 mkt` as an INTRADAY short sale. Forgotten when the broker's clock
 * leaves (or enters) replay, and at sign-out, which puts the clock back.
 */
let replayPreferences: SavedOrderPreferences | undefined;
brokerClock$.mode.onChange(() => {
  replayPreferences = undefined;
});

function savedPreferences(): SavedOrderPreferences {
  return (inReplay() ? replayPreferences : undefined) ?? livePreferences();
}

/** "On opening, defaults come from the saved orderPreference": the one of the instrument's segment. */
export function readOrderPreference(exchange: Exchange): OrderPreference | undefined {
  return preferenceFor(savedPreferences(), exchange);
}

/**
 * The product a new order on `exchange` takes when the trader names none, as the order window opens
 * (rules/defaultProduct.ts): Settings › Markets' default of the segment, else the saved preference.
 * A basket leg added without a product word sends it, so the same words give the same product.
 */
export function newOrderProduct(exchange: Exchange): Product {
  return defaultProduct(newOrderArgs(exchange));
}

/** The same product as the window's select names it (NRML, not NORMAL): an alert's or an alias's order line without a product word takes it. */
export function newOrderPcode(exchange: Exchange): Pcode {
  return defaultPcode(newOrderArgs(exchange));
}

const newOrderArgs = (exchange: Exchange) => ({ exchange, preference: readOrderPreference(exchange), defaultProduct: settings$.defaultProduct[segmentOf(exchange)].peek() });

/** Saved after a successful place, for the order's segment: the next window there opens as the trader last traded. */
export function saveOrderPreference(exchange: Exchange, s: Pick<OrderWindowState, "priceType" | "orderType" | "pcode" | "validity">): void {
  const saved = savedPreferences();
  // A BO or CO keeps the product of the last Regular order (rules/orderWindow.ts preferenceAfterPlace).
  const next = withPreference(saved, exchange, preferenceAfterPlace(preferenceFor(saved, exchange), s));
  if (inReplay()) replayPreferences = next;
  else saveOwn("orderPreference", next);
}

/**
 * The profile's trading facts (account status, exchanges, beta features locked), read once per
 * session for the opening of the order window and of a beta feature's form: they change only by the broker's back office, and the next sign-in reads them
 * afresh. undefined inside: the read failed (no answer), so the window opens and the broker judges.
 */
let tradingProfile: Promise<AccountFacts | undefined> | undefined;
clientState({ name: "orderWindowProfile", holds: () => (tradingProfile ? "read" : null), reset: () => (tradingProfile = undefined) });

export function tradingProfileOnce(read: () => Promise<AccountFacts | undefined>): Promise<AccountFacts | undefined> {
  tradingProfile ??= read().then((p) => {
    // A failed read is not kept: the next opening asks again.
    if (!p) tradingProfile = undefined;
    return p;
  });
  return tradingProfile;
}

/** The signed-in user's quantity presets, per segment (their own, like the order preference). */
export function readQuantityPresets(): QuantityPresets {
  const v = readOwn<QuantityPresets | null>("quantityPresets", null);
  return v && typeof v === "object" ? v : {};
}

export function saveQuantityPresets(p: QuantityPresets): void {
  saveOwn("quantityPresets", p);
}
