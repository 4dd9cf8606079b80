import type { Exchange } from "../core/types/exchange";
import { notify, resetApp } from "../core/notify";
import { connectFeed, type FeedConnection, type FeedConnectionOptions } from "./connection";
import { feedHealth$, startFeedHealth } from "./health";
import { orderFeedBridge, startOrderUpdates, type OrderUpdateEnv } from "./orderUpdates";
import { FramePacker, unpackFrames } from "./framePack";
import { feedNow } from "./feedClock";
import { QuoteStore } from "./quoteStore";
import { emptyRoster, gone, heard, HEARTBEAT_MS, MISSED_BEATS, tick, topicsOf, windowLockPrefix, type Roster } from "./roster";
import { feedChannelName, followWorkingWindow, joinFeedGroup, showsToasts, type FeedGroup, type GroupChannel, type GroupLocks, type GroupMessage } from "./shared";
import { clientState } from "../data/stores/sessionReset";
import { logError } from "../data/stores/errorLog";
import { loadChunk } from "../data/chunkLoad";
import { setDecodeLog } from "../core/frameCodec";
import { mwTopic } from "../core/topics";

/**
 * The signed-in session's live feed: one connection, one quote store, and the per-source topic
 * sets, which survive a reconnect or a sign-in (sources declare topics before the socket is up;
 * the connection subscribes the union on connect).
 */
// Frames are stamped on the feed's clock, which stands while a replay is paused (feedClock.ts).
export const quoteStore = new QuoteStore(undefined, feedNow);
// A depth asked for after the instrument's last frame: the topic is subscribed again, by this window's socket or the owner's.
quoteStore.wantDepth = (exchange, token) => refreshTopics([mwTopic(exchange, token)]);
// "Binary decode errors are logged and give null": into the common error log.
setDecodeLog((message) => logError("decode", message));

/** Where the feed is: the edge to connect to and, on a cluster, the others to fail over to. */
export interface FeedAddress {
  url: string;
  fallbacks?: readonly string[];
}

let connection: FeedConnection | undefined;
/** Which start is current: a connect that finishes loading after a stop or a newer start is dropped. */
let feedGeneration = 0;
let stopOrderUpdates: (() => void) | undefined;
let stopHealth: (() => void) | undefined;
/** This window's order pipeline and health: kept when it takes the socket over from another window. */
let local: { bridge: ReturnType<typeof orderFeedBridge>; health: ReturnType<typeof startFeedHealth> } | undefined;
/** The windows of this browser on one feed (shared.ts); undefined where the browser has no Web Locks or BroadcastChannel. */
let group: FeedGroup | undefined;
let leaveGroup: (() => void) | undefined;
/** Every owner's topic set, replayed onto the next connection. */
const declared = new Map<string, string[]>();
/**
 * The other windows' topics by window, as their last heartbeat said (roster.ts): the owner
 * subscribes them too, and drops a window's when its heartbeats stop (a crashed window says no bye).
 */
let roster: Roster = emptyRoster();

type Connect = FeedConnectionOptions["connect"];
type FeedLogin = FeedAddress & { clientCode: string; accessToken: string };

/** mqtt.js loads on the first connect, not with the app: undefined when a stop or a newer start came while it loaded. */
async function loadConnect(generation: number): Promise<Connect | undefined> {
  try {
    // The browser build of mqtt.js exports only its default object (connect is on it), Node's CJS one too.
    // Through loadChunk: a deploy while the app is open reloads the page once (data/chunkLoad.ts).
    const m = await loadChunk(() => import("mqtt"));
    return generation === feedGeneration ? m.default.connect : undefined;
  } catch (err) {
    logError("socket", `The feed client could not be started: ${String(err)}`);
    return undefined;
  }
}

/**
 * Connects the one feed of the session: market frames into the quote store, order updates
 * through the order-update pipeline (filter, hold, dedupe, toasts, refresh signals). With other
 * windows of this browser signed in as the same client, one socket serves them all (shared.ts).
 */
