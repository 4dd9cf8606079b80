import type { Profile } from "../types/contract";
import { segmentOf, type Exchange, type Segment } from "../types/exchange";
import { checkAccountCanTrade, checkAccountExchange } from "./orderValidation";

/**
 * What stops this account trading in the window at all, said when the window opens rather than
 * after the trader has filled it and pressed Enter (issue 29). The profile read at sign-in already
 * says it: "Dormant, frozen and voluntary-freeze accounts cannot trade (EC803 to EC805)" and an
 * exchange the profile does not list is "unavailable for this account type (EC076)". The broker
 * checks the same two rules (rules/orderValidation.ts), so the window never blocks an order the
 * broker would take.
 */
const SEGMENT_WORDS: Record<Segment, string> = { equity: "equity", derivatives: "F&O", currency: "currency", commodity: "commodity" };

export interface AccountRefusal {
  code: string;
  message: string;
}

export function windowAccountRefusal(profile: Pick<Profile, "accountStatus" | "exchanges">, exchange: Exchange): AccountRefusal | undefined {
  const status = checkAccountCanTrade(profile);
  if (!status.ok) return { code: status.code, message: status.message };
  const enabled = checkAccountExchange(profile, exchange);
  if (enabled.ok) return undefined;
  // In the trader's words: the segment, the exchange, and what the account can trade instead.
  const trades = profile.exchanges.length ? `It trades ${profile.exchanges.join(", ")}.` : "It has no exchange enabled.";
  return { code: enabled.code, message: `Your account cannot trade ${SEGMENT_WORDS[segmentOf(exchange)]} on ${exchange}. ${trades} (Profile lists your segments.)` };
}

/** What the profile read at sign-in says of the account for a form's opening. */
export interface AccountFacts extends Pick<Profile, "accountStatus" | "exchanges"> {
  /** The beta features the account is not let into yet (the profile's betaLocked). */
  betaLocked: readonly string[];
}

/**
 * "EC876: opens the beta-access dialog." The broker answers EC876 when a beta feature's call is
 * made; the profile names those features, so the dialog opens in place of the feature's form
 * instead of after it was filled (issue 29).
 */
export function betaLockedOut(facts: Pick<AccountFacts, "betaLocked">, feature: string): boolean {
  return facts.betaLocked.includes(feature);
}
