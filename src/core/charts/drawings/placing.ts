import { stepByTicks } from "../../rules/tick";
import { POINTS_OF, type DrawingPoint, type DrawingTool } from "./types";

/**
 * Placing a drawing by keyboard (issue 34): the draw mode's rules, away from the chart library.
 *
 * The crosshair's point is its bar's start and a price: the bar's close, until ↑/↓ step it by
 * ticks while a drawing is being placed (then the stepped price stays, whichever bar the crosshair
 * moves to, until a point is set with it).
 *
 * 1. A tool's key starts placing it. A horizontal line's one point is the crosshair's, live; a
 *    two-point tool's first point (the anchor) is set at once where the crosshair is.
 * 2. The same key again, or Enter, sets the last point: the drawing is done with the anchor (if
 *    any) and the crosshair's point, and the mode ends. Two points that are the same point set
 *    nothing: the mode stays, and says why.
 * 3. Another tool's key while placing starts that tool afresh (rule 1); the old one is dropped.
 * 4. Esc abandons: nothing is drawn and the mode ends. Outside the mode Esc is not the drawings'
 *    (it passes on: the order lines' and the dialogs' Esc).
 * 5. ↑/↓ step the crosshair's price by one tick only while placing; after a point is set the
 *    price follows the bar's close again. Outside the mode they are not the drawings'.
 */
export interface Placing {
  tool: DrawingTool;
  /** The first point of a two-point tool; null for a horizontal line. */
  anchor: DrawingPoint | null;
}

export interface DrawState {
  placing: Placing | null;
  /** The crosshair's stepped price; null: its bar's close. Only ever set while placing. */
  price: number | null;
}

export const IDLE: DrawState = { placing: null, price: null };

/** Where the crosshair is: its bar's start and close. */
export interface CrosshairBar {
  time: number;
  close: number;
}

export type DrawEvent =
  | { kind: "tool"; tool: DrawingTool; at: CrosshairBar }
  | { kind: "confirm"; at: CrosshairBar }
  | { kind: "step"; by: 1 | -1; at: CrosshairBar; tickSize: number }
  | { kind: "abandon" };

export interface DrawStep {
  state: DrawState;
  /** A finished drawing: its tool and points, in the order they were set. */
  done?: { tool: DrawingTool; points: DrawingPoint[] };
  /** False when the event is not the draw mode's (it passes on to whoever else takes the key). */
  taken: boolean;
  /** Why a confirm set nothing (rule 2). */
  refused?: string;
}

/** The crosshair's point: its bar's start, at the stepped price or the close. */
export function crosshairPoint(s: DrawState, at: CrosshairBar): DrawingPoint {
  return { time: at.time, price: s.price ?? at.close };
}

function start(s: DrawState, tool: DrawingTool, at: CrosshairBar): DrawStep {
  if (POINTS_OF[tool] === 1) return { state: { placing: { tool, anchor: null }, price: s.price }, taken: true };
  return { state: { placing: { tool, anchor: crosshairPoint(s, at) }, price: null }, taken: true };
}

function finish(s: DrawState, p: Placing, at: CrosshairBar): DrawStep {
  const last = crosshairPoint(s, at);
  if (p.anchor === null) return { state: IDLE, done: { tool: p.tool, points: [last] }, taken: true };
  if (p.anchor.time === last.time && p.anchor.price === last.price) {
    return { state: s, taken: true, refused: "The second point is the first one: move the crosshair (← →) or its price (↑ ↓) first" };
  }
  return { state: IDLE, done: { tool: p.tool, points: [p.anchor, last] }, taken: true };
}

/** One event of the draw mode (the rules above). */
export function stepDrawing(s: DrawState, e: DrawEvent): DrawStep {
  const p = s.placing;
  switch (e.kind) {
    case "tool":
      if (p && p.tool === e.tool) return finish(s, p, e.at);
      return start(s, e.tool, e.at);
    case "confirm":
      return p ? finish(s, p, e.at) : { state: s, taken: false };
    case "step":
      if (!p) return { state: s, taken: false };
      return { state: { placing: p, price: Math.max(e.tickSize, stepByTicks(s.price ?? e.at.close, e.tickSize, e.by)) }, taken: true };
    case "abandon":
      return p ? { state: IDLE, taken: true } : { state: s, taken: false };
  }
}
