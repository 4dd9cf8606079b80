import type { DeskLeg, HeldLots, HeldMark, PaneStrategy } from "./legs";

/**
 * A strategy pane's held marks follow the broker's books in effect (issue 35, pure). A replay has
 * books of its own: a leg held because the live account holds it (analysed, or placed from the
 * pane) is not held in the replay's books, and what the pane shows as held is what Enter does not
 * send (placement.ts orderToPlace). So in a replay such a leg is shown, counted and placed as a leg
 * to place, and back on the live market it is held again; a mark made in a replay is that replay's.
 *
 * Decision (the spec is silent): the legs themselves stay: they are the trader's work, kept in the
 * layout whatever books answer; only what is held of them is the books'.
 */

/** The live market's books, as brokerBooks.ts names them. */
export const LIVE_BOOKS = "live";

/** The books a mark is held in: a mark that names none is the live books' (a layout saved before marks named them). */
const booksOf = (h: HeldLots): string => h.books ?? LIVE_BOOKS;

/**
 * A leg as the books `books` have it: held at their mark, if it has one for them, and every other
 * books' mark kept aside (heldElsewhere) so an edit keeps it and those books find it again. An
 * analysed leg's entry is its position's average in the books it is held in (fills.ts): it goes
 * and comes with its mark; a price the trader typed stays with the leg.
 */
export function legInBooks(leg: DeskLeg, books: string): DeskLeg {
  const current: HeldMark[] = leg.held ? [{ held: leg.held, ...(leg.held.fromPositions && leg.entry !== undefined ? { average: leg.entry } : {}) }] : [];
  const marks = [...current, ...(leg.heldElsewhere ?? [])];
  if (marks.length === 0) return leg;
  const { held: _held, heldElsewhere: _away, entry: _entry, ...bare } = leg;
  const typed = leg.entry !== undefined && !leg.held?.fromPositions ? { entry: leg.entry } : {};
  const here = marks.find((m) => booksOf(m.held) === books);
  const others = marks.filter((m) => m !== here).map((m) => ({ ...m, held: { ...m.held, books: booksOf(m.held) } }));
  return {
    ...bare,
    ...typed,
    ...(here ? { held: { ...here.held, books }, ...(here.average !== undefined ? { entry: here.average } : {}) } : {}),
    ...(others.length > 0 ? { heldElsewhere: others } : {}),
  };
}

/** The strategy as the books `books` have it (legInBooks, leg by leg). */
export const strategyInBooks = (s: PaneStrategy, books: string): PaneStrategy => ({ ...s, legs: s.legs.map((l) => legInBooks(l, books)) });

/**
 * The strategy as the pane's state keeps it, written while `books` answer: a mark made just now
 * (heldOncePlaced, holdBooked, an analysis) names no books yet, and is these books'.
 */
export function markedIn(s: PaneStrategy, books: string): PaneStrategy {
  return { ...s, legs: s.legs.map((l) => (l.held && l.held.books === undefined ? { ...l, held: { ...l.held, books } } : l)) };
}

/** A run's answers are the books' it was placed in (their order numbers, a replay's numbered afresh): none in other books. A run that names none is the live books'. */
export const runInBooks = <R extends { books?: string }>(run: R | undefined, books: string): R | undefined => (run && (run.books ?? LIVE_BOOKS) === books ? run : undefined);
