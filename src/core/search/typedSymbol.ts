/** The fields a typed symbol is matched on: a search hit's, a contract's. */
export interface Named {
  tradingSymbol: string;
  symbol: string;
  insType: string;
}

/**
 * The instrument a typed symbol names among `hits` (one exchange's): an exact trading symbol first
 * ("NIFTY25JAN21000CE", "INFY-EQ"), then the equity whose symbol it is ("INFY"), then its "-EQ"
 * line; a contract named by its parts ("NIFTY 24NOV 24500 CE") only when it is the one hit.
 * The broker's search answer and the contracts the app already holds are read by this one rule.
 */
export function pickTyped<T extends Named>(typed: string, hits: readonly T[]): T | undefined {
  const t = typed.trim().toUpperCase();
  if (!t) return undefined;
  return (
    hits.find((h) => h.tradingSymbol.toUpperCase() === t) ??
    hits.find((h) => h.symbol.toUpperCase() === t && h.insType === "EQ") ??
    hits.find((h) => h.tradingSymbol.toUpperCase() === `${t}-EQ`) ??
    (/\s/.test(t) && hits.length === 1 ? hits[0] : undefined)
  );
}