export function startFeed(o: FeedLogin, orders: OrderUpdateEnv): void {
  stopFeed();
  const generation = ++feedGeneration;
  const share = sharing();
  startLocal(o.clientCode, share ? { ...orders, toast: (t) => group && showsToasts(group) && notify(t) } : orders);
  if (!share) {
    void loadConnect(generation).then((connect) => connect && openFeed(o, connect));
    return;
  }
  group = joinFeedGroup({
    clientCode: o.clientCode,
    channel: share.channel(o.clientCode),
    locks: share.locks,
    becomeOwner: () => {
      if (generation !== feedGeneration) return;
      // Marks for the windows bench's handover figure (tests/bench/windows.ts): lock, then socket.
      performance.mark("tape:feed-owner");
      // The book as it stood: what arrives once this socket is up is caught up against it.
      local?.bridge.onStatus(false);
      void loadConnect(generation).then((connect) => connect && openFeed(o, connect));
    },
    receive,
  });
  postTopics();
  // mqtt.js is loaded now, while another window owns the socket: taking it over when that window
  // closes must not wait for a file to come and be parsed.
  void loadConnect(generation);
  const g = group;
  // The window the trader works in shows the order toasts: its focus, a key or a press in it (shared.ts).
  const unfollow = followWorkingWindow(g, window);
  const onHide = () => stopFeed();
  window.addEventListener("pagehide", onHide);
  if (document.hasFocus()) g.focus();
  // The heartbeat: a fed window says its topics every period; every window counts the periods, so
  // whichever owns the socket now drops a crashed window's topics (roster.ts).
  // This window's own lock, held while it lives: the browser lets it go when the window crashes.
  const prefix = windowLockPrefix(o.clientCode);
  let releaseOwn: (() => void) | undefined;
  void share.locks.request(prefix + g.id, () => new Promise<void>((resolve) => (releaseOwn = resolve))).catch(() => undefined);
  const beating = setInterval(() => {
    if (!g.isOwner()) {
      g.post({ t: "topics", from: g.id, owners: Object.fromEntries(declared) });
      return;
    }
    void livingWindows(prefix).then((living) => {
      if (group !== g) return;
      const before = roster;
      const t = tick(roster, MISSED_BEATS, living);
      roster = t.roster;
      for (const w of t.dropped) for (const k of Object.keys(topicsOf(before, w))) connection?.subscriptions.setTopics(`${w}/${k}`, []);
    });
  }, HEARTBEAT_MS);
  leaveGroup = () => {
    clearInterval(beating);
    releaseOwn?.();
    unfollow();
    window.removeEventListener("pagehide", onHide);
    g.leave();
  };
}

/** The windows whose own lock is held now (roster.ts), or undefined where the browser cannot say. */
async function livingWindows(prefix: string): Promise<Set<string> | undefined> {
  try {
    const q = await navigator.locks.query();
    return new Set((q.held ?? []).flatMap((l) => (l.name?.startsWith(prefix) ? [l.name.slice(prefix.length)] : [])));
  } catch {
    return undefined;
  }
}

/** Web Locks and BroadcastChannel, where the browser has both. */
function sharing(): { locks: GroupLocks; channel: (clientCode: string) => GroupChannel } | undefined {
  if (typeof window === "undefined" || typeof BroadcastChannel === "undefined" || typeof navigator === "undefined" || !navigator.locks) return undefined;
  return { locks: navigator.locks, channel: (clientCode) => new BroadcastChannel(feedChannelName(clientCode)) as unknown as GroupChannel };
}

function startLocal(clientCode: string, orders: OrderUpdateEnv): void {
  const bridge = orderFeedBridge();
  stopOrderUpdates = startOrderUpdates(bridge.feed, clientCode, orders);
  const health = startFeedHealth({
    store: quoteStore,
    // A window fed by another asked for its own topics: their silences are its light.
    subscribedTopics: () => connection?.subscriptions.current() ?? [...new Set([...declared.values()].flat())],
  });
  stopHealth = health.stop;
  local = { bridge, health };
}

/** A frame passed on by the socket's owner: into this window's store, as its own socket's would go. */
const applyPassed = (bytes: Uint8Array): void => void quoteStore.applyFrame(bytes);

