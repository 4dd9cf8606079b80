import type { Alert, AlertSpec } from "../../core/rules/alerts";
import type { Sip, SipSpec } from "../../core/rules/sip";
import { call, type Envelope } from "./http";
import { coreApi } from "./services";

/** Price alerts and SIPs under /core/v2 (Tape's paths, server/alerts and server/sip). */

export const getAlerts = (): Promise<Envelope<Alert>> => call<Alert>(coreApi, "v2/alerts", { method: "get" });
export const createAlert = (spec: AlertSpec): Promise<Envelope<Alert>> => call<Alert>(coreApi, "v2/alerts", { method: "post", json: spec });
export const cancelAlert = (alertId: number): Promise<Envelope<{ alertId: number }>> => call<{ alertId: number }>(coreApi, `v2/alerts/${alertId}`, { method: "delete" });

export const getSips = (): Promise<Envelope<Sip>> => call<Sip>(coreApi, "v2/sips", { method: "get" });
export const createSip = (spec: SipSpec): Promise<Envelope<Sip>> => call<Sip>(coreApi, "v2/sips", { method: "post", json: spec });
export const cancelSip = (sipId: number): Promise<Envelope<{ sipId: number }>> => call<{ sipId: number }>(coreApi, `v2/sips/${sipId}`, { method: "delete" });
