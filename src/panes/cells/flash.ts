/**
 * The flash of a changed price: the cell is lit green (rose) or red (fell) for FLASH_MS, then one
 * shared sweep puts it out. A lit cell is a style of its own (`data-flash`), not an animation:
 * with every row ticking twice a second, an animation per tick (even an opacity one that the
 * compositor runs) gave each flashing cell a compositing layer of its own for its 450 ms, and
 * re-layerizing ~90 of them as they came and went was most of each frame in four ticking panes
 * (issue 18). Lit and put out, a cell costs two small repaints per tick, the first in the frame
 * that repaints its new price anyway.
 */
export const FLASH_MS = 450;
/** A sweep waits this much past the oldest cell's time, so that one sweep puts out the several cells lit meanwhile. */
export const SWEEP_SLACK_MS = 50;

/** What the flash needs of a cell element (an HTMLElement in the app, a plain object in tests). */
export interface Flashable {
  dataset: { flash?: string };
}

/** Runs `sweep` after `ms`; injectable for tests. */
export type SweepTimer = (sweep: () => void, ms: number) => void;

/**
 * The lit cells and when each goes out, in lighting order (a Map keeps it, and a re-lit cell moves
 * to the end), so a sweep stops at the first that still burns. One timer at a time, for the oldest;
 * a cell burns FLASH_MS to FLASH_MS + SWEEP_SLACK_MS.
 */
export class Flasher {
  private readonly lit = new Map<Flashable, number>();
  private timerDue = Number.POSITIVE_INFINITY;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly timer: SweepTimer = (sweep, ms) => void setTimeout(sweep, ms),
  ) {}

  /** Lights `el` for FLASH_MS: "up" when its value rose, "down" when it fell. */
  flash(el: Flashable, direction: "up" | "down"): void {
    el.dataset.flash = direction;
    const until = this.now() + FLASH_MS;
    this.lit.delete(el);
    this.lit.set(el, until);
    this.arm(until);
  }

  private arm(until: number): void {
    if (until >= this.timerDue) return;
    this.timerDue = until;
    this.timer(this.sweep, Math.max(0, until - this.now()) + SWEEP_SLACK_MS);
  }

  private readonly sweep = (): void => {
    this.timerDue = Number.POSITIVE_INFINITY;
    const now = this.now();
    for (const [el, until] of this.lit) {
      if (until > now) {
        this.arm(until);
        return;
      }
      this.lit.delete(el);
      delete el.dataset.flash;
    }
  };

  /** How many cells are lit (tests). */
  get litCount(): number {
    return this.lit.size;
  }
}

/** The app's one flasher: every price cell of every pane shares its sweep. */
export const flasher = new Flasher();
