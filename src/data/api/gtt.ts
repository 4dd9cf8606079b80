import type { TrailUnit } from "../../core/types/order";
import { GTT_TOASTS, gttLine, isGttSuccess, type GttTerms } from "../../core/rules/gtt";
import { buildGttPayload } from "../../core/rules/gttPayload";
import { notify } from "../../core/notify";
import type { GttCallOutcome, GttCancelPayload, GttEntry, GttPlacePayload } from "../../core/types/gtt";
import type { Envelope } from "../../core/types/envelope";
import * as wire from "../../core/wire/gtt";
import { deviceId } from "../deviceId";
import { isOk, type CallOptions } from "./http";
import { send } from "./send";
import { wrapperBody } from "./wrapperHead";
import { clientState, sessionEndedSince } from "../stores/sessionReset";

/** The GTT list's request code (trading-core section 7), fixed by its schema. */
export { GTT_LIST_REQUEST_CODE } from "../../core/wire/gtt";
/** The other GTT calls' request codes are not shown by the spec; these are Tape's. */
const REQUEST_CODES = { place: "IIFLMarRQPlaceGTT", modify: "IIFLMarRQModifyGTT", cancel: "IIFLMarRQCancelGTT" } as const;

/**
 * The browser cannot know its public address; the broker sees the connection's address itself,
 * so the field is sent empty rather than made up.
 */
const PUBLIC_IP = "";

// ---- the form token (JwtToken of GET v2/comm-util/formtoken/get) --------------------------------

let cached: { token: string; expiresAtMs: number } | undefined;

/** The exp claim of a JWT in ms, or 0 when it cannot be read (treated as expired). */
export function jwtExpiryMs(token: string): number {
  try {
    const part = token.split(".")[1] ?? "";
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "="));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** Refreshed a little before it expires, so a call never leaves with a token about to lapse. */
const REFRESH_MARGIN_MS = 30_000;

export async function formToken(force = false): Promise<string> {
  if (!force && cached && cached.expiresAtMs - REFRESH_MARGIN_MS > Date.now()) return cached.token;
  const ended = sessionEndedSince();
  const env = await send(wire.formToken, {});
  const token = env.result[0]?.JwtToken;
  if (!isOk(env) || !token) throw new Error(env.message || "The form token could not be fetched");
  if (!ended()) cached = { token, expiresAtMs: jwtExpiryMs(token) };
  return token;
}

// The token names its client: kept past a sign-out, the broker refuses every GTT call of the next one.
clientState({
  name: "gttFormToken",
  holds: () => cached !== undefined,
  reset: () => {
    cached = undefined;
  },
});

// ---- calls --------------------------------------------------------------------------------------

export interface GttAnswer {
  outcome: GttCallOutcome;
  body: wire.GttAnswerBody | undefined;
}

/** Sends one GTT call (`sendIt`, typed by its schema) and keeps its HTTP status, which the GTT success rule reads. */
async function post(sendIt: (opts: CallOptions) => Promise<Envelope<{ body: wire.GttAnswerBody }>>): Promise<GttAnswer> {
  let httpStatus = 0;
  const env = await sendIt({
    hooks: {
      afterResponse: [
        (_req, _opts, res) => {
          httpStatus = res.status;
        },
      ],
    },
  });
  const b = env.result[0]?.body;
  return { outcome: { httpStatus, status: env.status, message: env.message, body: b ? { status: b.status, Msg: b.Msg } : undefined }, body: b };
}

/** A GTT call with the form token; a token the broker calls expired is fetched again once. */
async function withToken(attempt: (jwt: string) => Promise<GttAnswer>): Promise<GttAnswer> {
  const first = await attempt(await formToken());
  if (first.body && /expired/i.test(first.body.Msg ?? "")) return attempt(await formToken(true));
  return first;
}

export type GttListResult = { ok: true; entries: GttEntry[] } | { ok: false; message: string };

export async function fetchGttList(): Promise<GttListResult> {
  const a = await withToken((JWTToken) => post((opts) => send(wire.gttList, { body: wrapperBody(wire.GTT_LIST_REQUEST_CODE, { JWTToken }) }, opts)));
  if (!isGttSuccess(a.outcome)) return { ok: false, message: a.body?.Msg || a.outcome.message };
  return { ok: true, entries: a.body?.Data ?? [] };
}

