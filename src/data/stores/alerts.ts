import { observable } from "@legendapp/state";
import { notify } from "../../core/notify";
import { alertLine, alertRefusalText, alertSetText, type Alert, type AlertRequest } from "../../core/rules/alerts";
import type { AlertModifyBody } from "../../core/wire/alerts";
import { sipLine, type Sip, type SipSpec } from "../../core/rules/sip";
import { isOk, type Envelope } from "../api/http";
import { cancelAlert, cancelSip, createAlert, createSip, getAlerts, getSips, modifyAlert } from "../api/alerts";
import { clientState, sessionEndedSince } from "./sessionReset";
import { baskets$ } from "./baskets";

/** The trader's price alerts and SIPs as the broker last answered them. */
export interface AlertsState {
  alerts: Alert[];
  alertsLoaded: boolean;
  sips: Sip[];
  sipsLoaded: boolean;
}

const initial = (): AlertsState => ({ alerts: [], alertsLoaded: false, sips: [], sipsLoaded: false });
export const alerts$ = observable<AlertsState>(initial());
clientState({ name: "alerts", holds: () => alerts$.peek(), reset: () => alerts$.set(initial()), books: true });

/**
 * A call's answer: the result, or the broker's refusal as `{ refused }` (a dialog shows it by its
 * field). HTTP failures were told by the HTTP layer: undefined.
 */
async function answer<T>(f: () => Promise<Envelope<T>>): Promise<{ result: T[] } | { refused: string; status: string } | undefined> {
  const ended = sessionEndedSince();
  try {
    const e = await f();
    if (ended()) return undefined;
    return isOk(e) ? { result: e.result ?? [] } : { refused: e.message, status: e.status };
  } catch {
    return undefined;
  }
}

/**
 * The toast of an alert set or modified: with the order or basket it places, the basket by its name
 * where this window knows it, and what its order does to a position of another product when it
 * fires (`warning`, commands/alertOrder.ts), as the alert dialog said it.
 */
const setToast = (a: Alert, what: "set" | "modified", warning?: string) =>
  `${alertSetText(a, what, baskets$.baskets.peek().find((b) => b.basketId === a.thenBasketId)?.basketName)}${warning ? `. ${warning}` : ""}`;

export async function refreshAlerts(): Promise<void> {
  const a = await answer(getAlerts);
  if (a && "result" in a) alerts$.assign({ alerts: a.result, alertsLoaded: true });
}

/** Reads the SIPs again; `ifLoaded` when only a list already shown needs to follow the broker. */
export async function refreshSips(opts: { ifLoaded?: boolean } = {}): Promise<void> {
  if (opts.ifLoaded && !alerts$.sipsLoaded.peek()) return;
  const a = await answer(getSips);
  if (a && "result" in a) alerts$.assign({ sips: a.result, sipsLoaded: true });
}

/** Who hears that this window changed the broker's SIPs: the other windows of the browser (app/windowSips.ts). */
const sipsChanged = new Set<() => void>();

/** Hears each SIP made or cancelled in this window; returns the way to stop. */
export function onSipsChanged(hear: () => void): () => void {
  sipsChanged.add(hear);
  return () => sipsChanged.delete(hear);
}

const tellSipsChanged = () => {
  for (const hear of sipsChanged) hear();
};

/**
 * Creates an alert; answers undefined when made (the toast says what was set on what), else the
 * refusal to show, with its code (README: the risk desk's refusals are shown with their code).
 */
export async function addAlert(spec: AlertRequest, warning?: string): Promise<string | undefined> {
  const made = await makeAlert(spec, warning);
  return typeof made === "string" ? made : undefined;
}

/**
 * The one way an alert is made, from a command, the dialog or a chart line (Shift+A): the broker's
 * alert, said in a toast (alertSetText) and listed; else the refusal to show, with its code.
 */
export async function makeAlert(spec: AlertRequest, warning?: string): Promise<Alert | undefined | string> {
  const a = await answer(() => createAlert(spec));
  if (!a) return "The broker did not answer";
  if ("refused" in a) return alertRefusalText(a.status, a.refused);
  const made = a.result[0];
  if (made) notify({ kind: "success", text: setToast(made, "set", warning) });
  await refreshAlerts();
  return made;
}

/** Replaces an active alert's terms; undefined when done, else the refusal with its code. */
export async function changeAlert(alertId: number, terms: AlertModifyBody, warning?: string): Promise<string | undefined> {
  const a = await answer(() => modifyAlert(alertId, terms));
  if (!a) return "The broker did not answer";
  // Refused or not, the list shows the alert as the broker now has it (a fired one says so).
  await refreshAlerts();
  if ("refused" in a) return alertRefusalText(a.status, a.refused);
  const made = a.result[0];
  if (made) notify({ kind: "success", text: setToast(made, "modified", warning) });
  return undefined;
}

/** Cancels an alert: the toast names it ("Alert cancelled: INFY-EQ at or above ₹1,150"), a refusal with its code and the alert. */
export async function removeAlert(alertId: number): Promise<void> {
  const alert = alerts$.alerts.peek().find((x) => x.alertId === alertId);
  const a = await answer(() => cancelAlert(alertId));
  if (a && "refused" in a) notify({ kind: "danger", text: `${alertRefusalText(a.status, a.refused)}${alert ? `: ${alertLine(alert)}` : ""}` });
  else if (a) notify({ kind: "neutral", text: alert ? alertSetText(alert, "cancelled") : "Alert cancelled" });
  await refreshAlerts();
}

/** Creates a SIP; undefined when made, else the refusal (EC876 opens the beta dialog from the HTTP layer). */
export async function addSip(spec: SipSpec): Promise<{ refused: string; status: string } | undefined> {
  const a = await answer(() => createSip(spec));
  if (!a) return { refused: "The broker did not answer", status: "" };
  // Shown with its code, as every refusal of the broker's is (alertRefusalText).
  if ("refused" in a) return { refused: alertRefusalText(a.status, a.refused), status: a.status };
  const made = a.result[0];
  // A success carries the SIP; only an EC876 carries the beta feature instead.
  if (made && "tradingSymbol" in made) notify({ kind: "success", text: `SIP created: ${made.tradingSymbol}` });
  await refreshSips();
  tellSipsChanged();
  return undefined;
}

/**
 * Cancels a SIP: the toast names it (instrument, each instalment, frequency), a refusal with its
 * code (EC979 when another window cancelled it first); the list and the other windows' lists
 * follow the broker either way.
 */
export async function removeSip(sipId: number): Promise<void> {
  const sip = alerts$.sips.peek().find((s) => s.sipId === sipId);
  const named = sip ? sipLine(sip) : `SIP ${sipId}`;
  const a = await answer(() => cancelSip(sipId));
  if (a && "refused" in a) notify({ kind: "danger", text: `${alertRefusalText(a.status, a.refused)}: ${named}` });
  else if (a) notify({ kind: "neutral", text: `SIP cancelled: ${named}` });
  await refreshSips();
  if (a && "result" in a) tellSipsChanged();
}
