/**
 * The ordering rule of the live feed (DESIGN.md section 2): "A new feed epoch (reconnect, or a
 * sequence that jumps backwards) resets the ordering baseline; frames of an older epoch never
 * overwrite newer ones."
 *
 * A frame carries its instrument's sequence (+1 per frame, counted by the broker from zero at its
 * start) and, given by the client on arrival, the epoch of the connection it came on (+1 on every
 * connect). Within one connection the frames of an instrument arrive in order, so a sequence
 * below the last one can only come from a publisher that started again (a broker restarted
 * behind an external MQTT broker whose socket stayed up): it starts a new baseline at once. The
 * old rule (a backward step was a stale frame unless it went back by more than 100,000) froze
 * every price after a restart until the new broker's count passed the old one.
 *
 * Plain numbers in and a constant out: it runs once per frame on the hot path and allocates nothing.
 */
export type FrameOrder =
  /** The first frame of the instrument, or of its instrument in a newer connection: a new baseline. */
  | "new-epoch"
  /** Next in sequence (a gap is a gap, not a reason to drop). */
  | "next"
  /** Same sequence again (the index and market-watch topics of one instrument carry the same frame). */
  | "repeat"
  /** The sequence went backwards on the same connection: the publisher started again. A new baseline. */
  | "restart"
  /** Sent on a connection older than the instrument's baseline: never overwrites newer data. */
  | "older-epoch";

/**
 * `lastEpoch`/`lastSeq`: the instrument's baseline, or undefined before its first frame.
 * `epoch`/`seq`: the frame's connection epoch and sequence.
 */
export function orderFrame(lastEpoch: number | undefined, lastSeq: number, epoch: number, seq: number): FrameOrder {
  if (lastEpoch === undefined || epoch > lastEpoch) return "new-epoch";
  if (epoch < lastEpoch) return "older-epoch";
  if (seq > lastSeq) return "next";
  return seq === lastSeq ? "repeat" : "restart";
}

/** Whether a frame of this order is applied. */
export function acceptsFrame(order: FrameOrder): boolean {
  return order !== "repeat" && order !== "older-epoch";
}
