import type { FastifyInstance } from "fastify";
import { maskEmail, maskTail } from "../../src/core/rules/masking.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import { profile, type ClientProfile } from "../../src/core/wire/profile.js";
import type { AccountStatus } from "../../src/core/types/contract.js";
import { findUser } from "../accounts.js";
import { authAccountOf } from "../auth/account.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import { kycOf, segmentsOf } from "./profileDetails.js";

/**
 * GET {core}profile: accountStatus and exchanges (access-and-surroundings section 7), and the
 * Profile view's fields (section 2: Profile, Bank Details, My Segments, Others), masked here.
 */
export function registerProfile(app: FastifyInstance, ctx: BrokerContext): void {
  route(app, profile, async (req) => {
    const user = findUser(ctx.db, req.userId);
    if (!user) return fail("EC044", "Invalid session");
    const exchanges = JSON.parse(user.exchanges) as Exchange[];
    const kyc = kycOf(user.user_id);
    const profile: ClientProfile = {
      clientCode: user.user_id,
      clientName: user.client_name,
      accountStatus: user.account_status as AccountStatus,
      exchanges,
      pan: maskTail(kyc.pan),
      mobile: maskTail(user.mobile),
      email: maskEmail(user.email),
      bankAccounts: kyc.bankAccounts.map((b) => ({ ...b, accountNumber: maskTail(b.accountNumber) })),
      segments: segmentsOf(exchanges),
      dpId: kyc.dpId,
      hasNominee: kyc.hasNominee,
      isTotpEnabled: authAccountOf(ctx.db, user.user_id).totp_secret !== null,
      // The features whose calls answer this user EC876 (server/beta.ts): the client says so before their form is filled.
      betaLocked: [...ctx.config.betaLocked].filter(([, users]) => users.has(user.user_id.toUpperCase())).map(([feature]) => feature),
    };
    return ok([profile]);
  });
}
