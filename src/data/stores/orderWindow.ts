import { observable } from "@legendapp/state";
import { readJson, writeJson } from "../storage";
import type { ContractInfo } from "../../core/types/contract";
import type { Exchange } from "../../core/types/exchange";
import type { Order, TransactionType } from "../../core/types/order";
import type { OrderPreference, OrderWindowMode, OrderWindowState } from "../../core/types/orderWindow";
import { emptyOrderWindowState } from "../../core/rules/orderWindow";
import { onSessionReset } from "./sessionReset";

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
}

export type OrderWindowDialog =
  | { kind: "charges" }
  | { kind: "insufficient"; message: string }
  | { kind: "amo" }
  | { kind: "asm" };

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
  /** null: no margin data (not checked yet, or emptied by a margin error). */
  margin: MarginShown | null;
  /** Why there is no margin figure: what the window still lacks, or the broker's margin error. */
  marginProblem: string | undefined;
  submitting: boolean;
  /** The client order key of the current submit attempt; kept across retries of that attempt. */
  attemptKey: string | null;
  problem: string | undefined;
  dialog: OrderWindowDialog | null;
  asmAccepted: boolean;
}

/** The closed window; `generation` carries on, never repeats, so no late answer matches a later opening. */
function closedWindow(generation: number): OrderWindowModel {
  return {
    open: false,
    generation,
    init: null,
    contract: null,
    loading: false,
    loadError: undefined,
    state: emptyOrderWindowState(),
    exchangeInAmo: false,
    margin: null,
    marginProblem: undefined,
    submitting: false,
    attemptKey: null,
    problem: undefined,
    dialog: null,
    asmAccepted: false,
  };
}

export const orderWindow$ = observable<OrderWindowModel>(closedWindow(0));
// Closed, and a new generation: an answer still on its way for the last client's window is dropped.
onSessionReset(() => orderWindow$.set(closedWindow(orderWindow$.generation.peek() + 1)));

const PREFERENCE_KEY = "orderPreference";

/** "On opening, defaults come from the saved orderPreference." */
export function readOrderPreference(): OrderPreference | undefined {
  return readJson<OrderPreference | undefined>(PREFERENCE_KEY, undefined);
}

/** Saved after a successful place: the next window opens as the trader last traded. */
export function saveOrderPreference(s: Pick<OrderWindowState, "priceType" | "orderType" | "pcode" | "validity">): void {
  writeJson(PREFERENCE_KEY, { priceType: s.priceType, orderType: s.orderType, pcode: s.pcode, validity: s.validity } satisfies OrderPreference);
}
