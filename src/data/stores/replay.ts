import { observable } from "@legendapp/state";
import { REPLAY_SPEEDS } from "../../core/wire/replay";
import { istDateKey } from "../../core/time";
import { isOk } from "../api/http";
import { controlReplay, getReplayDays, getReplayMarkers, getReplayReport, startReplay, stopReplay, type ReplayDay, type ReplayReport } from "../api/replay";
import type { DayTrade } from "../../core/replay/tradeMarks";
import { brokerClock$, brokerNow, checkBroker } from "./brokerClock";
import { sayInStatusLine } from "./statusLine";
import { clientState } from "./sessionReset";

/**
 * Market replay as the app sees it (issue 35). Whether a replay runs, its date, speed and pause
 * come from the broker's health answer (brokerClock$: mode "replay", speed 0 when paused), which
 * the status bar shows; this store keeps the days to choose from and the last report.
 */
export interface ReplayStore {
  days: ReplayDay[];
  report: ReplayReport | null;
  /** Replay today: the user's live paper trades of the replayed date (the chart's markers), and that date. */
  dayTrades: { date: string; trades: DayTrade[] };
}

const initial = (): ReplayStore => ({ days: [], report: null, dayTrades: { date: "", trades: [] } });
export const replay$ = observable<ReplayStore>(initial());
clientState({ name: "replay", holds: () => replay$.peek(), reset: () => replay$.set(initial()) });

export const inReplay = (): boolean => brokerClock$.mode.peek() === "replay";

/** The replayed date "YYYY-MM-DD" while a replay runs; undefined on the live market. */
export const replayDateNow = (): string | undefined => (inReplay() ? brokerClock$.replayDate.peek() || undefined : undefined);

/**
 * The speed the replay is set to, paused or not: the health answer names it (replaySpeed) beside the
 * running speed (0 while paused); from a broker that does not, it is learnt from a running clock and
 * from every control answer (which names it while paused too).
 */
let lastSpeed = 1;
export function replaySpeed(): number {
  const set = brokerClock$.replaySpeed.peek();
  if (set !== undefined && set > 0) return (lastSpeed = set);
  const s = brokerClock$.speed.peek() ?? 1;
  if (s > 0) lastSpeed = s;
  return lastSpeed;
}

export async function loadReplayDays(): Promise<void> {
  const e = await getReplayDays();
  if (isOk(e)) replay$.days.set(e.result ?? []);
}

/** Asks the broker to restart on `date`; true when it took it, else its refusal for the dialog. */
export async function beginReplay(date: string): Promise<true | string> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date.trim())) return "Choose a day, or type its date as YYYY-MM-DD";
  const e = await startReplay(date.trim());
  if (!isOk(e)) return `${e.status}: ${e.message}`;
  sayInStatusLine(`Starting the replay of ${date.trim()}: the broker restarts on that day`);
  // The broker answers, then restarts: the next health checks pick up the replay clock.
  setTimeout(() => void checkBroker(2000), 1500);
  return true;
}

/** Replay today: this session's own recording, from the broker's date. */
export const todayOnBroker = (): string => istDateKey(new Date(brokerNow() ?? Date.now()));

export async function endReplay(): Promise<void> {
  const e = await stopReplay();
  if (!isOk(e)) return sayInStatusLine(`${e.status}: ${e.message}`, "warn");
  sayInStatusLine("Leaving the replay: the broker restarts on the live paper market");
  setTimeout(() => void checkBroker(2000), 1500);
}

async function control(body: Parameters<typeof controlReplay>[0], said: string): Promise<true | string> {
  const e = await controlReplay(body);
  if (!isOk(e)) {
    sayInStatusLine(`${e.status}: ${e.message}`, "warn");
    return `${e.status}: ${e.message}`;
  }
  const s = e.result?.[0];
  // A speed chosen while paused: faster and slower step from it (stepReplaySpeed), not from the one before the pause.
  if (s && s.speed > 0) lastSpeed = s.speed;
  if (s) brokerClock$.assign({ simMs: s.simTime, at: Date.now(), speed: s.paused || s.ended || s.moving ? 0 : s.speed, replaySpeed: s.speed, moving: s.moving, ended: s.ended });
  sayInStatusLine(said);
  return true;
}

