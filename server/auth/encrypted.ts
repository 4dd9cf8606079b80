import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_CODES } from "../../src/core/errors/auth.js";
import type { BrokerContext } from "../context.js";
import { fail } from "../envelope.js";
import type { AuthKeys } from "./keys.js";
import type { Caller } from "./pending.js";
import { field, type Answer, type Payload } from "./reply.js";

/** A handler of one encrypted call; `caller` is who sealed it (kid) and the device it names. */
export type EncryptedHandler = (payload: Payload, req: FastifyRequest, caller: Caller) => Answer | Promise<Answer>;

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
 * kid, unwrap, tag, padding, JSON), so the answer never tells which check failed.
 */
export function encryptedRoute(app: FastifyInstance, ctx: BrokerContext, keys: AuthKeys, path: string, handler: EncryptedHandler): void {
  app.post(path, async (req, reply) => {
    const body = req.body as { cEncData?: unknown } | null | undefined;
    let opened: ReturnType<AuthKeys["open"]>;
    try {
      opened = keys.open(body?.cEncData);
    } catch {
      return fail("EC098", AUTH_CODES.EC098);
    }
    const payload = opened.payload;
    let answer: Answer;
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      answer = fail("EC400", `${AUTH_CODES.EC400}: the request must be a JSON object`);
    } else {
      try {
        const p = payload as Payload;
        answer = await handler(p, req, { kid: opened.kid, deviceId: field(p, "deviceId") ?? field(p, "DeviceID") });
      } catch (err) {
        if (err instanceof PlainReply) return reply.status(err.httpStatus).send(err.body);
        req.log.error({ err }, "auth handler failed");
        answer = fail("EC500", "Something went wrong. Please try after sometime");
      }
    }
    return { cRespEncData: keys.seal(answer, opened.clientPublicKeyPem) };
  });
}
