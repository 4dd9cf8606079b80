import type { RuleError } from "../../src/core/errors.js";
import { istTime } from "../../src/core/time.js";
import type { OrderGates } from "../orders/desk.js";
import type { ReplayMode } from "./mode.js";

/**
 * The replay while it moves to another time (issue 35): a jump, a step, or a restart carrying on
 * where its run was. The tape is played there a block at a time (the broker answers meanwhile), so
 * for a while the tape's prices are of an earlier time than the clock's.
 */

/**
 * Moves the replay to `at`: the clock shows the new time at once and stands there until the tape
 * has been played to it, then runs on from there. Meanwhile the trader's orders wait
 * (replayOrderGate). Why not move the clock only once the tape has arrived: the status bar would
 * show the old time while the tape plays ahead of it, and orders would fill at prices later than
 * the clock, the same fault reversed.
 */
export async function moveReplayTo(mode: Pick<ReplayMode, "clock" | "market">, at: number): Promise<void> {
  mode.clock.hold();
  mode.clock.jump(at);
  try {
    await mode.market.playTo(mode.clock.now().getTime());
  } finally {
    mode.clock.release();
  }
}

/**
 * The trader's new orders and modifies wait while the tape catches up with the clock (EC757): one
 * placed meanwhile would be matched against quotes of the tape's earlier time while the clock, the
 * order's time and the status bar say the new one. A cancel always goes through (it fills nothing).
 * Only the trader's own doors (engine.submitOrder, the modify): the broker's reactions to the tape
 * (a GTT trigger, an alert's order, a loss limit's square-off) act on the tape's own quotes as they
 * are played, and refusing them would drop the trigger or leave a tripped limit's positions open.
 */
export function replayOrderGate(mode: Pick<ReplayMode, "market">): NonNullable<OrderGates["trader"]> {
  return (action) => {
    const to = mode.market.catchingUp();
    return to === undefined ? undefined : movingRefusal(to, action);
  };
}

/** "The replay is moving to 11:30: place the order once it has arrived" (the catalogue's EC757 with the time and the action). */
export function movingRefusal(to: number, action: "place" | "modify"): RuleError {
  const hhmm = istTime(new Date(to).toISOString()).slice(0, 5);
  return { ok: false, code: "EC757", message: `The replay is moving to ${hhmm}: ${action === "place" ? "place" : "change"} the order once it has arrived` };
}
