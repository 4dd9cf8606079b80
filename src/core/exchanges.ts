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

/** Segment groups used by search tabs and charges: equity cash, equity derivatives, currency, commodity. */
export type SegmentGroup = "equity" | "derivatives" | "currency" | "commodity";

export function segmentGroupOf(exchange: Exchange): SegmentGroup {
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