/** What another window of the group said. */
function receive(m: GroupMessage): void {
  const l = local;
  if (!l) return;
  const owning = group?.isOwner() === true;
  switch (m.t) {
    case "packed":
      if (!owning) unpackFrames(m.packed, applyPassed);
      return;
    case "order":
      if (!owning) l.bridge.onOrderUpdate(m.update);
      return;
    case "status":
      if (owning) return;
      if (m.connected) quoteStore.newEpoch();
      l.bridge.onStatus(m.connected);
      l.health.onStatus(m.connected);
      return;
    case "resync":
      if (owning) return;
      l.bridge.onStatus(false);
      l.bridge.onStatus(true);
      return;
    case "topics":
      setRemote(m.from, m.owners);
      return;
    case "refresh":
      if (owning) connection?.subscriptions.refresh(m.topics);
      return;
    case "bye":
      setRemote(m.from, {});
      return;
    case "hello":
      if (owning) group?.post({ t: "status", connected: connection?.isConnected() === true });
      return;
    case "owner":
      // A new owner subscribes what every window needs.
      postTopics();
      return;
    case "focus":
      return;
    case "watchlist":
    case "sips":
      for (const hear of listeners) hear(m);
      return;
  }
}

/** The windows' words for the app's stores (not the feed's own): a watchlist edit made in another window, a SIP made or cancelled there. */
export type AppMessage = Extract<GroupMessage, { t: "watchlist" | "sips" }>;
const listeners = new Set<(m: AppMessage) => void>();

/** Hears what another window of this browser tells the app's stores; returns the way to stop. */
export function hearWindows(hear: (m: AppMessage) => void): () => void {
  listeners.add(hear);
  return () => listeners.delete(hear);
}

/**
 * Tells the other windows of this browser, signed in as this client (the feed's group: another
 * trader's tab is never told). Nothing where the browser shares no feed: a window is alone there.
 */
export function tellWindows(m: AppMessage): void {
  group?.post(m);
}

/** One window's topics: the owner's connection subscribes them under that window's owners. */
function setRemote(windowId: string, owners: Record<string, string[]>): void {
  const was = topicsOf(roster, windowId);
  roster = Object.keys(owners).length ? heard(roster, windowId, owners) : gone(roster, windowId);
  const c = connection;
  if (!c) return;
  for (const k of Object.keys(was)) if (!(k in owners)) c.subscriptions.setTopics(`${windowId}/${k}`, []);
  for (const [k, topics] of Object.entries(owners)) c.subscriptions.setTopics(`${windowId}/${k}`, topics);
}

/** Topics' frames sent again: this window's socket subscribes them again, or the owner's does. */
function refreshTopics(topics: string[]): void {
  if (connection) connection.subscriptions.refresh(topics);
  else if (group && !group.isOwner()) group.post({ t: "refresh", topics });
}

let topicsPosted = false;
/** This window's topics to the owner, once per task however many panes changed theirs. */
function postTopics(): void {
  if (!group || group.isOwner() || topicsPosted) return;
  topicsPosted = true;
  queueMicrotask(() => {
    topicsPosted = false;
    if (group && !group.isOwner()) group.post({ t: "topics", from: group.id, owners: Object.fromEntries(declared) });
  });
}

/** Frames for the other windows, sent together once per task, packed into one buffer. */
const outbox = new FramePacker();
let flushing = false;
/**
 * The outbox goes after the socket's queued messages, in one post. In front, setTimeout(0) does
 * that, and lets a burst of messages join one post. In a hidden window (minimised, or covered:
 * Chromium marks it hidden) timers are held to one a second, and any window may own the socket:
 * there the post goes from a MessageChannel task, which is not held back (as React's scheduler does).
 */
let nextTask: MessagePort | undefined;
function sendOutbox(): void {
  flushing = false;
  if (outbox.size) group?.post({ t: "packed", packed: outbox.take() });
}
function passOn(bytes: Uint8Array): void {
  if (!roster.size) return;
  // Copied into the outbox: the frame is a view into the socket's message, which a post would copy whole.
  outbox.add(bytes);
  if (flushing) return;
  flushing = true;
  if (!document.hidden) {
    setTimeout(sendOutbox, 0);
    return;
  }
  if (!nextTask) {
    const ch = new MessageChannel();
    ch.port1.onmessage = sendOutbox;
    nextTask = ch.port2;
  }
  nextTask.postMessage(null);
}