export const setReplaySpeed = (speed: number) => control({ action: "speed", speed }, `Replay at ${speed}×`);

/** One step up or down the speeds (1, 2, 5, 10, 50, 100), staying at the ends. */
export function stepReplaySpeed(by: 1 | -1): Promise<true | string> {
  const at = REPLAY_SPEEDS.indexOf(replaySpeed() as (typeof REPLAY_SPEEDS)[number]);
  const next = REPLAY_SPEEDS[Math.min(REPLAY_SPEEDS.length - 1, Math.max(0, (at < 0 ? 0 : at) + by))]!;
  return setReplaySpeed(next);
}

/**
 * Resume and a bar on do nothing once the day's last tick has played (they said "Replay resumed" and
 * nothing moved): said why, with what is left to do. Said by the command, not a whyNot, so the key says it too.
 */
function dayEnded(): string | undefined {
  if (!brokerClock$.ended.peek()) return undefined;
  const said = "The replayed day has ended: Replay report shows how it went; jump back to a time, Replay a day…, or Leave replay";
  sayInStatusLine(said, "warn");
  return said;
}

export const toggleReplayPause = () => dayEnded() ?? ((brokerClock$.speed.peek() ?? 1) === 0 ? control({ action: "resume" }, "Replay resumed") : control({ action: "pause" }, "Replay paused"));
export const stepReplayBar = async () => {
  const ended = dayEnded();
  if (ended) return ended;
  const done = await control({ action: "step" }, "Replay: one bar on, paused");
  // A step plays up to a minute of the tape at once, and the feed carries the last states of it: the
  // charts load the bar from the broker as a jump's do (its high and low were the feed's last prices).
  if (done === true) noteReplayJump();
  return done;
};
export const jumpReplay = async (time: string) => {
  // Said at once: a jump across a long recording takes the broker a few seconds to play.
  sayInStatusLine(`Replay: playing the tape on to ${time.trim()} IST…`);
  const done = await control({ action: "jump", time: time.trim() }, `Replay jumped to ${time.trim()} IST`);
  // Answered once the broker has played the tape to the new time: its bars are whole by now.
  if (done === true) noteReplayJump();
  return done;
};

/**
 * Bumped at each jump (and step) of the replay clock. The feed does not carry the span jumped over (the
 * broker plays it silently, sending each instrument's state once per block), so a chart grown
 * from the feed would draw it as scattered dashes: each open chart asks the broker for its bars
 * again (InstrumentChart). The other windows of this browser (a popped-out chart) hear it too.
 */
export const replayJumps$ = observable(0);
const jumpChannel = typeof window !== "undefined" && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("tape.replay.jumps") : undefined;
if (jumpChannel) jumpChannel.onmessage = () => replayJumps$.set((n) => n + 1);
function noteReplayJump(): void {
  replayJumps$.set((n) => n + 1);
  jumpChannel?.postMessage("jumped");
}

export async function loadReplayReport(): Promise<void> {
  const e = await getReplayReport();
  if (isOk(e)) replay$.report.set(e.result?.[0] ?? null);
}

/** The user's live trades of the replayed day, once per replay (they do not change while it runs). */
let asking = "";
export async function loadDayTrades(date: string): Promise<void> {
  if (!date || asking === date || replay$.dayTrades.date.peek() === date) return;
  asking = date;
  try {
    // Refused (the broker still restarting): asked again by the next chart drawn.
    const e = await getReplayMarkers();
    if (isOk(e)) replay$.dayTrades.set({ date, trades: e.result ?? [] });
  } finally {
    asking = "";
  }
}
