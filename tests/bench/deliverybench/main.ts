import "../../../src/app/main";
import { quoteStore, setFeedTopics } from "../../../src/feed/session";

/**
 * The feed-delivery bench's page (tests/bench/feedDecode.bench.ts): the real app, whose feed is
 * the browser build of mqtt.js over the broker's WebSocket, with the quote store's applyFrame
 * watched: for every market frame the app's MQTT client hands over, what it is (a plain Uint8Array
 * or mqtt.js's Buffer), where it sits (its byte offset, whether its ArrayBuffer holds it alone)
 * and how many frames share one ArrayBuffer, in the order they arrived.
 *
 * stream(topics): one app-wide owner ("delivery") of market topics on the app's own subscription
 * manager and client, beside what the panes on screen subscribe.
 */
const seen = {
  frames: 0,
  /** Frames that are a plain Uint8Array (the rest are a subclass: mqtt.js's Buffer). */
  plain: 0,
  /** Frames at byte offset 0 of their ArrayBuffer. */
  atZero: 0,
  /** Frames whose ArrayBuffer holds nothing else. */
  alone: 0,
  /** Frames per ArrayBuffer, one count per run of frames sharing one (the last run still open). */
  runs: [] as number[],
  bufferBytes: [] as number[],
  className: "",
};
let last: ArrayBufferLike | null = null;
const applyFrame = quoteStore.applyFrame.bind(quoteStore);
quoteStore.applyFrame = (bytes: Uint8Array) => {
  seen.frames++;
  if (Object.getPrototypeOf(bytes) === Uint8Array.prototype) seen.plain++;
  else seen.className ||= `${bytes.constructor.name} (readUInt32LE: ${typeof (bytes as { readUInt32LE?: unknown }).readUInt32LE})`;
  if (bytes.byteOffset === 0) seen.atZero++;
  if (bytes.byteLength === bytes.buffer.byteLength) seen.alone++;
  if (bytes.buffer !== last) {
    last = bytes.buffer;
    seen.runs.push(0);
    seen.bufferBytes.push(bytes.buffer.byteLength);
  }
  seen.runs[seen.runs.length - 1]!++;
  return applyFrame(bytes);
};

const delivery = {
  stream(topics: string[]): void {
    setFeedTopics("delivery", topics);
  },
  /** What arrived since the last reset. */
  seen: () => seen,
  reset(): void {
    Object.assign(seen, { frames: 0, plain: 0, atZero: 0, alone: 0, runs: [], bufferBytes: [], className: "" });
    last = null;
  },
};

(window as unknown as { __delivery: typeof delivery }).__delivery = delivery;
