import { istDateKey } from "../../src/core/time.js";
import { exchangeIndex } from "../../src/core/types/exchange.js";
import { COLUMN_COUNT, DEPTH_COLUMN, TAPE_DEPTH, TapeBlockBuilder, } from "../../src/core/replay/tapeCodec.js";
import type { ChangeListener, ChangeView } from "../market/sim/market.js";
import type { DepthLevel, Instrument } from "../market/types.js";
import { enforceTapeCap, tapePath, TapeWriter, type TapeEvent } from "./tapeFile.js";

/**
 * The flight recorder (issue 35): every change of every instrument the market reports, with its
 * ten depth levels, OI and circuit limits, plus the session's order updates and fills, into one
 * tape per trading date (server/replay/tapeFile.ts). Each change is copied as it comes into a
 * reused staging row (no tick object, no quote for an instrument nobody watches: the market's
 * change view), coded 1,024 at a time, and written as one compressed block every `flushMs` of
 * broker time (or `maxTicks`, whichever first), and on a wall-clock timer too, so a crash loses at
 * most that much. The tapes together stay under
 * `maxBytes`: after a day's file is opened, the oldest dates go first.
 */
export interface RecorderOptions {
  dir: string;
  maxBytes: number;
  /** Broker-time span of one block (default 10 s). */
  flushMs?: number;
  maxTicks?: number;
  /**
   * An instrument's depth (ten levels and the book's totals) is looked at at most this often, in
   * broker time (default 1 s; 0 for every change), and goes in then if it changed; a tick in
   * between carries the depth last looked at, which replay shows until the next. The prices,
   * volume and OI go in on every tick.
   */
  depthEveryMs?: number;
  /** Broker-time span of one chain of blocks (default 5 min): the first block of a chain codes every instrument's state from nothing. */
  chainMs?: number;
  /** Wall-clock flush interval (default 10 s); 0 for none (tests and benchmarks flush by hand). */
  wallFlushMs?: number;
  onError?: (err: unknown) => void;
}

export interface RecorderTap {
  onChange(listener: ChangeListener): () => void;
}

function fillSide(row: Float64Array, at: number, side: readonly DepthLevel[], d: number, ltp: number): void {
  for (let i = 0; i < TAPE_DEPTH; i++, at += 3) {
    const l = side[i];
    if (l === undefined || (l.quantity === 0 && l.orders === 0)) {
      row[at] = row[at + 1] = row[at + 2] = 0;
    } else {
      row[at] = Math.round(l.price * d) - ltp;
      row[at + 1] = l.quantity;
      row[at + 2] = l.orders;
    }
  }
}

const CURRENCY_NSE = exchangeIndex("NSECURR");
const CURRENCY_BSE = exchangeIndex("BSECURR");

/** The figures kept of a slot (Recorder.slots): exchange, token, lot, reference. */
const SLOT_FIELDS = 4;

/** Rows coded together (a step at design load is about 7,000). */
const STAGE = 1024;

export class Recorder {
  /** One builder for the day: each block carries on from the one before (tapeCodec's chains). */
  private readonly block: TapeBlockBuilder;
  /**
   * Rows staged for the builder: a change is copied here (its figures read at once, as the view
   * asks) and coded STAGE at a time. Coded one by one, between two of the market's changes, each
   * row found the builder's state (the instrument's last row, the ring, the streams' ends) gone
   * from the cache: 2.2 µs a row in the market's loop against 1 µs in a loop of rows alone. The
   * rows lie end to end in one buffer, so filling and coding them walks memory in order.
   */
  private readonly stage = ((store) => Array.from({ length: STAGE }, (_, i) => store.subarray(i * COLUMN_COUNT, (i + 1) * COLUMN_COUNT)))(new Float64Array(STAGE * COLUMN_COUNT));
  /** Each staged row's instrument, by its slot (its lot and reference are read from the slot when it is coded). */
  private readonly stageSlots = new Int32Array(STAGE);
  private staged = 0;
  /** Rows in the block being filled, staged or coded, and the broker time of its first. */
  private blockRows = 0;
  private blockFirst = 0;
  private events: TapeEvent[] = [];
  private writer: TapeWriter | null = null;
  private date = "";
  private readonly detach: () => void;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly flushMs: number;
  private readonly maxTicks: number;
  private readonly chainMs: number;
  /** Broker time the chain being written started at. */
  private chainFrom = 0;
  /** Bytes written by this recorder (benchmarks). */
  written = 0;

