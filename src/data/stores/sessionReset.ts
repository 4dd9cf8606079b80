import { batch } from "@legendapp/state";

/**
 * "Logout or a 401 clears all stores" (access-and-surroundings, "Logout and session loss"). Every
 * piece of state that belongs to the signed-in client registers its own reset here, next to its
 * definition, so a new store cannot be forgotten by a central list. Layers above data (feed,
 * commands, panes) register too; this module imports none of them.
 */
const resets: Array<() => void> = [];
let generation = 0;

/** Registers what a session reset puts back; runs in registration order. */
export function onSessionReset(fn: () => void): void {
  resets.push(fn);
}

/**
 * Puts every registered piece of state back to how it was before anyone signed in. Called once
 * by the end of a session (sign-out and the 401 path). Every reset runs even if one throws.
 */
export function resetSessionState(): void {
  generation++;
  let failure: unknown;
  batch(() => {
    for (const reset of resets) {
      try {
        reset();
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
