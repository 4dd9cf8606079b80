/**
 * The ten exchange codes of the spec (trading-core section 3), in the order DESIGN.md section 5
 * fixes for the u8 exchange index of a binary frame. The order is part of the wire format:
 * never reorder, only append.
 */
export const EXCHANGES = ["NSEEQ", "BSEEQ", "NSEFO", "BSEFO", "NSECURR", "BSECURR", "MCXCOMM", "NCDEXCOMM", "NSECOMM", "BSECOMM"] as const;

export type Exchange = (typeof EXCHANGES)[number];

const INDEX_OF: ReadonlyMap<string, number> = new Map(EXCHANGES.map((e, i) => [e, i]));

export function isExchange(value: unknown): value is Exchange {
  return typeof value === "string" && INDEX_OF.has(value);
}

/** The frame index of an exchange code. */
export function exchangeIndex(exchange: Exchange): number {
  return INDEX_OF.get(exchange) as number;
}

/** The exchange code of a frame index, or undefined for an index outside the table. */
export function exchangeAt(index: number): Exchange | undefined {
  return EXCHANGES[index];
}

/** "Price decimals: 4 for currency exchanges, 2 otherwise" (trading-core section 9). */
export function priceDecimals(exchange: Exchange): 2 | 4 {
  return exchange === "NSECURR" || exchange === "BSECURR" ? 4 : 2;
}

/** Segments as the positions tabs name them (equity 1, derivatives 2, commodity 3, currency 4); search tabs and charges group by them too. */
export type Segment = "equity" | "derivatives" | "currency" | "commodity";

export function segmentOf(exchange: Exchange): Segment {
  switch (exchange) {
    case "NSEEQ":
    case "BSEEQ":
      return "equity";
    case "NSEFO":
    case "BSEFO":
      return "derivatives";
    case "NSECURR":
    case "BSECURR":
      return "currency";
    default:
      return "commodity";
  }
}

export const isEquityExchange = (e: Exchange): boolean => segmentOf(e) === "equity";
export const isDerivativesExchange = (e: Exchange): boolean => segmentOf(e) === "derivatives";
export const isCommodityExchange = (e: Exchange): boolean => segmentOf(e) === "commodity";
export const isCurrencyExchange = (e: Exchange): boolean => segmentOf(e) === "currency";

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
