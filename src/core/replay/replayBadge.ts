/**
 * The status bar's replay badge (issue 35): what the replay's clock does now. Paused, it also names
 * the speed resume plays at: a speed chosen while paused ("Replay at 50×") showed nowhere but the
 * status line, gone in seconds, so a trader could not see what resume would do.
 */
export interface ReplayBadgeOf {
  /** The speed the clock runs at now: 0 while it stands (paused, moving, ended). */
  runningSpeed: number;
  /** The speed the replay is set to, paused or not. */
  setSpeed: number;
  moving: boolean;
  ended: boolean;
}

export function replayBadge(r: ReplayBadgeOf): { text: string; title?: string } {
  if (r.moving) return { text: "REPLAY moving" };
  if (r.ended) return { text: "REPLAY day ended" };
  if (r.runningSpeed === 0) return { text: `REPLAY paused · ${r.setSpeed}×`, title: `Paused: resume plays at ${r.setSpeed}×` };
  return { text: `REPLAY ${r.runningSpeed}×` };
}

/**
 * The feed light's title in a replay. While the replay's clock stands (paused, moving, at the day's
 * end) no price is late, so the light does not count silence (core/rules/feedHealth.ts RunningClock)
 * and says so: "stale when no subscribed instrument ticks for 5 s" under a light that stayed live a
 * minute into a pause read as a broken light.
 */
export function replayLightTitle(r: ReplayBadgeOf): string {
  const running = "Replay feed: the replayed day's ticks, played from its tape (not live market data); stale when no subscribed instrument ticks for 5 s of a running replay, or down";
  if (r.moving) return `Replay moving to another time: prices stand until the tape arrives, none counted late. ${running}`;
  if (r.ended) return `Replay at the day's end: prices stand at the day's last ticks, none counted late. ${running}`;
  if (r.runningSpeed === 0) return `Replay paused: prices stand still at the paused instant, none counted late (resume plays at ${r.setSpeed}×). ${running}`;
  return running;
}
