import { batch, observable } from "@legendapp/state";
import { isSessionOpen } from "../core/marketHours";
import { feedState, judgedSilenceMs, priceStaleAfterMs, silenceMs, type FeedState } from "../core/rules/feedHealth";
import { parseMarketTopic } from "../core/topics";
import type { Exchange } from "../core/types/exchange";
import { brokerClock$, brokerNow, checkBroker } from "../data/stores/brokerClock";
import { feedNow } from "./feedClock";
import type { QuoteStore } from "./quoteStore";

/**
 * The feed's health for the status bar (issue 11): its state (live, stale, down), frames per
 * second and the age of the newest frame. One timer, once a second, does every check: the
 * broker's health, the feed state, and the staleness of every price a cell shows (the quote
 * store's markStale), so no cell runs a timer of its own and a frame costs nothing extra.
 */
export interface FeedHealth {
  state: FeedState;
  /** Frames received per second over the last check. */
  fps: number;
  /** Milliseconds since the newest frame arrived, or null before the first. */
  newestAgeMs: number | null;
}

export const feedHealth$ = observable<FeedHealth>({ state: "down", fps: 0, newestAgeMs: null });

export const HEALTH_CHECK_MS = 1_000;
/** A health check that takes longer than this counts as the broker not answering. */
export const HEALTH_TIMEOUT_MS = 2_000;

export interface FeedHealthSource {
  store: QuoteStore;
  /** Topics the broker was asked to send now. */
  subscribedTopics(): Iterable<string>;
}

interface Watched {
  exchange: Exchange;
  token: number;
  /** When it was subscribed on this connection: its silence runs from here until it ticks. */
  since: number;
  /** The check that last saw it subscribed. */
  seen: number;
}

export function startFeedHealth(src: FeedHealthSource): { onStatus(connected: boolean): void; stop(): void } {
  const watched = new Map<string, Watched>();
  const open = new Map<Exchange, boolean>();
  let check = 0;
  /** Told by the connection (onStatus), before it changes anything else. */
  let socketOpen = false;
  let lastFrames = src.store.stats.frames;
  let lastAt = Date.now();
  const silences: number[] = [];

  const tick = () => {
    void checkBroker(HEALTH_TIMEOUT_MS).then(update);
    update();
  };

  function update(): void {
    // Silences and ages on the feed's clock (a paused replay's stand still); frames a second on the device's.
    const now = feedNow();
    const deviceNow = Date.now();
    const sim = new Date(brokerNow() ?? deviceNow);
    open.clear();
    const isOpen = (e: Exchange) => {
      let o = open.get(e);
      if (o === undefined) open.set(e, (o = isSessionOpen(e, sim)));
      return o;
    };

    check++;
    silences.length = 0;
    if (socketOpen) {
      for (const topic of src.subscribedTopics()) {
        let w = watched.get(topic);
        if (!w) {
          const t = parseMarketTopic(topic);
          // Only snapshots tick; open interest and price info change seldom.
          if (!t || (t.kind !== "mw" && t.kind !== "index")) continue;
          watched.set(topic, (w = { exchange: t.exchange, token: t.token, since: now, seen: 0 }));
        }
        w.seen = check;
        if (isOpen(w.exchange)) silences.push(silenceMs(now, w.since, src.store.lastTickAt(w.exchange, w.token)));
      }
      for (const [topic, w] of watched) if (w.seen !== check) watched.delete(topic);
    }

    const frames = src.store.stats.frames;
    const elapsed = deviceNow - lastAt;
    const fps = elapsed >= 500 ? Math.round(((frames - lastFrames) * 1000) / elapsed) : feedHealth$.fps.peek();
    if (elapsed >= 500) {
      lastFrames = frames;
      lastAt = deviceNow;
    }
    const newest = src.store.newestFrameAt;
    const next: FeedHealth = {
      state: feedState({ socketOpen, brokerAnswers: brokerClock$.answering.peek(), silenceMs: judgedSilenceMs(silences, brokerClock$.mode.peek() === "replay") }),
      fps,
      newestAgeMs: newest === undefined ? null : now - newest,
    };
    // Every price's staleness by the state just judged: all of them at once when the feed is down.
    src.store.markStale(now, isOpen, priceStaleAfterMs(next.state));
    batch(() => {
      const cur = feedHealth$.peek();
      if (cur.state !== next.state) feedHealth$.state.set(next.state);
      if (cur.fps !== next.fps) feedHealth$.fps.set(next.fps);
      if (cur.newestAgeMs !== next.newestAgeMs) feedHealth$.newestAgeMs.set(next.newestAgeMs);
    });
  }

  const timer = setInterval(tick, HEALTH_CHECK_MS);
  tick();
  return {
    /** Shown at once; a new connection subscribes everything again, so every silence starts over. */
    onStatus(connected) {
      socketOpen = connected;
      if (connected) watched.clear();
      update();
    },
    stop() {
      clearInterval(timer);
      feedHealth$.set({ state: "down", fps: 0, newestAgeMs: null });
    },
  };
}