function openFeed(o: FeedLogin, connect: Connect): void {
  const l = local;
  if (!l) return;
  const g = group;
  let connectedOnce = false;
  connection = connectFeed({
    ...o,
    connect,
    // "Socket and subscription errors are logged only."
    log: (message, detail) => logError("socket", detail === undefined ? message : `${message}: ${String(detail)}`),
    onMarketFrame: (_topic, bytes) => {
      void quoteStore.applyFrame(bytes);
      if (g) passOn(bytes);
    },
    onOrderUpdate: (update) => {
      l.bridge.onOrderUpdate(update);
      g?.post({ t: "order", update });
    },
    // The feed's 401: the token is not valid on this broker; the app signs out as on any 401.
    onRefused: () => resetApp(),
    onStatus: (connected) => {
      // Before the connection subscribes: its frames start a new epoch (a restarted broker counts from zero).
      if (connected) quoteStore.newEpoch();
      l.bridge.onStatus(connected);
      l.health.onStatus(connected);
      g?.post({ t: "status", connected });
      // Taken over from a window that closed: the others catch up what fell between the two sockets.
      if (connected && !connectedOnce && g) {
        performance.mark("tape:feed-connected");
        g.post({ t: "resync" });
      }
      if (connected) connectedOnce = true;
    },
  });
  for (const [owner, topics] of declared) connection.subscriptions.setTopics(owner, topics);
  for (const w of roster.keys()) for (const [k, topics] of Object.entries(topicsOf(roster, w))) connection.subscriptions.setTopics(`${w}/${k}`, topics);
}

/**
 * Sign-out: the last client's connection ends now (not when React next renders), which drops
 * the order-update pipeline with its held updates and dedupe memory, and no quote it delivered
 * stays. Topic sets are the panes' and leave with them.
 */
clientState({
  name: "feed",
  holds: () => ({ connected: connection !== undefined, health: feedHealth$.peek().state, quotes: quoteStore.held() }),
  reset: () => {
    stopFeed();
    quoteStore.reset();
  },
});

export function stopFeed(): void {
  feedGeneration++;
  const c = connection;
  connection = undefined;
  stopOrderUpdates?.();
  stopOrderUpdates = undefined;
  stopHealth?.();
  stopHealth = undefined;
  local = undefined;
  // Leaving the group releases the lock: the next window takes the socket over.
  leaveGroup?.();
  leaveGroup = undefined;
  group = undefined;
  roster = emptyRoster();
  outbox.clear();
  if (c) void c.disconnect().catch(() => undefined);
}

/**
 * One owner's topics now (an empty list clears them). Owners are pane instances (see
 * `paneOwner`) or app-wide sources such as "pinnedHeader"; the manager counts the owners of each topic.
 */
export function setFeedTopics(owner: string, topics: readonly string[]): void {
  if (topics.length === 0) declared.delete(owner);
  else declared.set(owner, [...topics]);
  connection?.subscriptions.setTopics(owner, topics);
  postTopics();
}

/** The live quote of one instrument (an observable: read .LastRate.get() inside a selector). */
export function liveQuote(exchange: Exchange, token: number) {
  return quoteStore.quote(exchange, token);
}

/** The last price now, or the fallback when no frame has arrived yet. */
export function peekLtp(exchange: Exchange, token: number, fallback: number): number {
  const v = quoteStore.quote(exchange, token).LastRate.peek();
  return v > 0 ? v : fallback;
}

/** The sequence of the instrument's last accepted quote (not observable), undefined before its first: a replay's quote of sequence 0 is its reference price (core/rules/totalStale.ts). */
export function lastSequence(exchange: Exchange, token: number): number | undefined {
  return quoteStore.lastSequence(exchange, token);
}

/** Whether the instrument's last accepted quote is of sequence 0 (a replay's reference quote): an observable boolean, written only when it changes. */
export function sequenceZero(exchange: Exchange, token: number) {
  return quoteStore.sequenceZero(exchange, token);
}

/** Whether the instrument's price is stale (last tick older than 10 s while its market is open): an observable boolean. */
export function priceStale(exchange: Exchange, token: number) {
  return quoteStore.stale(exchange, token);
}
