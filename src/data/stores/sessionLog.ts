import { observable } from "@legendapp/state";
import { stampNow } from "./brokerClock";
import { clientState } from "./sessionReset";

/**
 * The session log of bulk actions (issue 19): one entry per cancel all, exit all or flatten all,
 * with what it sent and what came back (or that it was aborted). Kept for the session only.
 */
export interface SessionLogEntry {
  id: number;
  /** The broker's clock (ms) when the action ended. */
  at: number;
  title: string;
  outcome: "sent" | "aborted" | "nothing to send";
  sent: string[];
  answers: string[];
}

export const sessionLog$ = observable<{ entries: SessionLogEntry[] }>({ entries: [] });
clientState({ name: "sessionLog", holds: () => sessionLog$.peek(), reset: () => sessionLog$.entries.set([]) });

let nextId = 1;

export function addSessionLog(entry: Omit<SessionLogEntry, "id" | "at">): void {
  sessionLog$.entries.set((list) => [{ ...entry, id: nextId++, at: stampNow() }, ...list]);
}
