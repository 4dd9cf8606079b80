import type { Exchange } from "../types/exchange";

/**
 * Which exchange's options an option chain shows when an underlying's options are listed on more
 * than one (the currency pairs: USDINR's on NSECURR and on BSECURR, which quote apart). The chain
 * a trader of the underlying expects: NSE first, as for equity derivatives (NSE's currency
 * segment is where USDINR futures and options trade most, and a trader's USDINR26DECFUT is
 * NSECURR); MCX first for commodities (the commodity options are MCX's), before NSE's and BSE's
 * commodity segments; BSE after them; NCDEX last. The trader may ask for another (`chain USDINR
 * BSE`); a venue that lists none of the underlying's options is not asked, the first listed is.
 */
export const CHAIN_EXCHANGE_ORDER: readonly Exchange[] = ["NSEFO", "NSECURR", "MCXCOMM", "NSECOMM", "BSEFO", "BSECURR", "BSECOMM", "NCDEXCOMM"];

/** The venue words a `chain` line takes for its exchange ("chain USDINR BSE"). */
export const CHAIN_VENUES = ["NSE", "BSE", "MCX", "NCDEX"] as const;

/** The venue of an exchange code: "NSECURR" is NSE's, "MCXCOMM" MCX's. */
export const venueOf = (exchange: string): string => CHAIN_VENUES.find((v) => exchange.toUpperCase().startsWith(v)) ?? "";

/**
 * The exchange the chain shows of those that list the underlying's options: the one `asked` names
 * (an exchange code, or its venue: "BSE", "BSECURR", or an instrument's own exchange such as
 * NSEEQ for an NSE share, whose options are NSEFO's) if it lists them, else the first in
 * CHAIN_EXCHANGE_ORDER; undefined when none lists any.
 */
export function chainExchange(listed: readonly Exchange[], asked?: string): Exchange | undefined {
  const ranked = CHAIN_EXCHANGE_ORDER.filter((e) => listed.includes(e));
  const a = (asked ?? "").trim().toUpperCase();
  if (a !== "") {
    const exact = ranked.find((e) => e === a);
    const byVenue = ranked.find((e) => venueOf(e) === venueOf(a) && venueOf(a) !== "");
    if (exact ?? byVenue) return exact ?? byVenue;
  }
  return ranked[0];
}

/** The exchange a loaded chain's options trade on (its strikes' contracts), for the chain's header; undefined for a chain with none. */
export function chainExchangeOf(chain: { strikes: ReadonlyArray<{ ce: { exchange: Exchange } | null; pe: { exchange: Exchange } | null }> }): Exchange | undefined {
  for (const s of chain.strikes) {
    const side = s.ce ?? s.pe;
    if (side) return side.exchange;
  }
  return undefined;
}
