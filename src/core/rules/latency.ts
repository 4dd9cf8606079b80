import { formatDate } from "../format";
import { istDateKey, istTime } from "../time";

/**
 * The order latency log's figures (issues 19, 29): percentiles by the nearest-rank
 * method (the p-th percentile of n sorted values is the value at rank ceil(p/100 x n)), so every
 * figure shown is one that was measured.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** "84 ms", "1.24 s": a duration a trader reads. */
export function formatLatency(ms: number | undefined): string {
  if (ms === undefined) return "–";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * The log's name of the books an order is in (data/stores/brokerBooks.ts: "live", "replay <date> <run>"):
 * "Live", or "Replay DD/MM/YYYY" — with ", run N" when the log holds more than one run of that date
 * (each run has books of its own), N counted in the order of `books`.
 */
export function latencyBookLabel(book: string, books: readonly string[]): string {
  const date = replayDateOf(book);
  if (date === undefined) return "Live";
  const runs = books.filter((b, i) => replayDateOf(b) === date && books.indexOf(b) === i);
  const shown = `Replay ${formatDate(date)}`;
  return runs.length > 1 ? `${shown}, run ${runs.indexOf(book) + 1}` : shown;
}

/** The replayed date "YYYY-MM-DD" of a replay's books; undefined for the live ones. */
export function replayDateOf(book: string): string | undefined {
  return /^replay (\d{4}-\d{2}-\d{2})\b/.exec(book)?.[1];
}

/** A row's time on the broker's clock: "HH:MM:SS" IST, with "DD/MM/YYYY " before it when its IST date is not `today` ("YYYY-MM-DD"). */
export function latencyTimeText(at: number, today: string): string {
  const d = new Date(at);
  const time = istTime(d.toISOString());
  return istDateKey(d) === today ? time : `${formatDate(istDateKey(d))} ${time}`;
}
