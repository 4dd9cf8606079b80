import type { Observable } from "@legendapp/state";
import type { WatchlistScrip } from "../../data/api/watchlist";
import { formatPercent, formatPrice } from "../../core/format";
import type { Exchange } from "../../core/types/exchange";
import type { LiveQuote } from "../../feed/quoteStore";
import { staleAttr } from "../views/priceStale";
import type { Flashable } from "./flash";

/** What a live cell needs of its row: the instrument and the list call's figures until a frame comes (any market grid's row). */
export type LiveRow = Pick<WatchlistScrip, "exchange" | "token" | "ltp" | "chg" | "pchg">;

/** The figures a cell shows: the feed's once a frame has come (a last price above 0), the list call's before. */
export interface Figures {
  ltp: number;
  chg: number;
  pchg: number;
}

export function figuresOf(q: LiveQuote, row: LiveRow): Figures {
  return q.LastRate > 0 ? { ltp: q.LastRate, chg: q.chg, pchg: q.pchg } : { ltp: row.ltp, chg: row.chg, pchg: row.pchg };
}

/** One kind of live cell: its text, the figure whose sign colours it, and the figure whose rise or fall flashes it. */
export interface CellKind {
  field: "ltp" | "chg" | "pchg";
  text(f: Figures, exchange: Exchange): string;
  sign(f: Figures): number;
  flashOn?(f: Figures): number;
}

const signed = (v: number) => (v > 0 ? "+" : "");

export const LTP_CELL: CellKind = { field: "ltp", text: (f, ex) => formatPrice(f.ltp, ex), sign: (f) => f.chg, flashOn: (f) => f.ltp };
export const CHANGE_CELL: CellKind = { field: "chg", text: (f, ex) => `${signed(f.chg)}${formatPrice(f.chg, ex)}`, sign: (f) => f.chg };
export const PERCENT_CELL: CellKind = { field: "pchg", text: (f) => `${signed(f.pchg)}${formatPercent(f.pchg)}%`, sign: (f) => f.pchg };

/** What a binding writes to: a cell element (an HTMLElement in the app, a plain object in tests). */
export interface CellElement extends Flashable {
  className: string;
  dataset: { flash?: string; stale?: string };
  firstChild: { nodeValue: string | null } | null;
  textContent: string | null;
}

export interface CellSources {
  quote: Observable<LiveQuote>;
  stale: Observable<boolean>;
  flash(el: CellElement, direction: "up" | "down"): void;
}

/**
 * Binds a cell element to its instrument's live quote and staleness, written straight into the
 * DOM: a tick sets the text of the cell's one Text node, its colour class and its flash, and only
 * what changed; no React render, so a tick costs neither a render of the cell nor a reconcile, and
 * a mounting row costs one listener per cell instead of a selector per field (issue 18: with
 * four ticking panes a frame could not afford the renders next to a scroll's). The class is
 * `base` plus up/down by the sign of the cell's figure. Returns the unbinding.
 */
export function bindLiveCell(el: CellElement, base: string, row: LiveRow, kind: CellKind, sources: CellSources): () => void {
  let text: string | null = null;
  let cls = el.className;
  let flashed = Number.NaN;
  const show = (q: LiveQuote) => {
    const f = figuresOf(q, row);
    const t = kind.text(f, row.exchange);
    if (t !== text) {
      if (el.firstChild) el.firstChild.nodeValue = t;
      else el.textContent = t;
      text = t;
    }
    const sign = kind.sign(f);
    const c = sign > 0 ? `${base} up` : sign < 0 ? `${base} down` : base;
    if (c !== cls) el.className = cls = c;
    if (kind.flashOn) {
      const v = kind.flashOn(f);
      // The first figure shown, and a rise from nothing (no price yet), do not flash.
      if (!Number.isNaN(flashed) && flashed !== 0 && v !== flashed) sources.flash(el, v > flashed ? "up" : "down");
      flashed = v;
    }
  };
  const showStale = (stale: boolean) => {
    const a = staleAttr(stale);
    if (a) el.dataset.stale = a;
    else delete el.dataset.stale;
  };
  show(sources.quote.peek());
  showStale(sources.stale.peek());
  const offQuote = sources.quote.onChange(({ value }) => show(value));
  const offStale = sources.stale.onChange(({ value }) => showStale(value));
  return () => {
    offQuote();
    offStale();
  };
}
