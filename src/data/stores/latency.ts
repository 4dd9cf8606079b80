import { observable } from "@legendapp/state";
import { booksAnswering } from "./brokerBooks";
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
  /**
   * Whose books the order is in (brokerBooks.ts booksAnswering: "live", "replay 2026-12-07 <run>"). A
   * replay numbers its orders afresh, so an order is its books and its number (FINDINGS-29 §6: an update
   * of live 2612070000001 was taken for the replay's order of that number: −528,346 ms).
   */
  book: string;
  orderNo: string;
  tradingSymbol: string;
  /** The broker's clock at the acknowledgement (ms), for the list's time column. */
  at: number;
  /** Enter to the acknowledgement. */
  toAckMs: number;
  /** Enter to the first order update. */
  toUpdateMs: number | undefined;
  /**
   * The first update was sent while the feed was away (the broker restarting on a replay's books, a
   * drop): the app heard of the order from the order book re-read when the feed came back (noteCaughtUp).
   */
  caughtUp?: true;
  /** The trader's time: the first key of the order to its Enter (typing and the window). */
  typingMs: number;
}

/**
 * One book's figures this session. Decision (FINDINGS-29 §6): the p50/p95 are each book's apart, the
 * live market's first: a replay's broker runs on this machine at another speed, and its orders are
 * practice, so its times neither raise nor lower the live figures.
 */
export interface LatencySession {
  book: string;
  ack: number[];
  update: number[];
  typing: number[];
}

const SHOWN = 100;

export const latency$ = observable<{ entries: LatencyEntry[]; sessions: LatencySession[] }>({ entries: [], sessions: [] });

let keyStart: number | undefined;
/** Order updates seen before their order's acknowledgement: book and order number (keyOf) -> when. */
const earlyUpdates = new Map<string, number>();
/** Acknowledged orders waiting for their first update: keyOf -> the Enter. */
const starts = new Map<string, number>();

const keyOf = (book: string, orderNo: string): string => `${book}|${orderNo}`;

/** `sessions` with `add` appended to `book`'s figures (a new book's line after the others). */
function addTo(sessions: LatencySession[], book: string, add: Partial<Omit<LatencySession, "book">>): LatencySession[] {
  const plus = (s: LatencySession): LatencySession => ({ book, ack: [...s.ack, ...(add.ack ?? [])], update: [...s.update, ...(add.update ?? [])], typing: [...s.typing, ...(add.typing ?? [])] });
  return sessions.some((s) => s.book === book) ? sessions.map((s) => (s.book === book ? plus(s) : s)) : [...sessions, plus({ book, ack: [], update: [], typing: [] })];
}

clientState({
  name: "latency",
  holds: () => ({ log: latency$.peek(), keyStart, earlyUpdates: [...earlyUpdates.keys()], starts: [...starts.keys()] }),
  reset: () => {
    keyStart = undefined;
    earlyUpdates.clear();
    starts.clear();
    latency$.set({ entries: [], sessions: [] });
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

/** An order acknowledged: `keyAt` its first key (takeKeyStart), `enterAt` the Enter that sent it. Of the books answering now. */
export function recordAck(orderNo: string, tradingSymbol: string, keyAt: number, enterAt: number, ackAt = performance.now()): void {
  const book = booksAnswering();
  const key = keyOf(book, orderNo);
  const early = earlyUpdates.get(key);
  earlyUpdates.delete(key);
  const toUpdateMs = early === undefined ? undefined : early - enterAt;
  if (early === undefined) starts.set(key, enterAt);
  // A mark taken after the Enter (none was made) counts no typing rather than a negative one.
  const entry: LatencyEntry = { book, orderNo, tradingSymbol, at: stampNow(), toAckMs: ackAt - enterAt, toUpdateMs, typingMs: Math.max(0, enterAt - keyAt) };
  latency$.set((s) => ({
    entries: [entry, ...s.entries].slice(0, SHOWN),
    sessions: addTo(s.sessions, book, { ack: [entry.toAckMs], update: toUpdateMs === undefined ? [] : [toUpdateMs], typing: [entry.typingMs] }),
  }));
}

/** The entry of `book`'s order `orderNo` waiting at `start` gets its first update at `at`. */
function complete(book: string, orderNo: string, start: number, at: number, caughtUp: boolean): void {
  starts.delete(keyOf(book, orderNo));
  const toUpdateMs = at - start;
  latency$.set((s) => ({
    entries: s.entries.map((e) => (e.book === book && e.orderNo === orderNo ? { ...e, toUpdateMs, ...(caughtUp ? { caughtUp: true as const } : {}) } : e)),
    sessions: addTo(s.sessions, book, { update: [toUpdateMs] }),
  }));
}

/** Every order update from the feed (of the books answering now): the first one of an acknowledged order completes its entry. */
export function noteOrderUpdate(orderNo: string, at = performance.now()): void {
  const book = booksAnswering();
  const key = keyOf(book, orderNo);
  const start = starts.get(key);
  if (start === undefined) {
    if (!earlyUpdates.has(key) && !latency$.entries.peek().some((e) => e.book === book && e.orderNo === orderNo)) {
      earlyUpdates.set(key, at);
      // Updates of orders placed elsewhere never get an acknowledgement here: keep the map small.
      if (earlyUpdates.size > 500) earlyUpdates.delete(earlyUpdates.keys().next().value!);
    }
    return;
  }
  complete(book, orderNo, start, at, false);
}

/**
 * The order book re-read when the feed came back (orderUpdates.ts, every connect), of `book` (the
 * broker's answer at that read; the books answering now when it could not say). An acknowledged order
 * in it still waiting for its first update had that update sent while the feed was away: a replay's
 * broker answers orders ~1 s before the feed's 2 s reconnect reaches it (ci58: the replay order's
 * "Enter to first update" stayed "–"). The book is when the app heard of it. Answers those orders' numbers.
 */
export function noteCaughtUp(book: string | undefined, orderNos: Iterable<string>, at = performance.now()): Set<string> {
  const of = book ?? booksAnswering();
  const caught = new Set<string>();
  for (const orderNo of orderNos) {
    const start = starts.get(keyOf(of, orderNo));
    if (start === undefined) continue;
    complete(of, orderNo, start, at, true);
    caught.add(orderNo);
  }
  return caught;
}
