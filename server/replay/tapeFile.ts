import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { blockRows, decodeTicks, encodeTicks, TapeChain, type BlockRows, type TapeTick } from "../../src/core/replay/tapeCodec.js";

/**
 * A day's tape on disk (issue 35): `<dir>/<YYYY-MM-DD>.tape`, a 8-byte magic then frames
 * appended one after another, each a 24-byte head (u8 kind, u8 packing, 2 reserved, u32 payload
 * length, f64 first and f64 last broker time in ms) and a compressed payload (packing 1: Brotli,
 * as written now; 0: raw deflate, as tapes written before it):
 * - kind 1, ticks: one block of src/core/replay/tapeCodec.ts (blocks come in chains: read them in order);
 * - kind 2, events: the session's orders and fills as UTF-8 JSON (an array of TapeEvent).
 * Frames only ever go on the end, so a crash loses at most the frame being written; a reader
 * stops at a frame cut short and keeps the ones before it.
 */
export const TAPE_MAGIC = Buffer.from("TAPE\u0001\n\0\0", "latin1");
const HEAD = 24;
export const FRAME_TICKS = 1;
export const FRAME_EVENTS = 2;
const PACKED_DEFLATE = 0;
const PACKED_BROTLI = 1;
/**
 * The frames' Brotli quality: 2 packs a tick block about as small as deflate at level 6 (4 % over
 * Brotli 4) in a sixth of its time and half of Brotli 4's, on the broker's own loop; it unpacks as
 * fast (server/README.md gives the figures; TAPE_BROTLI_QUALITY lets the recorder bench weigh
 * size against CPU). Disk is cheaper than the broker's CPU: a day stays under 1 GB either way.
 */
const BROTLI_QUALITY = Number(process.env.TAPE_BROTLI_QUALITY ?? 2);

/** An order update or a fill the session sent, as the engine sent it. */
export interface TapeEvent {
  /** Broker clock, ms. */
  at: number;
  clientCode: string;
  update: unknown;
}

export interface TapeFrameInfo {
  kind: number;
  /** How the payload is compressed (unpack). */
  packing: number;
  offset: number;
  length: number;
  first: number;
  last: number;
}

export function tapePath(dir: string, date: string): string {
  return path.join(dir, `${date}.tape`);
}

/** Appends frames to a day's file (made with its magic when new). Writes are synchronous: a frame acknowledged is on disk. */
export class TapeWriter {
  private fd: number;
  bytes: number;
  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const isNew = !fs.existsSync(file) || fs.statSync(file).size === 0;
    this.fd = fs.openSync(file, "a");
    if (isNew) fs.writeSync(this.fd, TAPE_MAGIC);
    this.bytes = fs.fstatSync(this.fd).size;
  }

  ticks(ticks: readonly TapeTick[]): number {
    if (ticks.length === 0) return 0;
    return this.frame(FRAME_TICKS, encodeTicks(ticks), ticks[0]!.time, ticks.at(-1)!.time);
  }

  /** A block already encoded (the recorder's TapeBlockBuilder). */
  block(encoded: Uint8Array, first: number, last: number): number {
    return this.frame(FRAME_TICKS, encoded, first, last);
  }

  events(events: readonly TapeEvent[]): number {
    if (events.length === 0) return 0;
    return this.frame(FRAME_EVENTS, new TextEncoder().encode(JSON.stringify(events)), events[0]!.at, events.at(-1)!.at);
  }

  private frame(kind: number, payload: Uint8Array, first: number, last: number): number {
    const body = zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: payload.length } });
    const head = Buffer.alloc(HEAD);
    head.writeUInt8(kind, 0);
    head.writeUInt8(PACKED_BROTLI, 1);
    head.writeUInt32LE(body.length, 4);
    head.writeDoubleLE(first, 8);
    head.writeDoubleLE(last, 16);
    fs.writeSync(this.fd, Buffer.concat([head, body]));
    this.bytes += HEAD + body.length;
    return HEAD + body.length;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

/** The frames of a day's file, in order; a frame cut short by a crash ends the list. Undefined when the file is not a tape. */
export function readTapeIndex(file: string): { frames: TapeFrameInfo[]; buffer: Buffer } | undefined {
  const buffer = fs.readFileSync(file);
  if (buffer.length < TAPE_MAGIC.length || !buffer.subarray(0, TAPE_MAGIC.length).equals(TAPE_MAGIC)) return undefined;
  const frames: TapeFrameInfo[] = [];
  let at = TAPE_MAGIC.length;
  while (at + HEAD <= buffer.length) {
    const length = buffer.readUInt32LE(at + 4);
    if (at + HEAD + length > buffer.length) break;
    frames.push({ kind: buffer.readUInt8(at), packing: buffer.readUInt8(at + 1), offset: at + HEAD, length, first: buffer.readDoubleLE(at + 8), last: buffer.readDoubleLE(at + 16) });
    at += HEAD + length;
  }
  return { frames, buffer };
}

