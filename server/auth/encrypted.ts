import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_CODES } from "../../src/core/errors/auth.js";
import type { AnswerOf, SealedOf, WireCall } from "../../src/core/wire/call.js";
import type { BrokerContext } from "../context.js";
import { fail } from "../envelope.js";
import { route, wireChecker, type WireHandler } from "../http/wire.js";
import type { AuthKeys } from "./keys.js";
import type { Caller } from "./pending.js";
import type { Answer } from "./reply.js";

/** A handler of one encrypted call: its payload, opened and checked against the call's schema; `caller` is who sealed it (kid) and the device it names. */
export type EncryptedHandler<C extends WireCall> = (payload: SealedOf<C>, req: FastifyRequest, caller: Caller) => Answer | Promise<Answer>;

/** Marks an answer that must go out plain, e.g. a 401 for a bad bearer. */
export class PlainReply {
  constructor(
    readonly httpStatus: number,
    readonly body: Answer,
  ) {}
}

/**
 * An auth call that takes { cEncData } and answers { cRespEncData } (DESIGN.md section 5).
 * Anything unreadable answers plain EC098 with one fixed text whatever went wrong (unknown
 * kid, unwrap, tag, padding, JSON), so the answer never tells which check failed. The opened
 * payload is checked against the call's sealed schema; a refusal is sealed like any answer.
 */
export function encryptedRoute<C extends WireCall & { sealed: object }>(app: FastifyInstance, _ctx: BrokerContext, keys: AuthKeys, call: C, handler: EncryptedHandler<C>): void {
  const payloadOf = wireChecker(call.sealed.payload);
  // The answer is the call's SealedAnswer ({ cRespEncData } or a plain refusal) for every encrypted call.
  const answer: WireHandler<C> = async (req, reply) => {
    let opened: ReturnType<AuthKeys["open"]>;
    try {
      opened = keys.open((req.body as { cEncData: string }).cEncData);
    } catch {
      return fail("EC098", AUTH_CODES.EC098) as AnswerOf<C>;
    }
    const checked = payloadOf.check(opened.payload);
    let sealed: Answer;
    if (!checked.ok) {
      sealed = fail(checked.refusal.code, checked.refusal.message);
    } else {
      try {
        const p = checked.value as SealedOf<C>;
        const named = p as { deviceId?: unknown; DeviceID?: unknown };
        const deviceId = [named.deviceId, named.DeviceID].find((d): d is string => typeof d === "string" && d.trim() !== "")?.trim();
        sealed = await handler(p, req, { kid: opened.kid, deviceId });
      } catch (err) {
        if (err instanceof PlainReply) return reply.status(err.httpStatus).send(err.body);
        req.log.error({ err }, "auth handler failed");
        sealed = fail("EC500", "Something went wrong. Please try after sometime");
      }
    }
    return { cRespEncData: keys.seal(sealed, opened.clientPublicKeyPem) } as AnswerOf<C>;
  };
  route(app, call, answer);
}