  constructor(
    tap: RecorderTap,
    private readonly opts: RecorderOptions,
  ) {
    this.flushMs = opts.flushMs ?? 10_000;
    this.maxTicks = opts.maxTicks ?? 400_000;
    this.chainMs = opts.chainMs ?? 300_000;
    this.block = new TapeBlockBuilder(opts.depthEveryMs ?? 1_000);
    this.detach = tap.onChange((q, inst, slot) => this.tick(q, inst, slot));
    const wall = opts.wallFlushMs ?? 10_000;
    this.timer = wall > 0 ? setInterval(() => this.flush(), wall) : undefined;
    this.timer?.unref();
  }

  private dayEnds = 0;

  /**
   * What the recorder keeps of each instrument by the market's slot (ChangeListener), SLOT_FIELDS
   * figures a slot side by side: its exchange's index (-1 before its first change), token, lot, and
   * its reference in the chain (-1 until its first row of the chain is coded). A change reads one
   * place in nearly rising order, where looking the instrument up in the chain's table was a cache
   * miss a change (half the recorder's own time at staging); one array rather than one per figure,
   * as the figures of a slot are read together.
   */
  private slots = new Float64Array(0);

  tick(q: ChangeView, inst: Instrument, slot: number): void {
    const at = q.updatedAt;
    const time = at.getTime();
    // A block never straddles two dates, so each day's file holds that day's ticks only.
    if (this.blockRows > 0 && (time - this.blockFirst >= this.flushMs || this.blockRows >= this.maxTicks || time >= this.dayEnds)) this.flush();
    if (this.blockRows === 0) {
      this.startBlock(at);
      this.blockFirst = time;
    }
    const i = slot * SLOT_FIELDS;
    if (i >= this.slots.length || this.slots[i] === -1) this.learn(inst, slot);
    const slots = this.slots;
    const exchange = slots[i]!;
    // The quote's figures as the tape's whole numbers (prices in feed units), copied into the staged row
    // here, with the time and the slot's figures read once (a fill function of its own took them as
    // arguments, and read the time again).
    const d = exchange === CURRENCY_NSE || exchange === CURRENCY_BSE ? 10_000 : 100;
    const row = this.stage[this.staged]!;
    const ltp = Math.round(q.ltp * d);
    row[0] = time; row[1] = exchange; row[2] = slots[i + 1]!; row[3] = q.seq; row[4] = ltp; row[5] = q.lastQty; row[6] = q.volume;
    row[7] = Math.round(q.open * d); row[8] = Math.round(q.high * d); row[9] = Math.round(q.low * d); row[10] = Math.round(q.pClose * d); row[11] = Math.round(q.avgPrice * d);
    row[12] = Math.round(q.upperCircuit * d); row[13] = Math.round(q.lowerCircuit * d); row[14] = Math.round(q.weekHigh * d); row[15] = Math.round(q.weekLow * d);
    row[16] = q.openInterest; row[17] = q.dayHighOI; row[18] = q.dayLowOI; row[19] = q.previousOI;
    row[22] = q.lastTradedTime; row[23] = d;
    // The book's levels and totals only when they go in (at most once a second per instrument); else
    // they are left as they were, and the builder carries the last coded ones into this row. The
    // builder may not have coded the rows staged before this one: a "not due" is still right (coding
    // them only moves the last look later), a "due" may turn out carried, and then the levels read are
    // dropped.
    if (this.block.depthDue(slots[i + 3]!, time)) {
      row[20] = q.totalBuyQty; row[21] = q.totalSellQty;
      fillSide(row, DEPTH_COLUMN, q.bids, d, ltp);
      fillSide(row, DEPTH_COLUMN + TAPE_DEPTH * 3, q.asks, d, ltp);
    }
    this.stageSlots[this.staged] = slot;
    this.blockRows++;
    if (++this.staged === STAGE) this.code();
  }

