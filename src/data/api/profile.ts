import type { FeedbackBody } from "../../core/rules/feedback";
import type { ClientProfile } from "../../core/types/profile";
import { call, type Envelope } from "./http";
import { coreApi, wrapperApi } from "./services";
import { wrapperBody } from "./wrapperHead";

/** GET {core}profile (access-and-surroundings section 7). */
export function fetchProfile(): Promise<Envelope<ClientProfile>> {
  return call<ClientProfile>(coreApi, "profile");
}

/** A live session of the client, as Settings › Security lists it. */
export interface ActiveSession {
  sessionId: string;
  device: string;
  deviceId: string;
  /** ISO instant; shown in India time. */
  loginTime: string;
  current: boolean;
}

/** GET {core}sessions: Tape's call (the spec names none). */
export function fetchSessions(): Promise<Envelope<ActiveSession>> {
  return call<ActiveSession>(coreApi, "sessions");
}

/** POST {core}sessions/revokeOthers: every other session ends, and its live feed with it. */
export function revokeOtherSessions(): Promise<Envelope<{ revoked: number }>> {
  return call<{ revoked: number }>(coreApi, "sessions/revokeOthers", { method: "post", json: {} });
}

/** POST {wrapper}formtoken/getFeedBack with the spec's { head, body: { Rating, Comments } }. */
export function sendFeedback(body: FeedbackBody): Promise<Envelope<{ feedbackId: number }>> {
  return call<{ feedbackId: number }>(wrapperApi, "formtoken/getFeedBack", { method: "post", json: wrapperBody("GetFeedBack", body) });
}
