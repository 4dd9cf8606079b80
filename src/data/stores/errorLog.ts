import { observable } from "@legendapp/state";
import { stampNow } from "./brokerClock";
import { withEntry, type ErrorLogEntry, type ErrorSource } from "../../core/errorLog";

/**
 * The app's one error log (src/core/errorLog.ts). Kept across sign-outs: it is the device's, not
 * the client's. `copied` says how the last Copy went, until the log changes.
 */
export const errorLog$ = observable<{ entries: ErrorLogEntry[]; copied: string }>({ entries: [], copied: "" });

export function logError(source: ErrorSource, message: string): void {
  errorLog$.assign({ entries: withEntry(errorLog$.entries.peek(), { at: new Date(stampNow()).toISOString(), source, message }), copied: "" });
}

export function clearErrorLog(): void {
  errorLog$.assign({ entries: [], copied: "" });
}

export function noteCopied(text: string): void {
  errorLog$.copied.set(text);
}
