import { ERROR_CATALOGUE } from "../src/core/errors.js";
import type { BrokerContext } from "./context.js";
import { fail, type Envelope } from "./envelope.js";

/** The beta features the broker gates (BETA_LOCKED names them). */
export type BetaFeature = "sip";

/** EC876 ("opens the beta-access dialog") when the user is not let into the feature yet; undefined otherwise. */
export function betaRefusal(ctx: Pick<BrokerContext, "config">, feature: BetaFeature, userId: string): Envelope | undefined {
  if (!ctx.config.betaLocked.get(feature)?.has(userId.toUpperCase())) return undefined;
  return fail("EC876", ERROR_CATALOGUE.EC876, [{ feature }]);
}
