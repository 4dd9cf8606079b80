import { batch } from "@legendapp/state";

/**
 * "Logout or a 401 clears all stores" (access-and-surroundings, "Logout and session loss"). Every
 * piece of state that belongs to the signed-in client registers itself here, next to its
 * definition: its name, what it holds now, and how it goes back to how it was before anyone
 * signed in. So a new store cannot be forgotten by a central list, and the sign-out test asks
 * each registered store, not a list kept by hand. Layers above data (feed, commands, panes)
 * register too; this module imports none of them.
 */
export interface ClientState {
  /** Unique: "orders", "orderWindow", "quotes" ... */
  name: string;
  /**
   * What it holds now, as a plain value (JSON-like: no Map, no Set, no observable): the sign-out
   * test records it before anyone signs in and finds it again after the session ends.
   */
  holds: () => unknown;
  /** Puts it back to how it was before anyone signed in. */
  reset: () => void;
  /**
   * Part of the broker's books for the client as the app keeps them (GTTs, alerts, baskets...):
   * reset too when the broker starts answering from other books (a replay starts or ends, issue
   * 35), so neither a pane nor a command finds the other side's basket or GTT.
   */
  books?: true;
  /**
   * What one trading day's market answered the app (its contracts, its option chains): reset with
   * the books, since a replayed day lists other contracts (a chain kept from the live day showed
   * its expiries, whose tokens the replayed day's market has not got).
   */
  day?: true;
}

const states: ClientState[] = [];
let generation = 0;

/** Registers a piece of the client's state; resets run in registration order. */
export function clientState(s: ClientState): void {
  if (states.some((x) => x.name === s.name)) throw new Error(`client state "${s.name}" is registered twice`);
  states.push(s);
}

/** Every registered piece of the client's state (the sign-out test enumerates them). */
export function clientStates(): readonly ClientState[] {
  return states;
}

/**
 * Puts every registered piece of state back to how it was before anyone signed in. Called once
 * by the end of a session (sign-out and the 401 path). Every reset runs even if one throws.
 */
export function resetSessionState(): void {
  generation++;
  resetWhere(() => true);
}

/** Resets the pieces that are the broker's books (`books`) or its day's market (`day`), the client staying signed in. */
export function resetBooksState(): void {
  resetWhere((s) => s.books === true || s.day === true);
}

/** Resets the registered pieces `which` picks, in one batch; every reset runs even if one throws. */
function resetWhere(which: (s: ClientState) => boolean): void {
  let failure: unknown;
  batch(() => {
    for (const s of states) {
      if (!which(s)) continue;
      try {
        s.reset();
      } catch (err) {
        failure ??= err;
      }
    }
  });
  if (failure !== undefined) throw failure;
}

/**
 * A guard for an answer on its way: true once the session it was asked for has ended, so a
 * late answer for the last client is dropped instead of filling a store just reset.
 */
export function sessionEndedSince(): () => boolean {
  const asked = generation;
  return () => generation !== asked;
}
