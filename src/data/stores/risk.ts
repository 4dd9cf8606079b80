import { observable } from "@legendapp/state";
import { onSignal } from "../../core/events";
import { killSwitchOn, SEGMENT_NAMES } from "../../core/rules/killSwitch";
import { limitsSavedText, limitsWarning, type DayFigures, type LossLimits } from "../../core/rules/lossLimits";
import { gttKillSwitchWarning } from "../../core/rules/gttKillSwitch";
import { notify } from "../../core/notify";
import { istDateKey } from "../../core/time";
import { segmentOf, type Exchange, type Segment } from "../../core/types/exchange";
import { isOk } from "../api/http";
import { getKillSwitches, getLossLimits, setLossLimits, turnOnKillSwitch, type KillSwitchRow, type LimitsRow } from "../api/risk";
import { brokerNow } from "./brokerClock";
import { clientState, sessionEndedSince } from "./sessionReset";

/** The trader's kill switches as the broker last answered them (issue 33). */
export interface RiskState {
  switches: KillSwitchRow[];
  loaded: boolean;
  /** The daily loss limits and how far each is from tripping; undefined until read. */
  limits: LimitsRow | undefined;
}

const initial = (): RiskState => ({ switches: [], loaded: false, limits: undefined });
export const risk$ = observable<RiskState>(initial());
clientState({ name: "risk", holds: () => risk$.peek(), reset: () => risk$.set(initial()), books: true });

export async function refreshRisk(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const e = await getKillSwitches();
    if (!ended() && isOk(e)) risk$.assign({ switches: e.result ?? [], loaded: true });
  } catch {
    // Told by the HTTP layer; the last answer stays.
  }
}

export async function refreshLimits(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const e = await getLossLimits();
    if (!ended() && isOk(e) && e.result?.[0]) risk$.limits.set(e.result[0]);
  } catch {
    // Told by the HTTP layer; the last answer stays.
  }
}

// A risk message on the order topic (a switch turned on elsewhere, a loss limit tripped) reloads both.
onSignal("risk.refresh", () => {
  void refreshRisk();
  void refreshLimits();
});

/**
 * What a GTT on `exchange` placed now is warned of (rules/gttKillSwitch.ts): its segment's kill
 * switch is on (the trader's, or a tripped loss limit's), by the switches and limits last read, at
 * the broker's clock. Reactive inside a selector.
 */
export function gttSwitchWarning(exchange: Exchange): string | undefined {
  const now = brokerNow() ?? Date.now();
  const sw = risk$.switches.get().find((r) => r.segment === segmentOf(exchange));
  return gttKillSwitchWarning(sw, risk$.limits.get(), istDateKey(new Date(now)), now);
}

/** What the loss-limits dialog submits: a blank field is no limit. */
export interface LimitsForm {
  maxLoss: string;
  maxOrders: string;
  maxPositionValue: string;
  squareOff: boolean;
}

/** The form's limits as the broker takes them (0: none), or why they cannot be sent. */
function limitsBody(f: LimitsForm): { maxLoss: number; maxOrders: number; maxPositionValue: number; squareOff: boolean } | string {
  const num = (v: string) => (v.trim() === "" ? 0 : Number(v.replace(/[,₹\s]/g, "")));
  const body = { maxLoss: num(f.maxLoss), maxOrders: num(f.maxOrders), maxPositionValue: num(f.maxPositionValue), squareOff: f.squareOff };
  for (const [k, v] of Object.entries(body)) if (typeof v === "number" && (!Number.isFinite(v) || v < 0)) return `${k === "maxOrders" ? "Orders" : "An amount"} must be a positive number, or blank for no limit`;
  return body;
}

/** The day's figures the broker last answered (the trip's, once one has tripped). */
export function figuresOf(row: LimitsRow): DayFigures {
  const used = (name: string) => row.headroom.find((h) => h.name === name)?.used ?? 0;
  return { pnl: row.dayPnl, orders: used("orders"), positionValue: used("positionValue") };
}

/**
 * What saving the form would do by today's figures (src/core/rules/lossLimits.ts limitsWarning):
 * undefined once the day has tripped (it trips once a day) or before the figures are read.
 */
export function formWarning(f: LimitsForm, row: LimitsRow | undefined): ReturnType<typeof limitsWarning> {
  const body = limitsBody(f);
  if (!row || row.tripped || typeof body === "string") return undefined;
  const none = (v: number) => (v === 0 ? null : v);
  const l: LossLimits = { maxLoss: none(body.maxLoss), maxOrders: none(body.maxOrders), maxPositionValue: none(body.maxPositionValue), squareOff: body.squareOff };
  return limitsWarning(l, figuresOf(row), row.openOrders);
}

/** The limits the trader was told trip at once, and asked again about: the next Enter on the same limits saves them. */
let armed: string | undefined;

/** The dialog opens unasked: limits that trip at once are asked about again. */
export function disarmLimits(): void {
  armed = undefined;
}

/**
 * Saves the limits; true when kept, else the broker's refusal (EC713) to show in the dialog.
 * Limits that trip at once cancel the open orders and stop the day, which cannot be undone: the
 * first Enter on them only asks, the second saves.
 */
export async function saveLimits(f: LimitsForm): Promise<true | string> {
  const body = limitsBody(f);
  if (typeof body === "string") return body;
  const key = JSON.stringify(body);
  if (formWarning(f, risk$.limits.peek())?.tripsNow && armed !== key) {
    armed = key;
    return "Saving trips the limit now and cannot be undone today: Enter again to save, Esc to leave the limits as they are";
  }
  armed = undefined;
  const e = await setLossLimits(body);
  if (!isOk(e)) return `${e.status}: ${e.message}`;
  if (e.result?.[0]) risk$.limits.set(e.result[0]);
  const none = (v: number) => (v === 0 ? null : v);
  notify({ kind: "success", text: limitsSavedText({ maxLoss: none(body.maxLoss), maxOrders: none(body.maxOrders), maxPositionValue: none(body.maxPositionValue), squareOff: body.squareOff }) });
  return true;
}

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
