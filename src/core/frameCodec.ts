import { EXCHANGES, exchangeAt, exchangeIndex, type Exchange } from "./types/exchange";

/**
 * The three binary frames of the live feed, exactly as DESIGN.md section 5 lays them out:
 * little-endian, an 8-byte header (u8 kind, u8 exchange, u16 reserved, i32 token), prices as
 * integers to be divided by PriceDivisor. Encoding is used by the paper broker, decoding by
 * the client; both import this one file, and every byte position is read from the one offset
 * table below, so the layout has a single definition.
 *
 * Decoding reads the received Uint8Array in place: no copy, no JSON (decodeFrame through a
 * DataView over the same memory, the hot-path FrameReader straight from its bytes). A frame of
 * the wrong length or kind decodes to null and is logged, never thrown.
 */

export const FRAME_KIND = { marketSnapshot: 1, openInterest: 2, priceInfo: 3 } as const;
export type FrameKind = (typeof FRAME_KIND)[keyof typeof FRAME_KIND];

export const FRAME_LENGTH: Readonly<Record<FrameKind, number>> = { 1: 196, 2: 24, 3: 28 };
const SNAPSHOT_LENGTH = FRAME_LENGTH[1];

/** Five bid levels then five ask levels, each u32 Quantity, i32 Price, u32 NumberOfOrders. */
export const DEPTH_LEVELS = 5;

// The offset table: the byte position of every field of every frame kind.

/** u8 kind, u8 exchange, u16 reserved, i32 token. */
export const HEADER_OFFSET = { kind: 0, exchange: 1, reserved: 2, token: 4 } as const;

/** Kind 1; depth entries from 72 to 191 (quantity +0, price +4, orders +8), then the sequence number. */
export const SNAPSHOT_OFFSET = {
  lastRate: 8,
  lastQty: 12,
  totalQty: 16,
  high: 20,
  low: 24,
  openRate: 28,
  pClose: 32,
  avgRate: 36,
  bidQty: 40,
  bidRate: 44,
  offQty: 48,
  offRate: 52,
  tBidQ: 56,
  tOffQ: 60,
  priceDivisor: 64,
  lastTradedTime: 68,
  depth: 72,
  depthEntryBytes: 12,
  seq: 192,
} as const;

/** Within one depth entry. */
export const DEPTH_ENTRY_OFFSET = { quantity: 0, price: 4, numberOfOrders: 8 } as const;

/** Kind 2. */
export const OPEN_INTEREST_OFFSET = { openInterest: 8, dayHiOI: 12, dayLoOI: 16, previousOI: 20 } as const;

/** Kind 3. */
export const PRICE_INFO_OFFSET = { weekHigh: 8, weekLow: 12, upperCircuitLimit: 16, lowerCircuitLimit: 20, priceDivisor: 24 } as const;

const H = HEADER_OFFSET;
const D = DEPTH_ENTRY_OFFSET;
const S = SNAPSHOT_OFFSET;
const OI = OPEN_INTEREST_OFFSET;
const PI = PRICE_INFO_OFFSET;

export interface DepthEntry {
  quantity: number;
  /** Integer price; divide by the frame's priceDivisor. */
  price: number;
  numberOfOrders: number;
}

interface FrameHeader {
  exchange: Exchange;
  token: number;
}

/** Kind 1. Prices are the wire integers; divide by priceDivisor for rupees. */
export interface MarketSnapshotFrame extends FrameHeader {
  kind: 1;
  lastRate: number;
  lastQty: number;
  totalQty: number;
  high: number;
  low: number;
  openRate: number;
  pClose: number;
  avgRate: number;
  bidQty: number;
  bidRate: number;
  offQty: number;
  offRate: number;
  tBidQ: number;
  tOffQ: number;
  priceDivisor: number;
  /** Seconds since midnight, exchange time. */
  lastTradedTime: number;
  /** Best first. Always DEPTH_LEVELS entries. */
  bids: DepthEntry[];
  /** Best first. Always DEPTH_LEVELS entries. */
  asks: DepthEntry[];
  /** The instrument's frame sequence number, +1 per frame, so a client can drop stale frames and notice gaps. */
  seq: number;
}

/** Kind 2. */
export interface OpenInterestFrame extends FrameHeader {
  kind: 2;
  openInterest: number;
  dayHiOI: number;
  dayLoOI: number;
  previousOI: number;
}

