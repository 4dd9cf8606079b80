/**
 * Whether the broker can be reached (issue 28: "a banner across the workspace says the broker is
 * unreachable while it is"). Every request the app sends is a witness: the clock poll of /health
 * once a second, and every API call. The newest witness wins, ordered by when its request was
 * sent, so an answer lost long ago (a call that timed out after 15 s) does not overrule a health
 * check sent after it, and the banner goes by itself with the first answer after the outage.
 */
export interface BrokerReach {
  state: "unknown" | "answering" | "unreachable";
  /** When the request behind the state was sent (ms since the epoch); 0 before any. */
  sentAt: number;
  /** While unreachable: when the first request that got no answer was sent. */
  downSince: number | undefined;
}

export const UNKNOWN_REACH: BrokerReach = { state: "unknown", sentAt: 0, downSince: undefined };

/** What one request heard: an answer of any kind, or none. */
export interface Witness {
  sentAt: number;
  answered: boolean;
}

export function heard(prev: BrokerReach, w: Witness): BrokerReach {
  if (w.sentAt < prev.sentAt) return prev;
  if (w.answered) return { state: "answering", sentAt: w.sentAt, downSince: undefined };
  return { state: "unreachable", sentAt: w.sentAt, downSince: prev.state === "unreachable" ? prev.downSince : w.sentAt };
}

/**
 * How a failed request counts: no connection and a timeout are no answer; so are 502, 503 and
 * 504, which a proxy or gateway in front of the broker answers when the broker behind it does not.
 * Any other status came from the broker itself, which was reached (a 500 is its own fault, not an outage).
 */
export type RequestFailure = { kind: "network" } | { kind: "timeout" } | { kind: "status"; status: number };

export function reachedDespite(f: RequestFailure): boolean {
  return f.kind === "status" && f.status !== 502 && f.status !== 503 && f.status !== 504;
}
