import { observable } from "@legendapp/state";
import { clientState } from "./sessionReset";

/**
 * The status line: one short sentence at the foot of the workspace that says what just happened
 * to the trader's selection or why a key did nothing (issue 28, "nothing is silent"). A toast is
 * for what the broker did; the status line is for what the keyboard did, so it never stacks and a
 * newer sentence replaces the last.
 */
export interface StatusLine {
  text: string;
  /** "info" for what happened, "warn" for a key that could not run where it was pressed. */
  kind: "info" | "warn";
  /** Bumped on every sentence, so the same sentence said twice is seen twice (and re-timed). */
  seq: number;
}

/** How long a sentence stays: long enough to read after the key, short enough not to be taken for state. */
export const STATUS_LINE_MS = 8000;

export const statusLine$ = observable<StatusLine | null>(null);

let seq = 0;

export function sayInStatusLine(text: string, kind: StatusLine["kind"] = "info"): void {
  statusLine$.set({ text, kind, seq: ++seq });
}

export function clearStatusLine(): void {
  statusLine$.set(null);
}

clientState({ name: "statusLine", holds: () => statusLine$.peek(), reset: clearStatusLine });
