/**
 * Where core sends what the user must be told. The app registers a sink (react-hot-toast);
 * core stays free of React and tests can record what was shown.
 */
export type ToastKind = "success" | "danger" | "neutral";
export interface Toast {
  kind: ToastKind;
  text: string;
  /** Defaults to TOAST_MS. */
  durationMs?: number;
  /** A toast with the same id replaces the one on screen (default: its kind and text). */
  id?: string;
  /** The one event this toast tells, and which of its tellers this is (rules/toastRepeats.ts). */
  tells?: Telling;
}

/**
 * One event told twice, by two tellers: a modify is told by the order window's answer and again by
 * the broker's order update (the same text, rules/orderToast.ts). The two tellings are one toast and
 * count once; `event` names the event ("modify:{brokerOrderId}").
 */
export interface Telling {
  event: string;
  teller: "answer" | "update";
}

type Sink = (t: Toast) => void;
let sink: Sink = () => {};

export function setToastSink(s: Sink): void {
  sink = s;
}

export function notify(t: Toast): void {
  sink(t);
}

type ResetHandler = () => void;
let onReset: ResetHandler = () => {};

/** The app's "reset" (clear stores, go to /) used by the 401 and other-4xx rules. */
export function setResetHandler(h: ResetHandler): void {
  onReset = h;
}

export function resetApp(): void {
  onReset();
}
