import type { Clock } from "../clock.js";

/** The replay's speeds (issue 35). */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 50, 100] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/**
 * The replay's own clock: it starts at the day's open and runs at a chosen speed (1x to 100x)
 * of the wall clock, can be paused, and moved to another time. It never runs past `end` (the
 * day's last tick): there it stands, and the day is over.
 */
export class ReplayClock implements Clock {
  readonly mode = "replay" as const;
  private pos: number;
  private realAt: number;
  speed: ReplaySpeed = 1;
  paused = false;
  /** Moves of the tape under way (hold/release): the clock stands at the time they move to until the tape is there. */
  private holds = 0;
  /** The time of the tape's row being played (atRow), while its listeners run. */
  private row: number | undefined;

  constructor(
    start: number,
    readonly end: number,
    private readonly realNow: () => number = Date.now,
  ) {
    this.pos = start;
    this.realAt = realNow();
  }

  private current(): number {
    const t = this.paused || this.holds > 0 ? this.pos : this.pos + (this.realNow() - this.realAt) * this.speed;
    return Math.min(t, this.end);
  }

  now(): Date {
    return new Date(this.row === undefined ? this.current() : Math.min(this.row, this.current()));
  }

  /**
   * Runs the broker's reactions to a row of the tape (its tick listeners: fills, GTT triggers,
   * alerts) at the row's time. The driver plays the rows up to the clock a step at a time (5 s of
   * the day at 100x), so by then the clock has run past the row: a resting buy filled by 10:14:39.5's
   * ask was booked at 10:15:03, and its marker went on the 10:15 bar, whose prices never reached it.
   */
  atRow(time: number, react: () => void): void {
    const outer = this.row;
    this.row = time;
    try {
      react();
    } finally {
      this.row = outer;
    }
  }

  /** Takes the position as it stands, so a change of speed or a pause applies from now on. */
  private rebase(): void {
    this.pos = this.current();
    this.realAt = this.realNow();
  }

  setSpeed(speed: ReplaySpeed): void {
    this.rebase();
    this.speed = speed;
  }

  pause(): void {
    this.rebase();
    this.paused = true;
  }

  resume(): void {
    this.rebase();
    this.paused = false;
  }

  /** Moves to `at` (clamped to the end); the pause and the speed stay as they were. */
  jump(at: number): void {
    this.pos = Math.min(at, this.end);
    this.realAt = this.realNow();
  }

  /**
   * Held while the tape is played to the time the clock was moved to (a jump, a step, a restart):
   * the day does not run on before the tape has arrived, so once it has, tape and clock stand
   * together and the day runs on from there. The trader's pause and speed are untouched.
   */
  hold(): void {
    this.rebase();
    this.holds++;
  }

  release(): void {
    this.rebase();
    this.holds = Math.max(0, this.holds - 1);
  }

  /** A move of the tape under way (hold): the clock stands at the time it moves to, whatever its speed. */
  get moving(): boolean {
    return this.holds > 0;
  }

  /** How fast the clock runs now, broker ms per wall ms: 0 while it stands (paused, moving, at the day's end). */
  get runningSpeed(): number {
    return this.paused || this.moving || this.ended ? 0 : this.speed;
  }

  get ended(): boolean {
    return this.current() >= this.end;
  }
}
