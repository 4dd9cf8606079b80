import type { ContractInfo } from "../types/contract";
import type { Position } from "../types/portfolio";
import type { DeskLeg } from "./legs";

/**
 * "Analyse positions" (issue 31), pure: the trader's open option positions of one underlying as
 * strategy legs at their average prices. The underlying is the selected position's when it is an
 * open option, else the one with the most open option positions (ties: the first in the book).
 * A long position is a BUY leg at its average buy price, a short one a SELL leg at its average
 * sell price; lots are the open quantity over the lot size (at least one).
 */
export interface PositionContract {
  position: Pick<Position, "exchange" | "token" | "tradingSymbol" | "netQuantity" | "buyPrice" | "sellPrice">;
  contract: Pick<ContractInfo, "symbol" | "optionType" | "strikePrice" | "expiry" | "lotSize">;
}

export function analysedLegs(open: readonly PositionContract[], selectedToken?: number): { underlying: string; legs: DeskLeg[] } | undefined {
  const options = open.filter((o) => o.position.netQuantity !== 0 && (o.contract.optionType === "CE" || o.contract.optionType === "PE"));
  if (options.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const o of options) counts.set(o.contract.symbol, (counts.get(o.contract.symbol) ?? 0) + 1);
  const selected = options.find((o) => Number(o.position.token) === selectedToken)?.contract.symbol;
  let underlying = selected ?? options[0]!.contract.symbol;
  if (!selected) for (const [sym, n] of counts) if (n > counts.get(underlying)!) underlying = sym;
  const legs = options
    .filter((o) => o.contract.symbol === underlying)
    .map(({ position: p, contract: c }): DeskLeg => {
      const long = p.netQuantity > 0;
      const lotSize = Math.max(1, c.lotSize);
      return {
        token: Number(p.token),
        symbol: p.tradingSymbol,
        exchange: p.exchange,
        optionType: c.optionType as "CE" | "PE",
        strike: c.strikePrice,
        expiry: c.expiry,
        side: long ? "BUY" : "SELL",
        lots: Math.max(1, Math.round(Math.abs(p.netQuantity) / lotSize)),
        lotSize,
        entry: long ? p.buyPrice : p.sellPrice,
      };
    });
  return { underlying, legs };
}
