import type { Observable } from "@legendapp/state";
import type { WatchlistScrip } from "../../data/api/watchlist";
import { formatPercent, formatPrice } from "../../core/format";
import type { Exchange } from "../../core/types/exchange";
import type { LiveQuote } from "../../feed/quoteStore";
import { markAttrs, type MarkSource, type PriceMark } from "../views/priceStale";
import type { Flashable } from "./flash";

/** What a live cell needs of its row: the instrument and the list call's figures until a frame comes (any market grid's row). */
export type LiveRow = Pick<WatchlistScrip, "exchange" | "token" | "tradingSymbol" | "ltp" | "chg" | "pchg">;

/** The figures a cell shows: the feed's once a frame has come (a last price above 0), the list call's before. */
export interface Figures {
  ltp: number;
  chg: number;
  pchg: number;
}

export function figuresOf(q: LiveQuote, row: LiveRow): Figures {
  return q.LastRate > 0 ? { ltp: q.LastRate, chg: q.chg, pchg: q.pchg } : { ltp: row.ltp, chg: row.chg, pchg: row.pchg };
}

/**
 * One kind of live cell: its text, the figure whose sign colours it, and the figure whose rise or
 * fall flashes it, read off the figures `F` its source gives (a market grid's ltp/chg/pchg by default).
 */
export interface CellKind<F = Figures> {
  field: string;
  text(f: F, exchange: Exchange): string;
  sign(f: F): number;
  flashOn?(f: F): number;
}

const signed = (v: number) => (v > 0 ? "+" : "");

export const LTP_CELL: CellKind = { field: "ltp", text: (f, ex) => formatPrice(f.ltp, ex), sign: (f) => f.chg, flashOn: (f) => f.ltp };
export const CHANGE_CELL: CellKind = { field: "chg", text: (f, ex) => `${signed(f.chg)}${formatPrice(f.chg, ex)}`, sign: (f) => f.chg };
export const PERCENT_CELL: CellKind = { field: "pchg", text: (f) => `${signed(f.pchg)}${formatPercent(f.pchg)}%`, sign: (f) => f.pchg };

/** What a binding writes to: a cell element (an HTMLElement in the app, a plain object in tests). */
export interface CellElement extends Flashable {
  className: string;
  /** Why the price is marked, when it stands at its reference price in a replay; "" otherwise. */
  title: string;
  dataset: { flash?: string; stale?: string };
  firstChild: { nodeValue: string | null } | null;
  textContent: string | null;
}

export interface CellSources {
  quote: Observable<LiveQuote>;
  /** The price's mark (../views/priceStale.ts priceMark). */
  mark: MarkSource;
  flash(el: CellElement, direction: "up" | "down"): void;
}

/** Where a bound cell's figures come from: what they are now, and a watch that calls back when they may have changed (returns the unwatching). */
export interface FigureSource<F> {
  read(): F;
  watch(changed: () => void): () => void;
}

/**
 * Binds a market grid's cell to its instrument's live quote and staleness (see bindCell); until a
 * frame comes it shows the row's list-call figures. Given `ranked`, it shows those figures instead
 * (still marked stale with its instrument).
 */
export function bindLiveCell(el: CellElement, base: string, row: LiveRow, kind: CellKind, sources: CellSources, ranked?: Figures): () => void {
  // A ranked grid's sorted column shows the figures its rows were ranked by (MarketGrid): they change at the next ranking, not on a tick.
  const figures: FigureSource<Figures> = ranked
    ? { read: () => ranked, watch: () => () => undefined }
    : { read: () => figuresOf(sources.quote.peek(), row), watch: (changed) => sources.quote.onChange(changed) };
  return bindCell(el, base, row.exchange, kind, figures, { mark: sources.mark, symbol: row.tradingSymbol, flash: sources.flash });
}

/**
 * Binds a cell element to its live figures and staleness, written straight into the DOM: a change
 * sets the text of the cell's one Text node, its colour class and its flash, and only what changed;
 * no React render, so a tick costs neither a render of the cell nor a reconcile, and a mounting row
 * costs one listener per cell instead of a selector per field (issue 18: with four ticking panes a
 * frame could not afford the renders next to a scroll's). The class is `base` plus up/down by the
 * sign of the cell's figure. A cell without `mark` is never marked stale, one without `flash` never
 * flashes. Returns the unbinding.
 */
export function bindCell<F>(
  el: CellElement,
  base: string,
  exchange: Exchange,
  kind: CellKind<F>,
  figures: FigureSource<F>,
  { mark, symbol = "", flash }: { mark?: MarkSource; symbol?: string; flash?: (el: CellElement, direction: "up" | "down") => void } = {},
): () => void {
  let text: string | null = null;
  let cls = el.className;
  let flashed = Number.NaN;
  const show = () => {
    const f = figures.read();
    const t = kind.text(f, exchange);
    if (t !== text) {
      if (el.firstChild) el.firstChild.nodeValue = t;
      else el.textContent = t;
      text = t;
    }
    const sign = kind.sign(f);
    const c = sign > 0 ? `${base} up` : sign < 0 ? `${base} down` : base;
    if (c !== cls) el.className = cls = c;
    if (kind.flashOn && flash) {
      const v = kind.flashOn(f);
      // The first figure shown, and a rise from nothing (no price yet), do not flash.
      if (!Number.isNaN(flashed) && flashed !== 0 && v !== flashed) flash(el, v > flashed ? "up" : "down");
      flashed = v;
    }
  };
  // The mark by the one rule of every price on screen (priceStale.ts markAttrs): dimmed when stale or at its reference price, titled why for the latter.
  const showMark = (m: PriceMark) => {
    const a = markAttrs(m, symbol);
    if (a.stale) el.dataset.stale = a.stale;
    else delete el.dataset.stale;
    const title = a.title ?? "";
    if (el.title !== title) el.title = title;
  };
  show();
  const offFigures = figures.watch(show);
  if (!mark) return offFigures;
  showMark(mark.peek());
  const offStale = mark.onChange(({ value }) => showMark(value));
  return () => {
    offFigures();
    offStale();
  };
}
