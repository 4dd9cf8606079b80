import type { Exchange } from "../../../src/core/types/exchange.js";
import type { Clock } from "../../clock.js";
import { isSessionOpen, MARKET_HOURS } from "../../../src/core/marketHours.js";
import { istDateKey, istSecondsOfDay } from "../../../src/core/time.js";
import { key, type InstrumentMaster } from "../instruments/master.js";
import { roundToTick } from "../../../src/core/rules/tick.js";
import { MinuteBars } from "./minuteBars.js";
import type { Bar } from "../../../src/core/types/bar.js";
import type { DepthLevel, Instrument, Market, Quote, TickListener } from "../types.js";
import { buildBook, type Book } from "./book.js";
import { circuitsFor, DERIVATIVE_VOL, openingWeekRange, derivativeFairValue, nearMoneyWeight, openInterestLots, optionTradeLots, priceInBand } from "./pricing.js";
import { OiMinutes } from "./oiMinutes.js";
import { Rng } from "./rng.js";
import { roundPercent } from "../../../src/core/money.js";

/**
 * The market simulator.
 *
 * Which instruments tick: every "driver" moves on every step while its exchange is open:
 * cash equities, indices and the near future of each commodity and currency (about 1,050).
 * Derivatives (about 22,000) are priced from their underlying: a derivative that someone
 * watches (the feed's subscriptions, resting orders through watch()) is repriced every step;
 * one nobody watches is repriced when its quote is asked for. onTick reports watched
 * instruments only, and depth is built only when read. That keeps a step cheap (a few ms for
 * all drivers) while every quote anyone sees is current. BSE shares follow their NSE listing
 * within a tick.
 *
 * Determinism: one seeded stream per instrument plus one market-wide stream; the same
 * SIM_SEED and the same number of steps give the same prices (tests run TICK_HZ=0 and step()).
 */

interface State {
  inst: Instrument;
  /** The state's place among the market's states, 0 up, in the order they were made (ChangeListener). */
  slot: number;
  rng: Rng;
  /** Depth draws come from their own stream, so reading a book never changes the price path. */
  bookRng: Rng;
  ltp: number;
  lastQty: number;
  ltt: number;
  volume: number;
  turnover: number;
  open: number;
  high: number;
  low: number;
  pClose: number;
  uc: number;
  lc: number;
  weekHigh: number;
  weekLow: number;
  /** Built when someone reads it (a watched instrument's tick, a quote): most drivers are never looked at. */
  book: Book | null;
  /** The last book built: the next is carried on from it (book.ts), so depth keeps its levels between changes. */
  lastBook: Book | null;
  /** The quote as it stands, built when first asked and shared by every caller until the next change (apply). */
  quote: Quote | null;
  oi: number;
  dayHiOI: number;
  dayLoOI: number;
  previousOI: number;
  seq: number;
  updatedAt: Date;
  day: string;
  bars: MinuteBars;
  /** A derivative's OI and price at the end of each minute it moved in (issue 31); empty for others. */
  oiMinutes: OiMinutes;
  /** Per-step volatility of the driver's log price. */
  sigma: number;
  watchers: number;
  /** For BSE shares: the NSE listing they follow. */
  follows: State | null;
  /** A derivative forced by setPrice holds that price until its underlying moves (underlying seq at the time). */
  pinnedAt: number | null;
  /** A derivative's underlying seq at its last repricing: asked again after the underlying moved, it is repriced. */
  basis: number;
  /** The derivatives of this instrument that have a state, so a forced price reaches them without a lookup per contract in the master. */
  dependents: State[];
}

/** Annual volatilities by kind; per-step sigma = vol / sqrt(steps in a trading year). */
const ANNUAL_VOL: Record<string, number> = { EQ: 0.3, INDEX: 0.14, FUTCOM: 0.25, FUTCUR: 0.05 };
const INDEX_VOL: Record<string, number> = { INDIAVIX: 0.9 };

/**
 * One instrument's figures of the day as a snapshot keeps them (server/market/simDay.ts): what a
 * restart of the same trading day must not reset (issue 29: RELIANCE's high fell from 1,360 to
 * 1,345.50 and an option jumped 86.30 -> 100.45 after a restart). The random streams are kept
 * too, so the walk carries on instead of replaying the morning.
 */
