import { observable } from "@legendapp/state";
import { onSignal } from "../../core/events";
import { killSwitchOn, SEGMENT_NAMES } from "../../core/rules/killSwitch";
import type { Segment } from "../../core/types/exchange";
import { isOk } from "../api/http";
import { getKillSwitches, turnOnKillSwitch, type KillSwitchRow } from "../api/risk";
import { brokerNow } from "./brokerClock";
import { clientState, sessionEndedSince } from "./sessionReset";

/** The trader's kill switches as the broker last answered them (issue 33). */
export interface RiskState {
  switches: KillSwitchRow[];
  loaded: boolean;
}

const initial = (): RiskState => ({ switches: [], loaded: false });
export const risk$ = observable<RiskState>(initial());
clientState({ name: "risk", holds: () => risk$.peek(), reset: () => risk$.set(initial()) });

export async function refreshRisk(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const e = await getKillSwitches();
    if (!ended() && isOk(e)) risk$.assign({ switches: e.result ?? [], loaded: true });
  } catch {
    // Told by the HTTP layer; the last answer stays.
  }
}

// A risk message on the order topic (a switch turned on elsewhere, a loss limit tripped) reloads it.
onSignal("risk.refresh", () => void refreshRisk());

/** The switches on at the broker's clock now (each lifts by itself at its end). */
export function switchesOn(rows: readonly KillSwitchRow[], now = brokerNow() ?? Date.now()): KillSwitchRow[] {
  return rows.filter((r) => r.until !== null && r.onAt !== null && killSwitchOn({ segment: r.segment, onAt: Date.parse(r.onAt), until: Date.parse(r.until), reason: "user" }, now));
}

/** Turns a segment's switch on; true when on, else the broker's refusal to show in the dialog. */
export async function turnOnSwitch(segment: Segment, hours: number): Promise<true | string> {
  const e = await turnOnKillSwitch(segment, hours);
  if (!isOk(e)) return `${e.status}: ${e.message}`;
  await refreshRisk();
  const row = e.result?.[0];
  return row ? true : `The broker did not turn the ${SEGMENT_NAMES[segment]} kill switch on`;
}
