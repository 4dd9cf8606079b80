import { observable } from "@legendapp/state";
import { stampNow } from "./brokerClock";
import { clientState } from "./sessionReset";

/**
 * The order latency log (issue 19). Its figures run from the Enter that sent the order to the
 * broker's acknowledgement (the place answer) and to its first order update from the feed,
 * whichever comes first: the update is published when the order is booked, so it can beat the
 * answer. The trader's own time, from the first keystroke of the command line or the key that
 * opened the window (markKeyStart, taken by the window: takeKeyStart) to that Enter, is shown
 * apart (issue 29: a "keystroke to ack" p50 of 4.96 s was mostly typing). Times are performance.now().
 */
export interface LatencyEntry {
  orderNo: string;
  tradingSymbol: string;
  /** The broker's clock at the acknowledgement (ms), for the list's time column. */
  at: number;
  /** Enter to the acknowledgement. */
  toAckMs: number;
  /** Enter to the first order update. */
  toUpdateMs: number | undefined;
  /** The trader's time: the first key of the order to its Enter (typing and the window). */
  typingMs: number;
}

const SHOWN = 100;

export const latency$ = observable<{ entries: LatencyEntry[]; sessionAck: number[]; sessionUpdate: number[]; sessionTyping: number[] }>({
  entries: [],
  sessionAck: [],
  sessionUpdate: [],
  sessionTyping: [],
});

let keyStart: number | undefined;
/** Order updates seen before their order's acknowledgement: order number -> when. */
const earlyUpdates = new Map<string, number>();
const starts = new Map<string, number>();

clientState({
  name: "latency",
  holds: () => ({ log: latency$.peek(), keyStart, earlyUpdates: [...earlyUpdates.keys()], starts: [...starts.keys()] }),
  reset: () => {
    keyStart = undefined;
    earlyUpdates.clear();
    starts.clear();
    latency$.set({ entries: [], sessionAck: [], sessionUpdate: [], sessionTyping: [] });
  },
});

/** A key that may start an order: the first keystroke of a command line, or a command key. */
export function markKeyStart(at = performance.now()): void {
  keyStart = at;
}

/** The window opening takes the last mark (or now, when none was made: a click). */
export function takeKeyStart(): number {
  const at = keyStart ?? performance.now();
  keyStart = undefined;
  return at;
}

/** An order acknowledged: `keyAt` its first key (takeKeyStart), `enterAt` the Enter that sent it. */
export function recordAck(orderNo: string, tradingSymbol: string, keyAt: number, enterAt: number, ackAt = performance.now()): void {
  const early = earlyUpdates.get(orderNo);
  earlyUpdates.delete(orderNo);
  const toUpdateMs = early === undefined ? undefined : early - enterAt;
  if (early === undefined) starts.set(orderNo, enterAt);
  // A mark taken after the Enter (none was made) counts no typing rather than a negative one.
  const entry: LatencyEntry = { orderNo, tradingSymbol, at: stampNow(), toAckMs: ackAt - enterAt, toUpdateMs, typingMs: Math.max(0, enterAt - keyAt) };
  latency$.set((s) => ({
    entries: [entry, ...s.entries].slice(0, SHOWN),
    sessionAck: [...s.sessionAck, entry.toAckMs],
    sessionUpdate: toUpdateMs === undefined ? s.sessionUpdate : [...s.sessionUpdate, toUpdateMs],
    sessionTyping: [...s.sessionTyping, entry.typingMs],
  }));
}

/** Every order update from the feed: the first one of an acknowledged order completes its entry. */
export function noteOrderUpdate(orderNo: string, at = performance.now()): void {
  const start = starts.get(orderNo);
  if (start === undefined) {
    if (!earlyUpdates.has(orderNo) && !latency$.entries.peek().some((e) => e.orderNo === orderNo)) {
      earlyUpdates.set(orderNo, at);
      // Updates of orders placed elsewhere never get an acknowledgement here: keep the map small.
      if (earlyUpdates.size > 500) earlyUpdates.delete(earlyUpdates.keys().next().value!);
    }
    return;
  }
  starts.delete(orderNo);
  const toUpdateMs = at - start;
  latency$.set((s) => ({
    entries: s.entries.map((e) => (e.orderNo === orderNo ? { ...e, toUpdateMs } : e)),
    sessionAck: s.sessionAck,
    sessionUpdate: [...s.sessionUpdate, toUpdateMs],
    sessionTyping: s.sessionTyping,
  }));
}
