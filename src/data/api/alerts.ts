import type { AlertRequest } from "../../core/rules/alerts";
import type { SipSpec } from "../../core/rules/sip";
import * as wire from "../../core/wire/alerts";
import { send } from "./send";

/** Price alerts and SIPs under /core/v2 (Tape's paths, server/alerts and server/sip; schemas in src/core/wire/alerts.ts). */

export const getAlerts = () => send(wire.alerts, {});
export const createAlert = (spec: AlertRequest) => send(wire.createAlert, { body: spec });
export const modifyAlert = (alertId: number, terms: wire.AlertModifyBody) => send(wire.modifyAlert, { params: { alertId }, body: terms });
export const cancelAlert = (alertId: number) => send(wire.cancelAlert, { params: { alertId } });

export const getSips = () => send(wire.sips, {});
export const createSip = (spec: SipSpec) => send(wire.createSip, { body: spec });
export const cancelSip = (sipId: number) => send(wire.cancelSip, { params: { sipId } });