  /** Takes an instrument's constants into its slot (its first change), growing the slots by half again past the slot. */
  private learn(inst: Instrument, slot: number): void {
    const i = slot * SLOT_FIELDS;
    if (i >= this.slots.length) {
      const size = Math.max(1024, slot + 1, Math.ceil((this.slots.length / SLOT_FIELDS) * 1.5));
      const next = new Float64Array(size * SLOT_FIELDS).fill(-1);
      next.set(this.slots);
      this.slots = next;
    }
    this.slots[i] = exchangeIndex(inst.exchange);
    this.slots[i + 1] = inst.token;
    this.slots[i + 2] = inst.lotSize;
    this.slots[i + 3] = -1;
  }

  /** A new chain: its references start again, so none kept by slot stands. */
  private restartChain(): void {
    this.block.restart();
    for (let i = 3; i < this.slots.length; i += SLOT_FIELDS) this.slots[i] = -1;
  }

  /** Codes the staged rows into the block, keeping each instrument's reference by its slot. */
  private code(): void {
    const b = this.block;
    for (let i = 0; i < this.staged; i++) {
      try {
        // The slot's reference as it stands now: a row staged before its instrument's first of the chain was coded finds it here.
        const at = this.stageSlots[i]! * SLOT_FIELDS;
        this.slots[at + 3] = b.addRow(this.stage[i]!, this.slots[at + 2], this.slots[at + 3]);
      } catch (err) {
        this.opts.onError?.(err);
      }
    }
    this.staged = 0;
  }

  /** A new day, or a chain as long as chainMs, starts a new chain: a reader can start there, and a damaged block costs at most that much. */
  private startBlock(at: Date): void {
    const date = istDateKey(at);
    const time = at.getTime();
    if (date !== this.date || time - this.chainFrom >= this.chainMs) {
      this.restartChain();
      this.chainFrom = time;
    }
    if (date === this.date) return;
    this.date = date;
    // The next IST midnight: 18:30 UTC.
    this.dayEnds = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 18, 30);
  }

  /** An order update or fill the engine sent (at: the broker clock). */
  event(at: number, clientCode: string, update: unknown): void {
    // A copy now: the engine may reuse its objects, and the tape keeps what was sent at the time.
    this.events.push({ at, clientCode, update: JSON.parse(JSON.stringify(update)) as unknown });
  }

  flush(): void {
    this.code();
    this.blockRows = 0;
    try {
      const b = this.block;
      if (b.count > 0) {
        const [first, last] = [b.firstTime, b.lastTime];
        this.written += this.writerFor(this.date).block(b.finish(), first, last);
      }
      if (this.events.length > 0) {
        const date = istDateKey(new Date(this.events[0]!.at));
        this.written += this.writerFor(date).events(this.events);
        this.events = [];
      }
    } catch (err) {
      // A full disk must not stop the market: the block is dropped and said so, and the next starts a chain (none carries on from a lost block).
      this.restartChain();
      this.events = [];
      this.opts.onError?.(err);
    }
  }

  private writerFor(date: string): TapeWriter {
    const file = tapePath(this.opts.dir, date);
    if (this.writer?.file === file) return this.writer;
    this.writer?.close();
    this.writer = new TapeWriter(file);
    enforceTapeCap(this.opts.dir, this.opts.maxBytes, date);
    return this.writer;
  }

  close(): void {
    this.detach();
    if (this.timer) clearInterval(this.timer);
    this.flush();
    this.writer?.close();
    this.writer = null;
  }
}
