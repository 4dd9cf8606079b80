import { isSessionOpen, MARKET_HOURS } from "../../src/core/marketHours.js";
import { roundPercent } from "../../src/core/money.js";
import { TapeChain, tickOfRow, type BlockRows, type TapeTick } from "../../src/core/replay/tapeCodec.js";
import { exchangeAt, exchangeIndex, type Exchange } from "../../src/core/types/exchange.js";
import { key, type InstrumentMaster } from "../market/instruments/master.js";
import { buildBook, type Book } from "../market/sim/book.js";
import { MinuteBars } from "../market/sim/minuteBars.js";
import { circuitsFor, derivativeFairValue, priceInBand, type VixReading } from "../market/sim/pricing.js";
import { Rng } from "../market/sim/rng.js";
import type { DepthLevel, Instrument, Market, Quote, TickListener } from "../market/types.js";
import { payloadRows, type TapeFrameInfo } from "./tapeFile.js";

/**
 * The market of a replay (issue 35): the same Market the engine, the feed, the charts and the
 * GTT triggers use, played from a tape instead of simulated. The driver moves the tape up to the
 * replay clock; each tick replaces the instrument's quote (the tape holds whole states, so a quote
 * is exactly what was recorded) and watched instruments go to the tick listeners, as the simulator's
 * do. A derivative the tape has no ticks for (an option nobody watched while the day was recorded,
 * every option of an imported day) is priced from its replayed underlying by the simulator's own
 * model (derivativeFairValue), with a book drawn around that price, so the chain, the strategy pane
 * and orders follow the day (a modelled quote has no trades: volume, last quantity and OI are 0).
 * Any other instrument the tape never mentions stands at its reference price with an empty book.
 */
interface Held {
  inst: Instrument;
  /**
   * Its last row played (tapeCodec's raw layout): the tape chain's row of the instrument, which the
   * decoder updates in place as its next row is played (BlockRows.take), so playing a row copies
   * nothing. The tick object is made only for a quote.
   */
  row: Float64Array | null;
  quote: Quote | null;
  watchers: number;
  bars: MinuteBars;
  /** Its underlying, held (a derivative's), and the held derivatives of this one (an underlying's). */
  under: Held | null;
  dependents: Held[];
  /** A derivative priced from its underlying while the tape has no row of it (null otherwise, and until first priced). */
  model: Modelled | null;
  /** Its first row's previous close and 52-week range, the day's opening figures (the charts' history is drawn inside them). */
  opening: { pClose: number; weekHigh: number; weekLow: number } | null;
}

/** What a modelled derivative keeps between prices: its day's figures and its book (which carries on, as the simulator's). */
interface Modelled {
  ltp: number;
  open: number;
  high: number;
  low: number;
  pClose: number;
  uc: number;
  lc: number;
  book: Book;
  bookRng: Rng;
  seq: number;
  at: Date;
}

/** The modelled books' seed: a replay draws the same depth each time it is played. */
const MODEL_SEED = 35;

export interface ReplayMarket extends Market {
  /**
   * Plays the tape up to `to` (ms); back in time, it starts again from the top. With `maxBlocks`,
   * it decodes at most that many blocks and stops there (the driver's step: the broker keeps
   * answering while a long way is played); it returns whether it reached `to`.
   */
  advanceTo(to: number, maxBlocks?: number): boolean;
  /**
   * Plays the tape up to `to` a block at a time, yielding to the event loop between blocks, so the
   * broker goes on answering (its status, other users' calls) through a jump across a long tape.
   * A later move (another jump from another window) takes over: this one stops where it got to.
   * Answers whether the tape arrived at `to` (not taken over, nor stopped by the broker closing).
   */
  playTo(to: number): Promise<boolean>;
  /**
   * The time the tape is moving to while it stands behind the clock by more than the driver's
   * normal lag (a jump or a step being played, a restart catching up, a driver fallen behind);
   * undefined when the tape is where the clock is. An order then would fill at the tape's earlier
   * prices while the clock says the new time, so the trader's orders wait (server/replay/orderGate.ts).
   */
  catchingUp(): number | undefined;
  /** Starts the driver (the broker does once it is up): the tape is played to the clock every driveMs. */
  start(): void;
  /** Blocks decoded so far: the tape is decoded as the clock comes to it, never ahead of it at start. */
  readonly decodedBlocks: number;
  /** The first and last tick times of the tape. */
  readonly span: { first: number; last: number };
  stop(): void;
}