/** Kind 3. Prices are the wire integers; divide by priceDivisor. */
export interface PriceInfoFrame extends FrameHeader {
  kind: 3;
  weekHigh: number;
  weekLow: number;
  upperCircuitLimit: number;
  lowerCircuitLimit: number;
  priceDivisor: number;
}

export type FeedFrame = MarketSnapshotFrame | OpenInterestFrame | PriceInfoFrame;

export type DecodeLog = (message: string) => void;

/**
 * Spec: "Binary decode errors are logged and give null." The default log is the host's console,
 * looked up at run time: core is typed for no particular host (neither the DOM nor Node).
 */
let decodeLog: DecodeLog = (message) => (globalThis as { console?: { warn(message: string): void } }).console?.warn(`[feed] ${message}`);

/** Replaces the decode log (tests silence it; the app may route it to its error logger). */
export function setDecodeLog(log: DecodeLog): void {
  decodeLog = log;
}

// ---------------------------------------------------------------- encode (paper broker)

function writeHeader(view: DataView, kind: FrameKind, frame: FrameHeader): void {
  view.setUint8(H.kind, kind);
  view.setUint8(H.exchange, exchangeIndex(frame.exchange));
  view.setUint16(H.reserved, 0, true);
  view.setInt32(H.token, frame.token, true);
}

function writeDepth(view: DataView, at: number, e: DepthEntry): void {
  view.setUint32(at + D.quantity, e.quantity, true);
  view.setInt32(at + D.price, e.price, true);
  view.setUint32(at + D.numberOfOrders, e.numberOfOrders, true);
}

const EMPTY_DEPTH: DepthEntry = { quantity: 0, price: 0, numberOfOrders: 0 };

export function encodeMarketSnapshot(f: Omit<MarketSnapshotFrame, "kind">, out?: Uint8Array): Uint8Array {
  const bytes = out ?? new Uint8Array(FRAME_LENGTH[1]);
  const v = new DataView(bytes.buffer, bytes.byteOffset, FRAME_LENGTH[1]);
  writeHeader(v, 1, f);
  v.setInt32(S.lastRate, f.lastRate, true);
  v.setUint32(S.lastQty, f.lastQty, true);
  v.setUint32(S.totalQty, f.totalQty, true);
  v.setInt32(S.high, f.high, true);
  v.setInt32(S.low, f.low, true);
  v.setInt32(S.openRate, f.openRate, true);
  v.setInt32(S.pClose, f.pClose, true);
  v.setInt32(S.avgRate, f.avgRate, true);
  v.setUint32(S.bidQty, f.bidQty, true);
  v.setInt32(S.bidRate, f.bidRate, true);
  v.setUint32(S.offQty, f.offQty, true);
  v.setInt32(S.offRate, f.offRate, true);
  v.setUint32(S.tBidQ, f.tBidQ, true);
  v.setUint32(S.tOffQ, f.tOffQ, true);
  v.setInt32(S.priceDivisor, f.priceDivisor, true);
  v.setUint32(S.lastTradedTime, f.lastTradedTime, true);
  for (let i = 0; i < DEPTH_LEVELS; i++) {
    writeDepth(v, S.depth + i * S.depthEntryBytes, f.bids[i] ?? EMPTY_DEPTH);
    writeDepth(v, S.depth + (DEPTH_LEVELS + i) * S.depthEntryBytes, f.asks[i] ?? EMPTY_DEPTH);
  }
  v.setUint32(S.seq, f.seq, true);
  return bytes;
}

export function encodeOpenInterest(f: Omit<OpenInterestFrame, "kind">): Uint8Array {
  const bytes = new Uint8Array(FRAME_LENGTH[2]);
  const v = new DataView(bytes.buffer);
  writeHeader(v, 2, f);
  v.setUint32(OI.openInterest, f.openInterest, true);
  v.setUint32(OI.dayHiOI, f.dayHiOI, true);
  v.setUint32(OI.dayLoOI, f.dayLoOI, true);
  v.setUint32(OI.previousOI, f.previousOI, true);
  return bytes;
}

export function encodePriceInfo(f: Omit<PriceInfoFrame, "kind">): Uint8Array {
  const bytes = new Uint8Array(FRAME_LENGTH[3]);
  const v = new DataView(bytes.buffer);
  writeHeader(v, 3, f);
  v.setInt32(PI.weekHigh, f.weekHigh, true);
  v.setInt32(PI.weekLow, f.weekLow, true);
  v.setInt32(PI.upperCircuitLimit, f.upperCircuitLimit, true);
  v.setInt32(PI.lowerCircuitLimit, f.lowerCircuitLimit, true);
  v.setInt32(PI.priceDivisor, f.priceDivisor, true);
  return bytes;
}

