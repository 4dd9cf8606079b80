/**
 * What the risk desk (issue 33) says on the client's order topic, beside its order updates and
 * fired alerts: a kill switch turned on (by the trader or a tripped loss limit), a loss limit
 * tripped, an alert that placed its orders. The app shows `text` and reloads the risk state.
 */
export const RISK_MESSAGE_KIND = "risk";

export const RISK_EVENTS = ["kill switch on", "loss limit tripped", "alert orders"] as const;
export type RiskEvent = (typeof RISK_EVENTS)[number];

export interface RiskMessage {
  messageKind: typeof RISK_MESSAGE_KIND;
  event: RiskEvent;
  /** The sentence shown to the trader, in the broker's words (times in IST). */
  text: string;
  /** Broker-clock ISO instant. */
  at: string;
}

/** A risk message from the order topic, or null for anything else. */
export function parseRiskMessage(raw: unknown): RiskMessage | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (r.messageKind !== RISK_MESSAGE_KIND || typeof r.text !== "string" || !(RISK_EVENTS as readonly unknown[]).includes(r.event)) return null;
  return { messageKind: RISK_MESSAGE_KIND, event: r.event as RiskEvent, text: r.text, at: typeof r.at === "string" ? r.at : "" };
}

/**
 * The risk desk's refusals (EC710-EC719) are shown with their code: the trader set the switch or
 * the limit and looks it up by that code in the README; other refusals read as the broker's sentence.
 */
export function refusalText(status: string, message: string): string {
  return /^EC71\d$/.test(status) ? `${status}: ${message}` : message;
}