/**
 * Blocks the driver decodes in one step at most (a 10-second block at design load is 140,000 to
 * 180,000 ticks), so a jump ahead is played over several steps and the broker answers between them.
 */
const DRIVE_BLOCKS = 1;

/**
 * The driver's normal lag behind the clock, ms of wall time: the speed benches' line (server/README.md,
 * "p95 lag within a second of wall clock"). Times the speed, it is how far the tape may trail the
 * day before the trader's orders wait for it.
 */
export const DRIVER_LAG_MS = 1000;

export function createReplayMarket(opts: {
  master: InstrumentMaster;
  /** The file's frames: a whole file in memory (`buffer`) or read frame by frame (`read`, what the broker does). */
  buffer?: Buffer;
  read?: (f: TapeFrameInfo) => Uint8Array;
  frames: readonly TapeFrameInfo[];
  now: () => Date;
  /** The driver's period, ms (default 50); 0: no driver, the caller steps. */
  driveMs?: number;
  /** How far (ms of the day) the tape may stand behind the clock in the driver's normal running (default DRIVER_LAG_MS, as at 1x). */
  normalLag?: () => number;
  /** Runs a row's tick listeners at the row's time (ReplayClock.atRow); default: as they are. */
  atRow?: (time: number, react: () => void) => void;
}): ReplayMarket {
  const { master, buffer } = opts;
  const read = opts.read ?? ((f: TapeFrameInfo) => buffer!.subarray(f.offset, f.offset + f.length));
  let decodedBlocks = 0;
  const frames = opts.frames;
  const listeners = new Set<TickListener>();
  let frameAt = 0;
  /** The tape's blocks carry on from one another: read in order from the top. */
  let chain = new TapeChain();
  /** The block being played, read a row at a time as the clock comes to it (null: none opened yet, or played out). */
  let block: BlockRows | null = null;
  /** The held instrument of each reference in the chain (the chain names instruments by reference: no lookup per row); reset with each key block. */
  let byRef: Array<Held | null> = [];
  /** The time of the last row played, and whether any was played since the top. */
  let lastRowTime = -Infinity;
  let played = -Infinity;

  /** Held instruments by exchange index, then token (a replay looks one up per row: no key string made per row); null: not in the master. */
  const held: Array<Map<number, Held | null>> = [];
  function heldAt(exchangeIndex: number, token: number): Held | undefined {
    const m = (held[exchangeIndex] ??= new Map());
    let h = m.get(token);
    if (h === undefined) {
      const exchange = exchangeAt(exchangeIndex);
      const inst = exchange && master.get(exchange, token);
      h = inst ? { inst, row: null, quote: null, watchers: 0, bars: new MinuteBars(), under: null, dependents: [], model: null, opening: null } : null;
      m.set(token, h);
      if (h && inst!.underlying) {
        h.under = heldOf(inst!.underlying.exchange, inst!.underlying.token) ?? null;
        h.under?.dependents.push(h);
      }
    }
    return h ?? undefined;
  }
  const heldOf = (exchange: Exchange, token: number): Held | undefined => heldAt(exchangeIndex(exchange), token);

  /** The India VIX as replayed (NSE and BSE options' volatility follows it), if the tape has it. */
  let vixHeld: Held | null | undefined;
  function vixNow(): VixReading | undefined {
    if (vixHeld === undefined) {
      const inst = master.bySymbol("NSEEQ", "INDIAVIX");
      vixHeld = (inst && heldOf(inst.exchange, inst.token)) ?? null;
    }
    const r = vixHeld?.row;
    return r ? { ltp: r[4]! / r[23]!, open: r[7]! / r[23]! } : undefined;
  }

  /** Prices a derivative from its underlying's last row played, at that row's instant (the underlying must have one). */
  function priceModel(h: Held): Modelled {
    const u = h.under!.row!;
    const d = u[23]!;
    const inst = h.inst;
    const tick = inst.tickSize;
    const now = new Date(u[0]!);
    const vix = vixNow();
    const fair = (underlying: number) => priceInBand(derivativeFairValue(inst, underlying, now, vix), tick, 0, 0);
    let m = h.model;
    if (!m) {
      // Its previous close and band from the underlying's previous close; it opens where the underlying opened.
      const pClose = fair(u[10]! / d);
      const { uc, lc } = circuitsFor(inst, pClose, u[10]! / d);
      const open = fair(u[7]! / d);
      const bookRng = Rng.of(MODEL_SEED, `${key(inst.exchange, inst.token)}:book`);
      m = h.model = { ltp: open, open, high: open, low: open, pClose, uc, lc, book: buildBook(inst, open, lc, uc, bookRng), bookRng, seq: 0, at: now };
    }
    const ltp = priceInBand(derivativeFairValue(inst, u[4]! / d, now, vix), tick, m.lc, m.uc);
    if (ltp !== m.ltp || m.seq === 0) m.book = buildBook(inst, ltp, m.lc, m.uc, m.bookRng, m.book);
    m.ltp = ltp;
    m.high = Math.max(m.high, ltp);
    m.low = Math.min(m.low, ltp);
    m.seq++;
    m.at = now;
    return m;
  }

  function modelQuote(h: Held, m: Modelled): Quote {
    const chg = m.ltp - m.pClose;
    const level = (l: DepthLevel) => Object.freeze({ price: l.price, quantity: l.quantity, orders: l.orders });
    return Object.freeze({
      exchange: h.inst.exchange, token: h.inst.token, ltp: m.ltp, lastQty: 0, lastTradedTime: 0, volume: 0, open: m.open, high: m.high, low: m.low, pClose: m.pClose,
      avgPrice: m.ltp, chg: Number(chg.toFixed(h.inst.tickSize < 0.01 ? 4 : 2)), pchg: m.pClose > 0 ? roundPercent((chg / m.pClose) * 100) : 0,
      bids: Object.freeze(m.book.bids.map(level)) as DepthLevel[], asks: Object.freeze(m.book.asks.map(level)) as DepthLevel[], totalBuyQty: m.book.totalBuyQty,
      totalSellQty: m.book.totalSellQty, upperCircuit: m.uc, lowerCircuit: m.lc,
      // No year of history in a model: the 52-week range is what it knows, the previous close and the day's range.
      weekHigh: Math.max(m.high, m.pClose), weekLow: Math.min(m.low, m.pClose), openInterest: 0, dayHighOI: 0, dayLowOI: 0,
      previousOI: 0, seq: m.seq, updatedAt: m.at,
    });
  }

  function quoteOf(h: Held): Quote {
    if (h.quote) return h.quote;
    // A derivative the tape has no row of yet, its underlying played: priced from the underlying now.
    if (!h.row && h.under?.row) return (h.quote = modelQuote(h, priceModel(h)));
    if (!h.row) {
      const p = h.inst.referencePrice;
      return (h.quote = Object.freeze({
        exchange: h.inst.exchange, token: h.inst.token, ltp: p, lastQty: 0, lastTradedTime: 0, volume: 0, open: p, high: p, low: p, pClose: p, avgPrice: p, chg: 0, pchg: 0,
        bids: [], asks: [], totalBuyQty: 0, totalSellQty: 0, upperCircuit: 0, lowerCircuit: 0, weekHigh: p, weekLow: p, openInterest: 0, dayHighOI: 0, dayLowOI: 0,
        previousOI: 0, seq: 0, updatedAt: opts.now(),
      }));
    }
    const t: TapeTick = tickOfRow(h.row, 0);
    const d = t.priceDivisor;
    const px = (v: number) => v / d;
    const side = (levels: TapeTick["bids"]): DepthLevel[] => levels.filter((l) => l.quantity > 0 || l.orders > 0).map((l) => Object.freeze({ price: px(l.price), quantity: l.quantity, orders: l.orders }));
    const ltp = px(t.ltp);
    const pClose = px(t.pClose);
    const chg = ltp - pClose;
    const bids = Object.freeze(side(t.bids)) as DepthLevel[];
    const asks = Object.freeze(side(t.asks)) as DepthLevel[];
    return (h.quote = Object.freeze({
      exchange: h.inst.exchange, token: h.inst.token, ltp, lastQty: t.lastQty, lastTradedTime: t.lastTradedTime, volume: t.volume, open: px(t.open), high: px(t.high),
      low: px(t.low), pClose, avgPrice: px(t.avgPrice), chg: Number(chg.toFixed(d === 10_000 ? 4 : 2)), pchg: pClose > 0 ? roundPercent((chg / pClose) * 100) : 0,
      bids, asks, totalBuyQty: t.totalBuyQty, totalSellQty: t.totalSellQty, upperCircuit: px(t.upperCircuit), lowerCircuit: px(t.lowerCircuit), weekHigh: px(t.weekHigh),
      weekLow: px(t.weekLow), openInterest: t.openInterest, dayHighOI: t.dayHighOI, dayLowOI: t.dayLowOI, previousOI: t.previousOI, seq: t.seq, updatedAt: new Date(t.time),
    }));
  }

  function emit(h: Held): void {
    if (h.watchers === 0 || listeners.size === 0) return;
    const q = quoteOf(h);
    const tell = () => {
      for (const l of listeners) {
        try {
          l(q, h.inst);
        } catch (err) {
          console.error("[replay] tick listener failed", err);
        }
      }
    };
    // The listeners (the engine's fills among them) react at the quote's own time, the row's: the clock has run on past it.
    if (opts.atRow) opts.atRow(q.updatedAt.getTime(), tell);
    else tell();
  }

  /** The row peeked in the block being played, played: the instrument's quote and minute bar follow it. Answers its instrument, if the master has it. */
  function apply(b: BlockRows, emitIt: boolean): Held | undefined {
    // Columns (tapeCodec's SCALAR_COLUMNS): 0 time, 1 exchange, 2 token, 4 ltp, 6 volume, 7 open, 23 price divisor.
    const peeked = b.row;
    const ref = b.ref;
    let h = ref >= 0 ? byRef[ref] : undefined;
    if (h === undefined) {
      h = heldAt(peeked[1]!, peeked[2]!) ?? null;
      if (ref >= 0) byRef[ref] = h;
    }
    const traded = h === null ? 0 : h.row === null ? peeked[6]! : peeked[6]! - h.row[6]!;
    const row = b.take();
    if (h === null) return undefined;
    const d = row[23]!;
    // Columns 10 previous close, 14 and 15 the 52-week high and low: as the day opened, on its first row.
    if (h.row === null) h.opening = { pClose: row[10]! / d, weekHigh: row[14]! / d, weekLow: row[15]! / d };
    h.row = row;
    h.quote = null;
    const price = row[4]! / d;
    h.bars.record(Math.floor(row[0]! / 60_000) * 60_000, h.bars.length === 0 ? row[7]! / d : price, price, Math.max(0, traded));
    h.model = null;
    // Its modelled derivatives are priced again when next asked; the watched ones now, and they tick.
    for (const dep of h.dependents) if (!dep.row) dep.quote = null;
    if (emitIt) {
      emit(h);
      emitDependents(h);
    }
    return h;
  }

  /** A played underlying's watched derivatives that the tape has no rows of: priced from it, charted and sent. */
  function emitDependents(h: Held): void {
    for (const dep of h.dependents) {
      if (dep.row || dep.watchers === 0) continue;
      const q = quoteOf(dep);
      dep.bars.record(Math.floor(q.updatedAt.getTime() / 60_000) * 60_000, dep.bars.length === 0 ? q.open : q.ltp, q.ltp, 0);
      emit(dep);
    }
  }

  function rewind(): void {
    for (const h of held.flatMap((m) => [...m.values()])) {
      if (!h) continue;
      h.row = null;
      h.quote = null;
      h.model = null;
      h.opening = null;
      h.bars.clear();
    }
    frameAt = 0;
    chain = new TapeChain();
    block = null;
    byRef = [];
    lastRowTime = -Infinity;
    played = -Infinity;
  }

  function advanceTo(to: number, maxBlocks = Infinity): boolean {
    if (to < played) rewind();
    let budget = maxBlocks;
    let reached = true;
    // A jump far ahead plays silently; the listeners hear each watched instrument's last state once.
    const from = played === -Infinity ? (frames[0]?.first ?? to) : played;
    const silent = to - from > 60_000;
    const touched = new Set<Held>();
    for (;;) {
      if (block === null || !block.peek()) {
        block = null;
        if (frameAt >= frames.length) break;
        if (frames[frameAt]!.first > to) break;
        if (budget-- <= 0) {
          reached = false;
          break;
        }
        const frame = frames[frameAt++]!;
        block = payloadRows(frame, read(frame), chain);
        // A key block starts the chain's references again.
        if (block.key) byRef = [];
        decodedBlocks++;
        continue;
      }
      // The row peeked waits, decoded, for the clock to reach it.
      if (block.row[0]! > to) break;
      lastRowTime = block.row[0]!;
      const h = apply(block, !silent);
      if (silent && h) touched.add(h);
    }
    for (const h of touched) {
      emit(h);
      emitDependents(h);
    }
    // Stopped short: played up to the last row applied (the rest of its time follows next step).
    played = reached ? to : lastRowTime > -Infinity ? lastRowTime : played === -Infinity ? (frames[0]?.first ?? to) - 1 : played;
    return reached;
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  function start(): void {
    if (timer || stopped || opts.driveMs === 0) return;
    timer = setInterval(() => advanceTo(opts.now().getTime(), DRIVE_BLOCKS), opts.driveMs ?? 50);
    timer.unref();
  }

  /** Moves begun (playTo): a later one takes over from an earlier one still playing. */
  let moves = 0;
  /** The time the move under way plays to; undefined when none is. */
  let movingTo: number | undefined;

  async function playTo(to: number): Promise<boolean> {
    const move = ++moves;
    movingTo = to;
    try {
      // Stopped (the broker closing for another run or for live), its tape is closed: the jump ends where it got to.
      // Taken over, it stops too: two moves playing at once would push the tape back and forth and leave it at either's time.
      for (;;) {
        if (stopped || move !== moves) return false;
        if (advanceTo(to, 1)) return true;
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      if (move === moves) movingTo = undefined;
    }
  }

  function catchingUp(): number | undefined {
    if (movingTo !== undefined) return movingTo;
    const now = opts.now().getTime();
    // Nothing played since the top: the tape stands just before its first tick.
    const at = played === -Infinity ? (frames[0]?.first ?? now) - 1 : played;
    return now - at > (opts.normalLag?.() ?? DRIVER_LAG_MS) ? now : undefined;
  }

  return {
    span: { first: frames[0]?.first ?? 0, last: frames.at(-1)?.last ?? 0 },
    advanceTo,
    playTo,
    catchingUp,
    start,
    get decodedBlocks() {
      return decodedBlocks;
    },
    instrument: (exchange, token) => master.get(exchange, token),
    instruments: () => master.all,
    bySymbol: (exchange, tradingSymbol) => master.bySymbol(exchange, tradingSymbol),
    quote(exchange, token) {
      const h = heldOf(exchange, token);
      return h ? quoteOf(h) : undefined;
    },
    bars: (exchange, token) => heldOf(exchange, token)?.bars.toArray() ?? [],
    // A row of it played: else its quote is the stand-in or the model's (quoteOf), whose 52-week range is the day's so far.
    historyKnown: (exchange, token) => (heldOf(exchange, token)?.row ?? null) !== null,
    historyAnchor: (exchange, token) => heldOf(exchange, token)?.opening ?? undefined,
    oiHistory: () => [],
    isOpen: (exchange, at) => isSessionOpen(exchange, at ?? opts.now()),
    hours: (exchange) => MARKET_HOURS[exchange],
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(exchange, token) {
      const h = heldOf(exchange, token);
      if (!h) return () => {};
      h.watchers++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        h.watchers--;
      };
    },
    // Prices are the tape's: a replay is not forced (the /dev price hook answers the quote as it stands).
    setPrice: (exchange, token) => {
      const h = heldOf(exchange, token);
      return h ? quoteOf(h) : undefined;
    },
    step: () => advanceTo(opts.now().getTime()),
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      listeners.clear();
    },
  };
}
