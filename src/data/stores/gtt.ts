import { coalesced } from "./coalesce";
import { isOk } from "../api/http";
import { observable } from "@legendapp/state";
import { fetchGttList } from "../api/gtt";
import { fetchSecurityInfo } from "../api/orders";
import { clientState, sessionEndedSince } from "./sessionReset";
import { fromExchPair, type Exchange } from "../../core/types/exchange";
import type { TrailUnit } from "../../core/types/order";
import type { GttEntry, GttTriggerType } from "../../core/types/gtt";
import type { TransactionType } from "../../core/types/order";
import { errorMessage } from "../../core/errorLog";
import { onSignal } from "../../core/events";
import { gttTrailOf, type GttLegKind } from "../../core/rules/gtt";

/** What a GTT row shows of its instrument besides the entry: its name and prices. */
export interface GttInstrument {
  tradingSymbol: string;
  tickSize: number;
  lotSize: number;
  pdc: number;
  ltp: number;
  /** The previous last price seen, so a row can show the tick's direction (the entry's pltp). */
  pltp: number;
}

export interface GttListState {
  entries: GttEntry[];
  loaded: boolean;
  error: string | undefined;
  /** By `${exchange}:${token}`. */
  instruments: Record<string, GttInstrument>;
}

/** The GTT list as the broker last answered it (order/getorderlist). */
const initialGtt = (): GttListState => ({ entries: [], loaded: false, error: undefined, instruments: {} });

export const gtt$ = observable<GttListState>(initialGtt());
clientState({ name: "gtt", holds: () => gtt$.peek(), reset: () => gtt$.set(initialGtt()), books: true });

export const instrumentKey = (exchange: Exchange, token: string): string => `${exchange}:${token}`;

/** Re-fetches the list. Calls while one runs collapse into one more fetch after it. */
export const refreshGtt = coalesced(() => fetchList());

// Here, not in the GTT tab: the Orders pane's "GTT n" count reads this list whether or not the tab
// is shown, so a reload asked for (a trail, a reconnect) reaches it either way.
onSignal("gtt.refresh", () => void refreshGtt());

async function fetchList(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const r = await fetchGttList();
    if (ended()) return;
    if (!r.ok) {
      gtt$.assign({ loaded: true, error: r.message });
      return;
    }
    gtt$.assign({ entries: r.entries, loaded: true, error: undefined });
    await refreshGttQuotes();
  } catch (err) {
    if (ended()) return;
    gtt$.assign({ loaded: true, error: errorMessage(err) });
  }
}

/**
 * Reads the contract (symbol, tick, lot, previous close) and a first last price of every
 * instrument in the list, once per list refresh; live prices then come from the feed.
 */
export async function refreshGttQuotes(): Promise<void> {
  const ended = sessionEndedSince();
  const keys = new Map<string, { exchange: Exchange; token: string }>();
  for (const e of gtt$.entries.peek()) {
    const exchange = fromExchPair(e.Exch, e.ExchType);
    if (exchange) keys.set(instrumentKey(exchange, e.ScripCode), { exchange, token: e.ScripCode });
  }
  await Promise.all(
    [...keys.entries()].map(async ([key, req]) => {
      try {
        const env = await fetchSecurityInfo(req);
        const c = env.result[0];
        if (!isOk(env) || !c || ended()) return;
        const slot = gtt$.instruments[key]!;
        const previous = slot.peek();
        slot.set({
          tradingSymbol: c.tradingSymbol,
          tickSize: c.tickSize,
          lotSize: c.lotSize,
          pdc: c.pdc,
          ltp: c.ltp,
          pltp: previous ? (previous.ltp !== c.ltp ? previous.ltp : previous.pltp) : c.ltp,
        });
      } catch {
        /* told by the HTTP table; the row keeps its last price */
      }
    }),
  );
}

export function findGtt(gttId: string): GttEntry | undefined {
  return gtt$.entries.peek().find((e) => e.GTTID === gttId);
}

/** What opens the GTT form: an instrument (by token or symbol), and what to pre-fill; gttId to modify. */
export interface GttFormInit {
  exchange?: Exchange;
  token?: string;
  symbol?: string;
  transactionType: TransactionType;
  triggerType?: GttTriggerType;
  quantity?: number;
  /** SINGLE trigger or OCO target. */
  leg1?: { trigger: number; price?: number };
  /** OCO stop-loss. */
  leg2?: { trigger: number; price?: number };
  gttId?: string;
  /** Issue 33: the stop leg's trail. */
  trail?: { value: number; unit: TrailUnit; jump: number };
  /** Where the SINGLE trigger opens when none is given: on the stop-loss side for a GTT protecting a position. */
  singleOn?: GttLegKind;
}

/** The instrument a GTT entry is on, by its symbol once its contract is in ("INFY-EQ"), else its scrip code. */
export function gttSymbol(e: GttEntry): string {
  const exchange = fromExchPair(e.Exch, e.ExchType);
  return (exchange ? gtt$.instruments[instrumentKey(exchange, e.ScripCode)]!.peek()?.tradingSymbol : undefined) ?? e.ScripCode;
}

/** The form's pre-fill for modifying a listed GTT. */
export function modifyInitOf(e: GttEntry): GttFormInit | undefined {
  const exchange = fromExchPair(e.Exch, e.ExchType);
  if (!exchange) return undefined;
  const trail = gttTrailOf(e);
  return {
    exchange,
    token: e.ScripCode,
    symbol: gttSymbol(e),
    transactionType: e.GTTBuySell === "B" ? "BUY" : "SELL",
    triggerType: e.TriggerType,
    quantity: e.Qty,
    // Price is a leg's trigger and EntryPrice its limit price (src/core/types/gtt.ts).
    leg1: { trigger: e.Price1, price: e.EntryPrice1 },
    ...(e.TriggerType === "OCO" ? { leg2: { trigger: e.Price2, price: e.EntryPrice2 } } : {}),
    gttId: e.GTTID,
    // A modify shows the trail it has, where the trail has moved the trigger to.
    ...(trail ? { trail } : {}),
  };
}
