/**
 * The common error logger: "Network errors go to an error log. Idea fetch errors are logged and
 * yield an empty list. Socket and subscription errors are logged only. Binary decode errors are
 * logged" (access-and-surroundings section 8). A user opens it from the palette; it keeps the last
 * ERROR_LOG_MAX entries, newest first.
 */
export const ERROR_LOG_MAX = 200;

/** "screen": a pane, dialog or page that failed to render or to load its file (issue 28, "No blank page"). */
export type ErrorSource = "network" | "ideas" | "socket" | "decode" | "screen";

/** What a caught value says: an Error's message, anything else as text. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface ErrorLogEntry {
  /** ISO instant; shown in India time. */
  at: string;
  source: ErrorSource;
  message: string;
}

export function withEntry(log: readonly ErrorLogEntry[], entry: ErrorLogEntry, max = ERROR_LOG_MAX): ErrorLogEntry[] {
  return [entry, ...log].slice(0, max);
}

const SOURCE_LABEL: Record<ErrorSource, string> = { network: "Network", ideas: "Ideas", socket: "Live feed", decode: "Feed frame", screen: "Screen" };

export function sourceLabel(s: ErrorSource): string {
  return SOURCE_LABEL[s];
}

/** The log as text to copy: one line per entry, "India time  source  message", newest first. */
export function errorLogText(log: readonly ErrorLogEntry[], istDateTime: (iso: string) => string): string {
  return log.map((e) => `${istDateTime(e.at)} IST  ${sourceLabel(e.source)}  ${e.message}`).join("\n");
}
