import { observable } from "@legendapp/state";
import { withEntry, type ErrorLogEntry, type ErrorSource } from "../../core/errorLog";

/** The app's one error log (src/core/errorLog.ts). Kept across sign-outs: it is the device's, not the client's. */
export const errorLog$ = observable<{ entries: ErrorLogEntry[] }>({ entries: [] });

export function logError(source: ErrorSource, message: string): void {
  errorLog$.entries.set(withEntry(errorLog$.entries.peek(), { at: new Date().toISOString(), source, message }));
}

export function clearErrorLog(): void {
  errorLog$.entries.set([]);
}