export interface DayState extends Pick<State, "ltp" | "lastQty" | "ltt" | "volume" | "turnover" | "open" | "high" | "low" | "pClose" | "uc" | "lc" | "weekHigh" | "weekLow"> {
  day: string;
  oi: number;
  dayHiOI: number;
  dayLoOI: number;
  previousOI: number;
  seq: number;
  updatedAt: number;
  rng: [number, number | null];
  bookRng: [number, number | null];
  pinnedAt: number | null;
  basis: number;
}

/** What changed since the last snapshot: each instrument's figures and its bars from the last one written on. */
export interface DayChanges {
  marketRng: [number, number | null];
  changed: Array<{ key: string; state: DayState; bars: Bar[] }>;
}

/** A saved day to carry on from: the market-wide stream and each instrument's figures and bars. */
export interface SavedDay {
  marketRng: [number, number | null];
  instruments: Map<string, { state: DayState; bars: Bar[] }>;
}

export interface SimMarket extends Market {
  stop(): void;
  /** The figures changed since the last call (each is taken as written once returned). */
  dayChanges(): DayChanges;
  /** Carries on from a saved day: call once, before the first step, with a snapshot of today's date. */
  resumeDay(saved: SavedDay): void;
  /**
   * Every change of every instrument, watched or not (the flight recorder, issue 35): a watched
   * instrument's quote, else one view the market fills again for each change (no quote is built
   * for an instrument nobody watches; the view's depth is the book's own, not copied, and built only when read). Read it
   * at once and keep nothing of it. Returns the detach.
   */
  onChange(listener: ChangeListener): () => void;
}

/** What a change listener reads: the quote's figures (a Quote is one). */
export type ChangeView = Omit<Quote, "chg" | "pchg" | "bids" | "asks"> & { readonly bids: readonly DepthLevel[]; readonly asks: readonly DepthLevel[] };
/**
 * `slot`: the instrument's place in the market, a whole number from 0 up that stays the same for the
 * market's life, given in the order the market first priced them (so a step's changes come in
 * nearly rising order). A listener can keep what it knows of an instrument in arrays by slot
 * instead of looking the instrument up on every change.
 */
export type ChangeListener = (change: ChangeView, instrument: Instrument, slot: number) => void;

export interface MarketOptions {
  master: InstrumentMaster;
  clock: Clock;
  seed: number;
  tickHz: number;
}