export function encodeFrame(frame: FeedFrame): Uint8Array {
  switch (frame.kind) {
    case 1:
      return encodeMarketSnapshot(frame);
    case 2:
      return encodeOpenInterest(frame);
    case 3:
      return encodePriceInfo(frame);
  }
}

// ---------------------------------------------------------------- decode (client)

/**
 * Checks the length and kind of a frame and returns its view and header, or null (logged).
 * The view shares the Uint8Array's memory.
 */
/** Why a frame's header is unreadable (the decode log's line), or undefined when it is sound. */
function headerProblem(byteLength: number, kind: number, exchangeIndex: number): string | undefined {
  if (kind !== 1 && kind !== 2 && kind !== 3) return `bad frame: unknown kind ${kind}`;
  if (byteLength !== FRAME_LENGTH[kind]) return `bad frame: kind ${kind} is ${FRAME_LENGTH[kind]} bytes, got ${byteLength}`;
  if (exchangeAt(exchangeIndex) === undefined) return `bad frame: unknown exchange index ${exchangeIndex}`;
  return undefined;
}

function shortProblem(bytes: Uint8Array): string | undefined {
  if (bytes instanceof Uint8Array && bytes.byteLength >= 8) return undefined;
  return `bad frame: ${bytes instanceof Uint8Array ? bytes.byteLength : typeof bytes} bytes, shorter than the header`;
}

