import { describe, expect, it } from "vitest";
import { Flasher, type Flashable } from "../../../src/panes/cells/flash";

/** A clock and a timer queue the test moves by hand. */
function fakeTime() {
  let now = 1_000;
  const timers: Array<{ at: number; run: () => void }> = [];
  return {
    now: () => now,
    timer: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    /** Moves the clock to `t`, running every timer due by then in time order. */
    advanceTo(t: number) {
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > t) break;
        timers.shift();
        now = next.at;
        next.run();
      }
      now = t;
    },
    pending: () => timers.length,
  };
}

const cell = (): Flashable => ({ dataset: {} });

describe("price flash (watchlist cells)", () => {
  it("lights a cell green when its price rose, red when it fell, and puts it out 450 to 500 ms later", () => {
    const t = fakeTime();
    const f = new Flasher(t.now, t.timer);
    const rose = cell();
    const fell = cell();
    f.flash(rose, "up");
    f.flash(fell, "down");
    expect(rose.dataset.flash).toBe("up");
    expect(fell.dataset.flash).toBe("down");
    t.advanceTo(1_000 + 449);
    expect(rose.dataset.flash).toBe("up");
    t.advanceTo(1_000 + 500);
    expect(rose.dataset.flash).toBeUndefined();
    expect(fell.dataset.flash).toBeUndefined();
    expect(f.litCount).toBe(0);
    expect(t.pending()).toBe(0);
  });

  it("a cell lit again before it went out burns for 450 ms from its new tick, with the new direction", () => {
    const t = fakeTime();
    const f = new Flasher(t.now, t.timer);
    const c = cell();
    f.flash(c, "up");
    t.advanceTo(1_300);
    f.flash(c, "down");
    // The first flash's time (1,450 + slack) has passed; the second burns until 1,750.
    t.advanceTo(1_600);
    expect(c.dataset.flash).toBe("down");
    t.advanceTo(1_800);
    expect(c.dataset.flash).toBeUndefined();
  });

  it("one sweep puts out only the cells whose time has come and waits for the next", () => {
    const t = fakeTime();
    const f = new Flasher(t.now, t.timer);
    const early = cell();
    const late = cell();
    f.flash(early, "up");
    t.advanceTo(1_200);
    f.flash(late, "up");
    // The sweep for `early` runs at 1,500: `late` (lit at 1,200, out at 1,650) still burns.
    t.advanceTo(1_500);
    expect(early.dataset.flash).toBeUndefined();
    expect(late.dataset.flash).toBe("up");
    expect(f.litCount).toBe(1);
    t.advanceTo(1_700);
    expect(late.dataset.flash).toBeUndefined();
  });
});
