import { observable } from "@legendapp/state";
import { fetchHealth } from "../api/health";
import { clientState } from "./sessionReset";
import { heardFromBroker } from "./brokerReach";
import { noteBrokerBooks } from "./brokerBooks";

/**
 * The paper broker as the last health check saw it: whether it answers, and its simulated clock
 * (DESIGN.md section 4), read as the clock at the answer plus the time since. The status bar and
 * the market-hours checks of the feed health read it; a clock nobody can confirm is not shown as
 * running.
 */
export interface BrokerClockState {
  /** undefined before the first check. */
  answering: boolean | undefined;
  /** The broker's clock at `at` (ms since the epoch), undefined until it answered once. */
  simMs: number | undefined;
  /** Date.now() when the answer arrived. */
  at: number;
  mode: string;
  /** Broker ms per device ms: 1 live; a replay's speed (2, 5, ... 100), 0 while it is paused (issue 35). */
  speed?: number;
  /** A replay's speed as set, paused or not (what resume plays at); undefined when live or before the broker said. */
  replaySpeed?: number;
  /** The day replayed, "" when live. */
  replayDate?: string;
  /** A replay's move under way (a jump played to its time): the clock stands, and the badge says why. */
  moving?: boolean;
  /** A replay at its day's end: the clock stands for good, and the badge says so (not "paused"). */
  ended?: boolean;
}

const initialClock = (): BrokerClockState => ({ answering: undefined, simMs: undefined, at: 0, mode: "", speed: 1, replayDate: "" });
export const brokerClock$ = observable<BrokerClockState>(initialClock());
clientState({ name: "brokerClock", holds: () => brokerClock$.peek(), reset: () => brokerClock$.set(initialClock()) });

let checking = false;

/** One health check (skipped while one is still out); a timeout or an error is "not answering". */
export async function checkBroker(timeoutMs: number): Promise<void> {
  if (checking) return;
  checking = true;
  const sentAt = Date.now();
  try {
    const { reached, health: h } = await fetchHealth(timeoutMs);
    heardFromBroker(sentAt, reached);
    const simMs = h ? Date.parse(h.simTime) : Number.NaN;
    if (h && Number.isFinite(simMs)) {
      brokerClock$.set({ answering: true, simMs, at: Date.now(), mode: h.clockMode, speed: h.clockSpeed ?? 1, replaySpeed: h.replaySpeed, replayDate: h.replayDate ?? "", moving: h.replayMoving === true, ended: h.replayEnded === true });
      noteBrokerBooks(h.clockMode, h.replayDate, h.replayRun);
    } else brokerClock$.answering.set(false);
  } finally {
    checking = false;
  }
}

/**
 * The broker's clock now as last seen (its last answer plus the time since), or undefined before
 * the first answer. Market-hours checks use it even while the broker is down (a clock rewound by
 * a restart is picked up at the next answer); the status bar shows it only while the broker answers.
 */
export function brokerNow(): number | undefined {
  const c = brokerClock$.peek();
  return c.simMs === undefined ? undefined : c.simMs + (Date.now() - c.at) * (c.speed ?? 1);
}

/**
 * The instant to stamp a client-side event with (a latency entry, a bulk action, an error), so
 * every time on screen reads the broker's clock (issue 29: the logs showed the browser's 15:03
 * beside the order book's 10:04). Before the broker's first answer there is no broker clock to
 * read; the device's is the only one.
 */
export function stampNow(): number {
  return brokerNow() ?? Date.now();
}

/** A device instant (Date.now() at some past event) on the broker's clock, by the last answer's offset. */
export function onBrokerClock(deviceMs: number): number {
  const c = brokerClock$.peek();
  return c.simMs === undefined ? deviceMs : c.simMs + (deviceMs - c.at) * (c.speed ?? 1);
}
