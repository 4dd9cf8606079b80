import { observable } from "@legendapp/state";
import { heard, UNKNOWN_REACH, type BrokerReach } from "../../core/rules/brokerReach";
import { clientState } from "./sessionReset";

/**
 * The broker as the app's requests last found it (core/rules/brokerReach.ts): the HTTP layer and
 * the clock poll report every request here; the workspace's banner and the command line read it.
 */
export const brokerReach$ = observable<BrokerReach>(UNKNOWN_REACH);
clientState({ name: "brokerReach", holds: () => brokerReach$.peek(), reset: () => brokerReach$.set(UNKNOWN_REACH) });

/** One request's outcome: `sentAt` is when it was sent, `answered` whether anything came back. */
export function heardFromBroker(sentAt: number, answered: boolean): void {
  const prev = brokerReach$.peek();
  const next = heard(prev, { sentAt, answered });
  if (next !== prev) brokerReach$.set(next);
}

export function brokerUnreachable(): boolean {
  return brokerReach$.state.peek() === "unreachable";
}
