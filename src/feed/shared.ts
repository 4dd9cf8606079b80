/**
 * One feed for every window of the browser (issue 32): the windows of one signed-in client form a
 * group on a BroadcastChannel; one of them, chosen with Web Locks (navigator.locks), owns the
 * WebSocket to the broker. It sends each window's topics, and passes on every market frame, order
 * update and connection state; the others apply them as if their own socket had delivered them.
 * The lock is held while the owner's window lives: when it closes the browser grants it to the
 * next window in the queue, which connects at once; the rest keep their quotes and their light
 * meanwhile. No React: session.ts drives it.
 */

import type { WatchlistAnswer } from "../core/watchlist/sync";

/** What windows of the group tell each other. */
export type GroupMessage =
  /** Market frames, packed into one buffer (framePack.ts). */
  | { t: "packed"; packed: Uint8Array }
  | { t: "order"; update: unknown }
  | { t: "status"; connected: boolean }
  /** A new owner's socket is up: what happened in between is caught up as on a reconnect (the book re-read), the light untouched. */
  | { t: "resync" }
  /** A window's topics, by its own owners (pane instances): all of them, replacing what it said before. */
  | { t: "topics"; from: string; owners: Record<string, string[]> }
  /** Topics a window wants sent again (a depth asked for after the instrument's last frame): the owner subscribes them again. */
  | { t: "refresh"; topics: string[] }
  /** A new owner asks every window for its topics; a new window asks the owner how the socket is. */
  | { t: "owner"; from: string }
  | { t: "hello"; from: string }
  | { t: "bye"; from: string }
  /** The window the trader is working in: the one that shows the order toasts. */
  | { t: "focus"; from: string }
  /** A watchlist edit the broker answered in one window: the others show the same answer (core/watchlist/sync.ts). */
  | { t: "watchlist"; answer: WatchlistAnswer }
  /** One window changed the broker's SIPs (made or cancelled one): the others read their list again. */
  | { t: "sips" };

export interface GroupChannel {
  postMessage(m: GroupMessage): void;
  onmessage: ((e: { data: GroupMessage }) => void) | null;
  close(): void;
}

export interface GroupLocks {
  request(name: string, fn: () => Promise<void>): Promise<unknown>;
}

export interface FeedGroupOptions {
  clientCode: string;
  /** This window holds the lock: it connects and passes everything on. */
  becomeOwner(): void;
  /** A message from another window of the group. */
  receive(m: GroupMessage): void;
  channel: GroupChannel;
  locks: GroupLocks;
  id?: string;
}

export interface FeedGroup {
  readonly id: string;
  isOwner(): boolean;
  post(m: GroupMessage): void;
  /** The window the trader last worked in, as far as this window has heard. */
  focusedWindow(): string | undefined;
  /** Says this window has the trader's focus. */
  focus(): void;
  leave(): void;
}

/** The lock's name: one owner per client code, so a second trader's window (another tab) is never fed the first one's orders. */
export const feedLockName = (clientCode: string) => `tape.feed.${clientCode}`;
export const feedChannelName = (clientCode: string) => `tape.feed.${clientCode}`;

export function joinFeedGroup(o: FeedGroupOptions): FeedGroup {
  const id = o.id ?? `w${Math.random().toString(36).slice(2, 10)}`;
  let owner = false;
  let left = false;
  let focused: string | undefined;
  let release: (() => void) | undefined;
  o.channel.onmessage = (e) => {
    const m = e.data;
    if (left) return;
    if (m.t === "focus") focused = m.from;
    if (m.t === "bye" && focused === m.from) focused = undefined;
    o.receive(m);
  };
  // Queued behind the owner: granted when its window closes (or it leaves), never while it lives.
  void o.locks
    .request(feedLockName(o.clientCode), () => {
      if (left) return Promise.resolve();
      owner = true;
      o.becomeOwner();
      o.channel.postMessage({ t: "owner", from: id });
      return new Promise<void>((resolve) => (release = resolve));
    })
    .catch(() => undefined);
  o.channel.postMessage({ t: "hello", from: id });
  return {
    id,
    isOwner: () => owner,
    post: (m) => {
      if (!left) o.channel.postMessage(m);
    },
    focusedWindow: () => focused,
    focus: () => {
      focused = id;
      if (!left) o.channel.postMessage({ t: "focus", from: id });
    },
    leave: () => {
      if (left) return;
      o.channel.postMessage({ t: "bye", from: id });
      left = true;
      owner = false;
      release?.();
      o.channel.onmessage = null;
      o.channel.close();
    },
  };
}

/**
 * Follows the window the trader works in (the one that shows the order toasts): its `focus`, and a
 * key typed or a pointer pressed in it. Focus alone missed a window worked in without a focus event
 * (FINDINGS-24 s16: two windows both reporting focus, every key typed in one, its order's toasts
 * shown in the other). Cheap on the hot path: one passive listener each, in the capture phase (a
 * handler that stops a key still marks the window), and a key in the window already marked the
 * working one is a comparison, no message. Answers the way to stop.
 */
export function followWorkingWindow(g: Pick<FeedGroup, "id" | "focus" | "focusedWindow">, target: Pick<EventTarget, "addEventListener" | "removeEventListener">): () => void {
  const onFocus = () => g.focus();
  const onWork = () => {
    if (g.focusedWindow() !== g.id) g.focus();
  };
  const opts = { capture: true, passive: true };
  target.addEventListener("focus", onFocus);
  target.addEventListener("keydown", onWork, opts);
  target.addEventListener("pointerdown", onWork, opts);
  return () => {
    target.removeEventListener("focus", onFocus);
    target.removeEventListener("keydown", onWork, opts);
    target.removeEventListener("pointerdown", onWork, opts);
  };
}

/**
 * Whether this window shows an order toast: the window the trader last worked in, or the owner
 * when no window has said so (or that window has gone). Exactly one window answers yes while
 * the group agrees on who had the focus last.
 */
export function showsToasts(g: Pick<FeedGroup, "id" | "isOwner" | "focusedWindow">): boolean {
  const f = g.focusedWindow();
  return f !== undefined ? f === g.id : g.isOwner();
}