/**
 * A day's file opened for replay without reading it: the frames' heads are read one by one (a
 * day is a few thousand frames), each payload only when the replay comes to it (`read`), so a
 * broker replaying a day of a gigabyte starts at once and never holds the day in memory.
 * Undefined when the file is not a tape.
 */
export interface TapeFrames {
  frames: TapeFrameInfo[];
  /** A frame's compressed payload, read from the file now. */
  read(f: TapeFrameInfo): Buffer;
  close(): void;
}

export function openTapeFrames(file: string): TapeFrames | undefined {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const magic = Buffer.alloc(TAPE_MAGIC.length);
    if (size < TAPE_MAGIC.length || fs.readSync(fd, magic, 0, magic.length, 0) !== magic.length || !magic.equals(TAPE_MAGIC)) {
      fs.closeSync(fd);
      return undefined;
    }
    const frames: TapeFrameInfo[] = [];
    const head = Buffer.alloc(HEAD);
    let at = TAPE_MAGIC.length;
    while (at + HEAD <= size && fs.readSync(fd, head, 0, HEAD, at) === HEAD) {
      const length = head.readUInt32LE(4);
      if (at + HEAD + length > size) break;
      frames.push({ kind: head.readUInt8(0), packing: head.readUInt8(1), offset: at + HEAD, length, first: head.readDoubleLE(8), last: head.readDoubleLE(16) });
      at += HEAD + length;
    }
    let open = true;
    return {
      frames,
      read(f) {
        const out = Buffer.alloc(f.length);
        fs.readSync(fd, out, 0, f.length, f.offset);
        return out;
      },
      close() {
        if (open) fs.closeSync(fd);
        open = false;
      },
    };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** A frame's payload uncompressed, as its head says it was packed. */
function unpack(f: TapeFrameInfo, payload: Uint8Array): Buffer {
  if (f.packing === PACKED_BROTLI) return zlib.brotliDecompressSync(payload);
  if (f.packing === PACKED_DEFLATE) return zlib.inflateRawSync(payload);
  throw new RangeError(`tape: a frame packed in an unknown way (${f.packing})`);
}

/** A ticks frame's payload (as TapeFrames.read gives it), its rows to be read one at a time, carrying on from `chain` (blockRows). */
export function payloadRows(f: TapeFrameInfo, payload: Uint8Array, chain: TapeChain): BlockRows {
  return blockRows(unpack(f, payload), chain);
}

/** A ticks frame's ticks; `chain` carries on from the day's frames read before it, in order (a frame that starts a chain needs none). */
export function frameTicks(buffer: Buffer, f: TapeFrameInfo, chain: TapeChain = new TapeChain()): TapeTick[] {
  return decodeTicks(unpack(f, buffer.subarray(f.offset, f.offset + f.length)), chain);
}

export function frameEvents(buffer: Buffer, f: TapeFrameInfo): TapeEvent[] {
  return JSON.parse(unpack(f, buffer.subarray(f.offset, f.offset + f.length)).toString("utf8")) as TapeEvent[];
}

/** Every tape in `dir` by date, oldest first, with its size. */
export function listTapes(dir: string): Array<{ date: string; file: string; bytes: number }> {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.tape$/.test(f))
    .sort()
    .map((f) => ({ date: f.slice(0, 10), file: path.join(dir, f), bytes: fs.statSync(path.join(dir, f)).size }));
}

/**
 * Deletes the oldest tapes until the rest fit in `maxBytes`; the tape being written (`keep`) is
 * never deleted. Returns the dates deleted.
 */
export function enforceTapeCap(dir: string, maxBytes: number, keep?: string): string[] {
  const tapes = listTapes(dir);
  let total = tapes.reduce((n, t) => n + t.bytes, 0);
  const deleted: string[] = [];
  for (const t of tapes) {
    if (total <= maxBytes) break;
    if (t.date === keep) continue;
    fs.rmSync(t.file, { force: true });
    total -= t.bytes;
    deleted.push(t.date);
  }
  return deleted;
}
