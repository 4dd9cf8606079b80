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