export function createMarket(opts: MarketOptions): SimMarket {
  const { master, clock, seed } = opts;
  const states = new Map<string, State>();
  const drivers: State[] = [];
  const watchedDerivatives = new Set<State>();
  const listeners = new Set<TickListener>();
  const changeListeners = new Set<ChangeListener>();
  const marketRng = Rng.of(seed, "market");
  // Roughly one step per second over a 6.25-hour session, 250 days: the walk's pace does not
  // depend on TICK_HZ, so a fast test feed does not make prices wilder.
  const stepsPerYear = 250 * 6.25 * 3600;
  /** Saved states of a resumed day not yet asked for (derivatives get a state when first asked). */
  const pendingResume = new Map<string, { state: DayState; bars: Bar[] }>();
  /** What the last snapshot took of each state: its seq, its stream's position and its last bar's minute. */
  const written = new Map<State, { seq: number; rng: number; barMinute: number }>();

  function newState(inst: Instrument, now: Date): State {
    const rng = Rng.of(seed, key(inst.exchange, inst.token));
    const tick = inst.tickSize;
    const pClose = roundToTick(inst.referencePrice, tick) || tick;
    const underlyingClose = inst.underlying ? (master.get(inst.underlying.exchange, inst.underlying.token)?.referencePrice ?? pClose) : pClose;
    const { uc, lc } = circuitsFor(inst, pClose, underlyingClose);
    const clamp = (p: number) => Math.max(lc > 0 ? lc : tick, uc > 0 ? Math.min(uc, p) : p);
    const open = clamp(roundToTick(pClose * (1 + rng.normal() * 0.004), tick));
    const { weekHigh, weekLow } = openingWeekRange(open, pClose, tick, rng);
    const isDerivative = inst.underlying !== null;
    const previousOI = isDerivative ? inst.lotSize * rng.int(500, 60000) : 0;
    const vol: number = inst.insType === "INDEX" ? (INDEX_VOL[inst.symbol] ?? 0.14) : (DERIVATIVE_VOL.get(inst.symbol) ?? ANNUAL_VOL[inst.insType] ?? 0.3);
    const s: State = {
      inst,
      slot: states.size,
      rng,
      bookRng: Rng.of(seed, `${key(inst.exchange, inst.token)}:book`),
      ltp: open,
      lastQty: 0,
      ltt: istSecondsOfDay(now),
      volume: 0,
      turnover: 0,
      open,
      high: open,
      low: open,
      pClose,
      uc,
      lc,
      weekHigh,
      weekLow,
      book: null,
      lastBook: null,
      quote: null,
      oi: previousOI,
      dayHiOI: previousOI,
      dayLoOI: previousOI,
      previousOI,
      seq: 0,
      updatedAt: now,
      day: istDateKey(now),
      bars: new MinuteBars(),
      oiMinutes: new OiMinutes(),
      sigma: vol / Math.sqrt(stepsPerYear),
      watchers: 0,
      follows: null,
      pinnedAt: null,
      basis: -1,
      dependents: [],
    };
    states.set(key(inst.exchange, inst.token), s);
    // The opening figures stood until this first pricing: they are the minute before's, where the OI windows start.
    if (isDerivative) s.oiMinutes.record(minuteOf(now) - 60_000, s.oi, s.ltp);
    const saved = pendingResume.get(key(inst.exchange, inst.token));
    if (saved) {
      pendingResume.delete(key(inst.exchange, inst.token));
      restoreState(s, saved.state, saved.bars);
    }
    return s;
  }

  function restoreState(s: State, d: DayState, bars: readonly Bar[]): void {
    Object.assign(s, {
      day: d.day, ltp: d.ltp, lastQty: d.lastQty, ltt: d.ltt, volume: d.volume, turnover: d.turnover, open: d.open, high: d.high, low: d.low,
      pClose: d.pClose, uc: d.uc, lc: d.lc, weekHigh: d.weekHigh, weekLow: d.weekLow, oi: d.oi, dayHiOI: d.dayHiOI, dayLoOI: d.dayLoOI,
      previousOI: d.previousOI, seq: d.seq, updatedAt: new Date(d.updatedAt), pinnedAt: d.pinnedAt, basis: d.basis, book: null, quote: null,
    });
    // A day saved while options took their future's percentage band (MCX 4 % or 6 %, currency 3 %)
    // is resumed with the option rule's band (circuitsFor): its lower circuit is one tick.
    if (s.inst.optionType && s.lc !== s.inst.tickSize) ({ uc: s.uc, lc: s.lc } = circuitsFor(s.inst, s.pClose, underlyingCloseOf(s, s.day)));
    s.rng.resume(d.rng);
    s.bookRng.resume(d.bookRng);
    s.bars.clear();
    for (const b of bars) s.bars.restore(b);
    // The OI history is the session's, kept in memory only: a restart starts it again from the restored figures.
    s.oiMinutes.clear();
    if (s.inst.underlying) s.oiMinutes.record(minuteOf(s.updatedAt), s.oi, s.ltp);
    // As saved is as written: the next snapshot takes only what moves after the restart.
    written.set(s, { seq: s.seq, rng: d.rng[0], barMinute: bars.at(-1)?.time ?? 0 });
  }

  function dayStateOf(s: State): DayState {
    return {
      day: s.day, ltp: s.ltp, lastQty: s.lastQty, ltt: s.ltt, volume: s.volume, turnover: s.turnover, open: s.open, high: s.high, low: s.low,
      pClose: s.pClose, uc: s.uc, lc: s.lc, weekHigh: s.weekHigh, weekLow: s.weekLow, oi: s.oi, dayHiOI: s.dayHiOI, dayLoOI: s.dayLoOI,
      previousOI: s.previousOI, seq: s.seq, updatedAt: s.updatedAt.getTime(), rng: s.rng.saved(), bookRng: s.bookRng.saved(), pinnedAt: s.pinnedAt, basis: s.basis,
    };
  }

  function stateOf(exchange: Exchange, token: number): State | undefined {
    const k = key(exchange, token);
    const found = states.get(k);
    if (found) return found;
    const inst = master.get(exchange, token);
    if (!inst) return undefined;
    const resumed = pendingResume.has(k);
    const s = newState(inst, clock.now());
    if (inst.underlying) {
      stateOf(inst.underlying.exchange, inst.underlying.token)?.dependents.push(s);
      // A resumed derivative keeps its saved price until its underlying next moves or it is asked again.
      if (!resumed) reprice(s, clock.now(), false);
    }
    return s;
  }

  /**
   * The previous close of a derivative's underlying on `day` (an option's band is a tenth of it wide):
   * its previous close once it has started the day, else its last price, which becomes that close
   * when it does; one not priced yet, its reference price. An instrument with no underlying answers its own.
   */
  function underlyingCloseOf(s: State, day: string): number {
    const ref = s.inst.underlying;
    if (!ref) return s.pClose;
    const u = states.get(key(ref.exchange, ref.token));
    if (u) return u.day === day ? u.pClose : u.ltp;
    return master.get(ref.exchange, ref.token)?.referencePrice ?? s.ltp;
  }

  /** A new day: yesterday's last price becomes the previous close and the day's figures reset. */
  function rollDay(s: State, day: string, now: Date): void {
    s.day = day;
    s.pClose = s.ltp;
    ({ uc: s.uc, lc: s.lc } = circuitsFor(s.inst, s.pClose, underlyingCloseOf(s, day)));
    s.open = s.high = s.low = s.ltp;
    s.volume = s.turnover = 0;
    s.previousOI = s.dayHiOI = s.dayLoOI = s.oi;
    s.bars.clear();
    s.oiMinutes.clear();
    // The day opens on yesterday's close and OI, standing the minute before its first trade.
    if (s.inst.underlying) s.oiMinutes.record(minuteOf(now) - 60_000, s.oi, s.ltp);
  }

  /** Records a trade at `price` (or a new index value) and refreshes book, OHLC, bars and OI. */
  function apply(s: State, price: number, now: Date, traded: boolean): void {
    const day = istDateKey(now);
    if (day !== s.day) rollDay(s, day, now);
    s.ltp = priceInBand(price, s.inst.tickSize, s.lc, s.uc);
    if (s.inst.isIndex) s.ltp = Math.max(0.01, roundToTick(price, s.inst.tickSize));
    s.high = Math.max(s.high, s.ltp);
    s.low = Math.min(s.low, s.ltp);
    s.weekHigh = Math.max(s.weekHigh, s.ltp);
    s.weekLow = Math.min(s.weekLow, s.ltp);
    s.ltt = istSecondsOfDay(now);
    if (traded && !s.inst.isIndex) {
      // Options: the same two draws, transformed (server/README.md, "How the simulator moves OI and
      // IV"): lots crowd near the money, and OI moves by at most the lots traded.
      const weight = s.inst.optionType ? nearMoneyWeight(s.inst.strikePrice, underlyingPrice(s)) : 0;
      const drawn = s.rng.int(1, s.inst.lotSize > 1 ? 20 : 500);
      const lots = s.inst.optionType ? optionTradeLots(drawn, weight) : drawn;
      s.lastQty = lots * s.inst.lotSize;
      s.volume += s.lastQty;
      s.turnover += s.lastQty * s.ltp;
      if (s.inst.underlying) {
        const draw = s.rng.int(-30, 40);
        s.oi = Math.max(0, s.oi + s.inst.lotSize * (s.inst.optionType ? openInterestLots(lots, draw) : draw));
        s.dayHiOI = Math.max(s.dayHiOI, s.oi);
        s.dayLoOI = Math.min(s.dayLoOI, s.oi);
      }
    }
    if (s.inst.underlying) s.oiMinutes.record(minuteOf(now), s.oi, s.ltp);
    s.book = null;
    s.quote = null;
    s.seq = (s.seq + 1) >>> 0;
    s.updatedAt = now;
    // The day's first bar opens at the day's open, so a chart's first candle and the quote's open agree.
    s.bars.record(Math.floor(now.getTime() / 60_000) * 60_000, s.bars.length === 0 ? s.open : s.ltp, s.ltp, traded ? s.lastQty : 0);
  }

  /** A derivative's price from its underlying's current value, with a little noise of its own. */
  function fairValue(s: State, now: Date): number | undefined {
    const u = s.inst.underlying;
    if (!u) return undefined;
    const us = stateOf(u.exchange, u.token);
    if (!us) return undefined;
    if (s.pinnedAt !== null) {
      if (us.seq === s.pinnedAt) return undefined;
      s.pinnedAt = null;
    }
    s.basis = us.seq;
    const fair = derivativeFairValue(s.inst, us.ltp, now, vix);
    return s.inst.optionType ? fair : fair * (1 + s.rng.normal() * 0.0004);
  }

  /** The underlying's last price (the option's own strike when it has none, so it reads as at the money). */
  function underlyingPrice(s: State): number {
    const u = s.inst.underlying;
    return (u ? states.get(key(u.exchange, u.token))?.ltp : undefined) ?? s.inst.strikePrice;
  }

  function underlyingMoved(s: State): boolean {
    const u = s.inst.underlying;
    return u !== null && states.get(key(u.exchange, u.token))?.seq !== s.basis;
  }

  function reprice(s: State, now: Date, emitIt: boolean): void {
    const fv = fairValue(s, now);
    if (fv === undefined) return;
    const before = s.ltp;
    const traded = s.rng.next() < 0.6;
    apply(s, fv, now, traded);
    if (s.ltp !== before || traded) {
      if (emitIt) emit(s);
      else changed(s);
    }
  }

  function bookOf(s: State): Book {
    s.book ??= s.lastBook = buildBook(s.inst, s.ltp, s.lc, s.uc, s.bookRng, s.lastBook);
    return s.book;
  }

  /**
   * The instrument's quote: one frozen snapshot per change, shared by the tick's listeners and
   * every caller until the price next moves, instead of a copy of the depth book per caller
   * (issue 18: every order read the quote a few times). Frozen, so a caller that tried to change
   * it would fail at once instead of changing what others read.
   */
  function quoteOf(s: State): Quote {
    return (s.quote ??= frozen(toQuote(s)));
  }

  /** The state the view shows; its depth is built only if a listener reads it (the recorder reads it at most once a second). */
  let viewed: State | null = null;
  const view = {
    get bids() { return bookOf(viewed!).bids; },
    get asks() { return bookOf(viewed!).asks; },
    get totalBuyQty() { return bookOf(viewed!).totalBuyQty; },
    get totalSellQty() { return bookOf(viewed!).totalSellQty; },
    // The other figures are set by viewOf before any listener reads the view.
  } as unknown as { -readonly [K in keyof ChangeView]: ChangeView[K] };
  /**
   * The change as the one reused view (onChange): the quote's figures without building a quote,
   * and the depth only when read (building the book of every unwatched instrument on every change
   * cost the recorder more than its own coding).
   */
  function viewOf(s: State): ChangeView {
    viewed = s;
    view.exchange = s.inst.exchange;
    view.token = s.inst.token;
    view.ltp = s.ltp;
    view.lastQty = s.lastQty;
    view.lastTradedTime = s.ltt;
    view.volume = s.volume;
    view.open = s.open;
    view.high = s.high;
    view.low = s.low;
    view.pClose = s.pClose;
    view.avgPrice = avgPriceOf(s);
    view.upperCircuit = s.uc;
    view.lowerCircuit = s.lc;
    view.weekHigh = s.weekHigh;
    view.weekLow = s.weekLow;
    view.openInterest = s.oi;
    view.dayHighOI = s.dayHiOI;
    view.dayLowOI = s.dayLoOI;
    view.previousOI = s.previousOI;
    view.seq = s.seq;
    view.updatedAt = s.updatedAt;
    return view;
  }

  const avgPriceOf = (s: State) => (s.volume > 0 ? roundToTick(s.turnover / s.volume, s.inst.tickSize) : s.ltp);

  function toQuote(s: State): Quote {
    const book = bookOf(s);
    const chg = s.ltp - s.pClose;
    const dec = s.inst.tickSize < 0.01 ? 4 : 2;
    return {
      exchange: s.inst.exchange,
      token: s.inst.token,
      ltp: s.ltp,
      lastQty: s.lastQty,
      lastTradedTime: s.ltt,
      volume: s.volume,
      open: s.open,
      high: s.high,
      low: s.low,
      pClose: s.pClose,
      avgPrice: avgPriceOf(s),
      chg: Number(chg.toFixed(dec)),
      pchg: s.pClose > 0 ? roundPercent((chg / s.pClose) * 100) : 0,
      bids: book.bids.map(levelCopy),
      asks: book.asks.map(levelCopy),
      totalBuyQty: book.totalBuyQty,
      totalSellQty: book.totalSellQty,
      upperCircuit: s.uc,
      lowerCircuit: s.lc,
      weekHigh: s.weekHigh,
      weekLow: s.weekLow,
      openInterest: s.oi,
      dayHighOI: s.dayHiOI,
      dayLowOI: s.dayLoOI,
      previousOI: s.previousOI,
      seq: s.seq,
      updatedAt: s.updatedAt,
    };
  }

  /**
   * A change the market reports (onChange): a price that moved or a trade, watched or not, as
   * the feed would publish it. A derivative repriced to the same price with no trade is not one
   * (its quote built for nothing cost as much as the recorder's own coding).
   */
  function changed(s: State): void {
    if (changeListeners.size === 0) return;
    // A watched instrument's quote is built for its tick anyway; for the rest, the view costs no allocation.
    const q = s.watchers > 0 ? quoteOf(s) : viewOf(s);
    for (const l of changeListeners) l(q, s.inst, s.slot);
  }

  /**
   * Only watched instruments are reported: building a quote for every driver on every step would
   * cost more than the walk itself. Returns the quote the listeners were given, if any.
   */
  function emit(s: State): Quote | undefined {
    changed(s);
    if (listeners.size === 0 || s.watchers === 0) return undefined;
    const q = quoteOf(s);
    for (const l of listeners) {
      try {
        l(q, s.inst);
      } catch (err) {
        // A failing listener must not stop the market or the other listeners.
        console.error("[market] tick listener failed", err);
      }
    }
    return q;
  }

  // Drivers are created up front, in master order, so the paths depend only on seed and steps.
  const boot = clock.now();
  for (const inst of master.all) {
    if (inst.underlying) continue;
    drivers.push(newState(inst, boot));
  }
  const nseByIsin = new Map(drivers.filter((s) => s.inst.exchange === "NSEEQ" && s.inst.insType === "EQ").map((s) => [s.inst.isin, s]));
  for (const s of drivers) {
    if (s.inst.exchange === "BSEEQ" && s.inst.insType === "EQ") s.follows = nseByIsin.get(s.inst.isin) ?? null;
  }

  const vix = drivers.find((s) => s.inst.isIndex && s.inst.symbol === "INDIAVIX");

  function step(): void {
    const now = clock.now();
    const shock = marketRng.normal();
    const open = new Map<Exchange, boolean>();
    const isOpen = (e: Exchange) => {
      let o = open.get(e);
      if (o === undefined) open.set(e, (o = isSessionOpen(e, now)));
      return o;
    };
    for (const s of drivers) {
      if (!isOpen(s.inst.exchange)) continue;
      if (s.follows) {
        const moved = s.follows.ltp + s.inst.tickSize * s.rng.int(-1, 1);
        const before = s.ltp;
        const traded = s.rng.next() < 0.4;
        apply(s, moved, now, traded);
        if (s.ltp !== before || traded) emit(s);
        continue;
      }
      // Shares and indices share one market-wide shock; commodities and currencies walk alone.
      // The India VIX takes the shock reversed: fear rises as the market falls (the options' volatility follows it).
      const correlated = s.inst.insType === "EQ" || s.inst.insType === "INDEX";
      const z = correlated ? (s === vix ? -0.6 : 0.6) * shock + 0.8 * s.rng.normal() : s.rng.normal();
      const traded = s.inst.isIndex || s.rng.next() < 0.7;
      if (!traded) continue;
      apply(s, s.ltp * Math.exp(s.sigma * z), now, true);
      emit(s);
    }
    for (const s of watchedDerivatives) {
      if (isOpen(s.inst.exchange)) reprice(s, now, true);
    }
  }

  const timer = opts.tickHz > 0 ? setInterval(step, 1000 / opts.tickHz) : undefined;
  timer?.unref();

  return {
    instrument: (exchange, token) => master.get(exchange, token),
    instruments: () => master.all,
    bySymbol: (exchange, tradingSymbol) => master.bySymbol(exchange, tradingSymbol),
    quote(exchange, token) {
      const s = stateOf(exchange, token);
      if (!s) return undefined;
      // An unwatched derivative is brought up to date when asked (outside hours it stands still).
      if (s.inst.underlying && s.watchers === 0) {
        const now = clock.now();
        if (isSessionOpen(exchange, now) && (s.updatedAt.getTime() < now.getTime() || underlyingMoved(s))) reprice(s, now, false);
      }
      return quoteOf(s);
    },
    bars: (exchange, token) => stateOf(exchange, token)?.bars.toArray() ?? [],
    oiHistory: (exchange, token) => stateOf(exchange, token)?.oiMinutes.toArray() ?? [],
    isOpen: (exchange, at) => isSessionOpen(exchange, at ?? clock.now()),
    hours: (exchange) => MARKET_HOURS[exchange],
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(exchange, token) {
      const s = stateOf(exchange, token);
      if (!s) return () => {};
      s.watchers++;
      if (s.inst.underlying) watchedDerivatives.add(s);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        s.watchers--;
        if (s.watchers <= 0) watchedDerivatives.delete(s);
      };
    },
    setPrice(exchange, token, price) {
      const s = stateOf(exchange, token);
      if (!s || !Number.isFinite(price)) return undefined;
      const now = clock.now();
      apply(s, price, now, true);
      const u = s.inst.underlying ? states.get(key(s.inst.underlying.exchange, s.inst.underlying.token)) : undefined;
      s.pinnedAt = u ? u.seq : null;
      const emitted = emit(s);
      // Derivatives someone watches follow a forced underlying at once.
      for (const ds of s.dependents) reprice(ds, now, true);
      // The quote the listeners were given is the price's quote (repricing dependents leaves it as it is).
      return emitted ?? quoteOf(s);
    },
    step,
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    dayChanges() {
      const changed: DayChanges["changed"] = [];
      for (const [k, s] of states) {
        const w = written.get(s);
        const rngAt = s.rng.saved()[0];
        if (w && w.seq === s.seq && w.rng === rngAt) continue;
        const bars = s.bars.since(w?.barMinute ?? 0);
        changed.push({ key: k, state: dayStateOf(s), bars });
        written.set(s, { seq: s.seq, rng: rngAt, barMinute: bars.at(-1)?.time ?? w?.barMinute ?? 0 });
      }
      return { marketRng: marketRng.saved(), changed };
    },
    resumeDay(saved) {
      marketRng.resume(saved.marketRng);
      for (const [k, v] of saved.instruments) {
        const s = states.get(k);
        if (s) restoreState(s, v.state, v.bars);
        else pendingResume.set(k, v);
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      listeners.clear();
      changeListeners.clear();
    },
  };
}

const minuteOf = (at: Date): number => Math.floor(at.getTime() / 60_000) * 60_000;

/**
 * A level of the book copied for a quote, as a literal: a spread copy frozen (`frozen`) got a map of
 * its own in V8, one per level ever quoted, so every reader of a level (the feed's frames, the
 * recorder) read it by the slowest lookup, about 70 ns a figure.
 */
const levelCopy = (l: DepthLevel): DepthLevel => ({ price: l.price, quantity: l.quantity, orders: l.orders });

function frozen(q: Quote): Quote {
  for (const l of q.bids) Object.freeze(l);
  for (const l of q.asks) Object.freeze(l);
  Object.freeze(q.bids);
  Object.freeze(q.asks);
  return Object.freeze(q);
}
