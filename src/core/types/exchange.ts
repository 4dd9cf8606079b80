/**
 * Segments and venue letters of the ten exchange codes. The codes themselves and their frame
 * order are defined once, in src/core/exchanges.ts.
 */
import { EXCHANGES, segmentGroupOf, type Exchange, type SegmentGroup } from "../exchanges";

export { EXCHANGES, isExchange, type Exchange } from "../exchanges";

/** Segments as the positions tabs name them: equity 1, derivatives 2, commodity 3, currency 4. */
export type Segment = SegmentGroup;

/** The segment of an exchange: one definition, exchanges.ts's segmentGroupOf. */
export const segmentOf: (exchange: Exchange) => Segment = segmentGroupOf;

export const isEquityExchange = (e: Exchange): boolean => segmentGroupOf(e) === "equity";
export const isDerivativesExchange = (e: Exchange): boolean => segmentGroupOf(e) === "derivatives";
export const isCommodityExchange = (e: Exchange): boolean => segmentGroupOf(e) === "commodity";
export const isCurrencyExchange = (e: Exchange): boolean => segmentGroupOf(e) === "currency";

/** BSE venues: the ones EC801 ("BSE orders cannot be modified to SL") applies to. */
export const isBseExchange = (e: Exchange): boolean => e.startsWith("BSE");

/**
 * The wrapper service names a venue by Exch and ExchType (market status, GTT, ASM/GSM).
 * Exch: N NSE, B BSE, M MCX, X NCDEX. ExchType: C cash, D derivatives, U currency,
 * Y the NSE/BSE commodity segments. The spec does not show these letters; this is Tape's
 * decision, made once here so the broker and the client agree.
 */
export interface ExchPair {
  Exch: string;
  ExchType: string;
}

const EXCH_PAIR: Record<Exchange, ExchPair> = {
  NSEEQ: { Exch: "N", ExchType: "C" },
  BSEEQ: { Exch: "B", ExchType: "C" },
  NSEFO: { Exch: "N", ExchType: "D" },
  BSEFO: { Exch: "B", ExchType: "D" },
  NSECURR: { Exch: "N", ExchType: "U" },
  BSECURR: { Exch: "B", ExchType: "U" },
  MCXCOMM: { Exch: "M", ExchType: "D" },
  NCDEXCOMM: { Exch: "X", ExchType: "D" },
  NSECOMM: { Exch: "N", ExchType: "Y" },
  BSECOMM: { Exch: "B", ExchType: "Y" },
};

export function toExchPair(exchange: Exchange): ExchPair {
  return EXCH_PAIR[exchange];
}

export function fromExchPair(Exch: string, ExchType: string): Exchange | undefined {
  return EXCHANGES.find((e) => EXCH_PAIR[e].Exch === Exch && EXCH_PAIR[e].ExchType === ExchType);
}
