/**
 * How long a toast stays. Decided: a toast stays its set time (the spec's 4,500 ms, 5,000 ms for a
 * cancel's error) or as long as its words take to read, whichever is longer: a second to notice it
 * and 240 ms a word (250 words a minute). The same for every toast, warning or not, so that a short
 * one keeps the spec's time and a long one (a GTT placed with its kill-switch warning, 47 words:
 * 12.3 s) can be read to the end; react-hot-toast also holds any toast while the pointer is on it.
 */
export const NOTICE_MS = 1000;
export const MS_PER_WORD = 240;

export function toastMs(text: string, setMs: number): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(setMs, NOTICE_MS + words * MS_PER_WORD);
}