function open(bytes: Uint8Array): { view: DataView; kind: FrameKind; exchange: Exchange; token: number } | null {
  const short = shortProblem(bytes);
  if (short) {
    decodeLog(short);
    return null;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const problem = headerProblem(bytes.byteLength, view.getUint8(H.kind), view.getUint8(H.exchange));
  if (problem) {
    decodeLog(problem);
    return null;
  }
  return { view, kind: view.getUint8(H.kind) as FrameKind, exchange: exchangeAt(view.getUint8(H.exchange)) as Exchange, token: view.getInt32(H.token, true) };
}

function readDepth(v: DataView, at: number): DepthEntry {
  return { quantity: v.getUint32(at + D.quantity, true), price: v.getInt32(at + D.price, true), numberOfOrders: v.getUint32(at + D.numberOfOrders, true) };
}

function readSnapshot(v: DataView, exchange: Exchange, token: number): MarketSnapshotFrame {
  const bids: DepthEntry[] = [];
  const asks: DepthEntry[] = [];
  for (let i = 0; i < DEPTH_LEVELS; i++) {
    bids.push(readDepth(v, S.depth + i * S.depthEntryBytes));
    asks.push(readDepth(v, S.depth + (DEPTH_LEVELS + i) * S.depthEntryBytes));
  }
  return {
    kind: 1,
    exchange,
    token,
    lastRate: v.getInt32(S.lastRate, true),
    lastQty: v.getUint32(S.lastQty, true),
    totalQty: v.getUint32(S.totalQty, true),
    high: v.getInt32(S.high, true),
    low: v.getInt32(S.low, true),
    openRate: v.getInt32(S.openRate, true),
    pClose: v.getInt32(S.pClose, true),
    avgRate: v.getInt32(S.avgRate, true),
    bidQty: v.getUint32(S.bidQty, true),
    bidRate: v.getInt32(S.bidRate, true),
    offQty: v.getUint32(S.offQty, true),
    offRate: v.getInt32(S.offRate, true),
    tBidQ: v.getUint32(S.tBidQ, true),
    tOffQ: v.getUint32(S.tOffQ, true),
    priceDivisor: v.getInt32(S.priceDivisor, true),
    lastTradedTime: v.getUint32(S.lastTradedTime, true),
    bids,
    asks,
    seq: v.getUint32(S.seq, true),
  };
}

/** Decodes any of the three frames; null (logged) for a frame of the wrong length or kind. */
export function decodeFrame(bytes: Uint8Array): FeedFrame | null {
  const h = open(bytes);
  if (!h) return null;
  const v = h.view;
  switch (h.kind) {
    case 1:
      return readSnapshot(v, h.exchange, h.token);
    case 2:
      return {
        kind: 2,
        exchange: h.exchange,
        token: h.token,
        openInterest: v.getUint32(OI.openInterest, true),
        dayHiOI: v.getUint32(OI.dayHiOI, true),
        dayLoOI: v.getUint32(OI.dayLoOI, true),
        previousOI: v.getUint32(OI.previousOI, true),
      };
    case 3:
      return {
        kind: 3,
        exchange: h.exchange,
        token: h.token,
        weekHigh: v.getInt32(PI.weekHigh, true),
        weekLow: v.getInt32(PI.weekLow, true),
        upperCircuitLimit: v.getInt32(PI.upperCircuitLimit, true),
        lowerCircuitLimit: v.getInt32(PI.lowerCircuitLimit, true),
        priceDivisor: v.getInt32(PI.priceDivisor, true),
      };
  }
}

/**
 * The hot-path reader: one per consumer, reused for every frame, so reading a frame allocates
 * nothing, whatever buffer the frame came in. The header is read into the reader's own fields
 * instead of an object; the consumer reads only the fields it keeps, at their SNAPSHOT_OFFSET (or
 * the other kinds' offsets), straight from the frame's bytes.
 *
 * No DataView: the browser's MQTT client hands over each frame as a view at an odd offset of the
 * WebSocket message it came in (several frames to a message, or one alone: the feed bench's
 * delivery run), and a DataView per received buffer cost a new object for every message, one per
 * frame when frames came one to a message. A 4-byte field is four byte reads put together
 * little-endian, which needs neither an object nor an aligned offset.
 *
 * open() is kept small enough for the JIT to inline into its caller: the market snapshot, nearly
 * every frame, is checked by three comparisons; the other kinds and every bad frame take
 * openOther, out of line.
 *
 * The frames of one received buffer arrived together, so the reader reads the clock (if given
 * one) once per buffer into arrivedAt: a clock read costs as much as decoding a frame, and its
 * result is a new heap number each time.
 */
export class FrameReader {
  /** When the current frame's buffer was first opened (NaN without a clock). Always a number, so the JIT keeps it an unboxed double. */
  arrivedAt = Number.NaN;
  kind: FrameKind = 1;
  /** The exchange's position in EXCHANGES, as the wire carries it (a consumer can index arrays by it). */
  exchangeIndex = 0;
  token = 0;
  /** The current frame: a view of exactly its bytes, so a field's offset is the frame's own. */
  private bytes: Uint8Array = new Uint8Array(SNAPSHOT_LENGTH);
  /** The received buffer the current frame came in: a new one is a new arrival. */
  private buffer: ArrayBufferLike = this.bytes.buffer;

  constructor(private readonly now?: () => number) {}

  /** Points the reader at a frame; false (logged) for a bad one, as decodeFrame gives null. */
  open(bytes: Uint8Array): boolean {
    // `?.`: whatever arrives (null included) is refused by openOther with a log line, never thrown.
    if (bytes?.byteLength !== SNAPSHOT_LENGTH) return this.openOther(bytes);
    const exchangeIndex = bytes[H.exchange]!;
    if (bytes[H.kind] !== 1 || exchangeIndex >= EXCHANGES.length) return this.openOther(bytes);
    this.arrived(bytes.buffer);
    this.bytes = bytes;
    this.kind = 1;
    this.exchangeIndex = exchangeIndex;
    this.token = i32At(bytes, H.token);
    return true;
  }

  /** A frame of another kind or a bad frame: every check of decodeFrame. */
  private openOther(bytes: Uint8Array): boolean {
    const short = shortProblem(bytes);
    if (short) {
      decodeLog(short);
      return false;
    }
    const kind = bytes[H.kind]!;
    const exchangeIndex = bytes[H.exchange]!;
    const problem = headerProblem(bytes.byteLength, kind, exchangeIndex);
    if (problem) {
      decodeLog(problem);
      return false;
    }
    this.arrived(bytes.buffer);
    this.bytes = bytes;
    this.kind = kind as FrameKind;
    this.exchangeIndex = exchangeIndex;
    this.token = i32At(bytes, H.token);
    return true;
  }

  /** The clock, read when a frame comes in a buffer other than the last one's. */
  private arrived(buffer: ArrayBufferLike): void {
    if (buffer === this.buffer) return;
    this.buffer = buffer;
    if (this.now) this.arrivedAt = this.now();
  }

  get exchange(): Exchange {
    return EXCHANGES[this.exchangeIndex]!;
  }

  i32(offset: number): number {
    return i32At(this.bytes, offset);
  }

  u32(offset: number): number {
    return i32At(this.bytes, offset) >>> 0;
  }
}

/** The little-endian 32-bit signed integer at `at` of the frame's bytes. */
function i32At(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24);
}

/** "LastTradedTime (HH:MM:SS)": the display form of the frame's seconds since midnight. */
export function formatLastTradedTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds)) % 86_400;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}
