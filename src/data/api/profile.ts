import type { FeedbackBody } from "../../core/rules/feedback";
import { profile, revokeOtherSessions as revokeOthers, sessions } from "../../core/wire/profile";
import { feedback } from "../../core/wire/wrapper";
import { send } from "./send";
import { wrapperBody } from "./wrapperHead";

/** A live session of the client, as Settings › Security lists it. */
export type { ActiveSession } from "../../core/wire/profile";

/** GET {core}profile (access-and-surroundings section 7). */
export function fetchProfile() {
  return send(profile, {});
}

/** GET {core}sessions: Tape's call (the spec names none). */
export function fetchSessions() {
  return send(sessions, {});
}

/** POST {core}sessions/revokeOthers: every other session ends, and its live feed with it. */
export function revokeOtherSessions() {
  return send(revokeOthers, { body: {} });
}

/** POST {wrapper}formtoken/getFeedBack with the spec's { head, body: { Rating, Comments } }. */
export function sendFeedback(body: FeedbackBody) {
  return send(feedback, { body: wrapperBody("GetFeedBack", body) });
}
