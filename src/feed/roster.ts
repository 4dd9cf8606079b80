/**
 * The owner's roll of the other windows of the group (issue 32), pure bookkeeping: each window
 * announces its topics with a heartbeat (every HEARTBEAT_MS, and at once when they change); the
 * owner counts heartbeat periods, and a window silent for MISSED_BEATS periods in a row is taken
 * to have crashed (a closed window says "bye"; a crashed one says nothing) and its topics are
 * dropped. A window dropped while alive (a hidden tab whose timers the browser slowed) is back
 * with everything at its next heartbeat, which carries all its topics. No timers here:
 * session.ts calls `tick` once a period.
 *
 * A window whose main thread is starved (four windows on a loaded machine run a frame a second)
 * may beat late for many periods while it lives; dropping it would stop its frames. So each
 * window also holds a Web Lock of its own for its lifetime, which the browser releases when the
 * window crashes or closes: a silent window whose lock is still held is slow, not gone, and kept.
 */

/** How often a window says it lives. Hidden tabs run timers at most once a second, so a beat a second is not slower there. */
export const HEARTBEAT_MS = 2000;
/** Periods without a beat before the owner drops a window: 5 × 2 s, far above a busy tab's timer delay. */
export const MISSED_BEATS = 5;

export type WindowTopics = Readonly<Record<string, readonly string[]>>;

interface Entry {
  topics: WindowTopics;
  /** Whole periods since its last beat. */
  missed: number;
  /** A beat came in the period now running. */
  beat: boolean;
}

export type Roster = ReadonlyMap<string, Entry>;

export const emptyRoster = (): Roster => new Map();

/** A window's heartbeat (or a change of its topics): its topics are these, and it lives. */
export function heard(r: Roster, id: string, topics: WindowTopics): Roster {
  const next = new Map(r);
  next.set(id, { topics, missed: 0, beat: true });
  return next;
}

/** A window that said "bye": gone at once. */
export function gone(r: Roster, id: string): Roster {
  if (!r.has(id)) return r;
  const next = new Map(r);
  next.delete(id);
  return next;
}

/**
 * One heartbeat period has ended: a window without a beat in it misses one; at `limit` misses in a
 * row it is dropped, unless `living` (the windows whose own lock is held now, when the browser can
 * say) names it.
 */
export function tick(r: Roster, limit: number = MISSED_BEATS, living?: ReadonlySet<string>): { roster: Roster; dropped: string[] } {
  const next = new Map<string, Entry>();
  const dropped: string[] = [];
  for (const [id, e] of r) {
    const missed = e.beat ? 0 : e.missed + 1;
    if (missed >= limit && !living?.has(id)) dropped.push(id);
    else next.set(id, { topics: e.topics, missed, beat: false });
  }
  return { roster: next, dropped };
}

/** The topics the owner holds for the other windows: the union of the live windows'. */
export function heldTopics(r: Roster): Set<string> {
  const out = new Set<string>();
  for (const e of r.values()) for (const list of Object.values(e.topics)) for (const t of list) out.add(t);
  return out;
}

export function topicsOf(r: Roster, id: string): WindowTopics {
  return r.get(id)?.topics ?? {};
}

/** Each window's own lock, held while it lives: its name carries the window's id for the owner's query. */
export const windowLockPrefix = (clientCode: string) => `tape.window.${clientCode}.`;