/**
 * What the GTT form submits: the GTT as its toasts name it (Leg1 the SINGLE trigger or the OCO
 * target, Leg2 the OCO stop-loss; the trading symbol is not sent, the payload names the token), and the token.
 */
export type GttOrderInput = GttTerms & { token: string; trail?: { value: number; unit: TrailUnit; jump: number } };

/** The spec's GTT place payload (shared rule buildGttPayload): a leg's TriggerPrice fires it, its EntryPrice is the order's limit price. */
export function gttPlacePayload(input: GttOrderInput, JWTToken: string, gttId?: string): GttPlacePayload {
  return buildGttPayload({
    exchange: input.exchange,
    token: input.token,
    side: input.transactionType,
    triggerType: input.triggerType,
    quantity: input.quantity,
    leg1: { triggerPrice: input.leg1.trigger, price: input.leg1.price },
    ...(input.leg2 ? { leg2: { triggerPrice: input.leg2.trigger, price: input.leg2.price } } : {}),
    publicIp: PUBLIC_IP,
    deviceId: deviceId(),
    jwtToken: JWTToken,
    ...(gttId ? { gttId } : {}),
    ...(input.trail ? { trail: input.trail } : {}),
  });
}

export function gttCancelPayload(gttId: string, JWTToken: string): GttCancelPayload {
  return { RequestType: "C", GTTID: gttId, PublicIP: PUBLIC_IP, AppSource: "5", DeviceID: deviceId(), JWTToken };
}

/**
 * Judges an answer by the one success rule and tells the user: the spec's success toast (4500 ms)
 * or a danger toast with the server's Msg, each naming the GTT it acted on (issue 28):
 * "GTT Placed Successfully: {gttLine}", "GTT not placed: {gttLine}. Reason: {Msg}"; a GTT placed
 * is named with the GTTID the broker's answer gave it (FINDINGS-27 6).
 */
function tell(a: GttAnswer, success: string, failure: string, what: string, warning?: string): boolean {
  if (isGttSuccess(a.outcome)) {
    notify({ kind: "success", text: `${success}: ${what}${warning ? `. ${warning}` : ""}`, durationMs: 4500 });
    return true;
  }
  notify({ kind: "danger", text: `${failure}: ${what}. Reason: ${a.body?.Msg || a.outcome.message || "The GTT request failed"}` });
  return false;
}

/**
 * Places (or with gttId modifies) a GTT; true on success. HTTP failures are told by the HTTP table.
 * `warning` (the GTT's segment's kill switch is on, rules/gttKillSwitch.ts) follows the success toast's line.
 */
export async function submitGtt(input: GttOrderInput, gttId?: string, warning?: string): Promise<boolean> {
  const a = await withToken((jwt) => {
    const payload = gttPlacePayload(input, jwt, gttId);
    return post((opts) =>
      gttId
        ? send(wire.modifyGtt, { body: wrapperBody(REQUEST_CODES.modify, { ...payload, RequestType: "M", GTTID: gttId }) }, opts)
        : send(wire.placeGtt, { body: wrapperBody(REQUEST_CODES.place, { ...payload, RequestType: "P" }) }, opts),
    );
  });
  const what = gttLine({ ...input, gttId: gttId ?? a.body?.GTTID });
  return gttId ? tell(a, GTT_TOASTS.modified, "GTT not modified", what, warning) : tell(a, GTT_TOASTS.placed, "GTT not placed", what, warning);
}

/** Cancels a GTT; `what` names it in the toasts (gttLine of the listed entry). */
export async function cancelGtt(gttId: string, what: string): Promise<boolean> {
  const a = await withToken((jwt) => post((opts) => send(wire.cancelGtt, { body: wrapperBody(REQUEST_CODES.cancel, gttCancelPayload(gttId, jwt)) }, opts)));
  return tell(a, GTT_TOASTS.cancelled, "GTT not cancelled", what);
}
