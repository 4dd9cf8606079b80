import { productLabel } from "../format";
import { instrumentKind, type ContractInfo } from "../types/contract";
import type { Position } from "../types/portfolio";
import type { DeskLeg } from "./legs";

/**
 * "Analyse positions" (issue 31), pure: the trader's open positions of one underlying, its options
 * and its futures, as strategy legs at their average prices: the book's payoff and greeks, not the
 * options' alone (FINDINGS-25 s2: +150 NIFTY futures beside an iron condor read a delta of 16 where
 * the book's is about 166). Each future is a leg of its own contract (each expiry its own leg), its
 * payoff linear (payoff.ts: worth the spot at its expiry, spot x e^(rT) before it), so a future of
 * another expiry than the options' is valued at any date the pane looks at. The underlying is the
 * selected position's when it is an open option or future, else the one with the most open option
 * positions (ties: the first in the book). A book of futures alone is analysed too, on the underlying
 * with the most open futures positions: its payoff is a straight line, still the book's (since the
 * futures are legs, "no open option positions" for it named a rule the analysis no longer has).
 * A long position is a BUY leg at its average buy price, a short one a SELL leg at its average
 * sell price; lots are the open quantity over the lot size (at least one). Each leg is held
 * (legs.ts HeldLots): its lots and its product are the position's, so placing the strategy does not
 * send them again. Two positions of one contract on one side (an NRML and an INTRADAY one) are one
 * leg (a contract and side is one leg, legs.ts addLeg, and the placement's answers and the row
 * cursor are keyed so): lots summed, the entry their average by quantity, the product the first's
 * (what lots added to the leg go as), and each product's lots kept (HeldLots.byProduct) so the leg
 * says what is held in which product. A position on the underlying that is neither (a share: the
 * desk takes a share only as a preset's whole lots) is left out and said in `leftOut`, never silently.
 */
export interface PositionContract {
  position: Pick<Position, "exchange" | "token" | "tradingSymbol" | "product" | "netQuantity" | "buyPrice" | "sellPrice">;
  contract: Pick<ContractInfo, "symbol" | "insType" | "optionType" | "strikePrice" | "expiry" | "lotSize">;
}

const isOption = (o: PositionContract) => o.contract.optionType === "CE" || o.contract.optionType === "PE";
const isFuture = (o: PositionContract) => !isOption(o) && instrumentKind(o.contract.insType) === "future";

export function analysedLegs(open: readonly PositionContract[], selectedToken?: number): { underlying: string; legs: DeskLeg[]; leftOut?: string } | undefined {
  const held = open.filter((o) => o.position.netQuantity !== 0);
  const options = held.filter(isOption);
  // Options pick the underlying; a book of futures alone is picked by its futures (its payoff a straight line).
  const picking = options.length > 0 ? options : held.filter(isFuture);
  if (picking.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const o of picking) counts.set(o.contract.symbol, (counts.get(o.contract.symbol) ?? 0) + 1);
  const selected = held.find((o) => Number(o.position.token) === selectedToken && (isOption(o) || isFuture(o)))?.contract.symbol;
  let underlying = selected ?? picking[0]!.contract.symbol;
  if (!selected) for (const [sym, n] of counts) if (n > counts.get(underlying)!) underlying = sym;
  const mine = held.filter((o) => o.contract.symbol === underlying);
  const legs: DeskLeg[] = [];
  const units: number[] = [];
  for (const { position: p, contract: c } of mine.filter((o) => isOption(o) || isFuture(o))) {
    const long = p.netQuantity > 0;
    const side = long ? "BUY" : "SELL";
    const qty = Math.abs(p.netQuantity);
    const price = long ? p.buyPrice : p.sellPrice;
    const lotSize = Math.max(1, c.lotSize);
    const at = legs.findIndex((l) => l.exchange === p.exchange && l.token === Number(p.token) && l.side === side);
    if (at >= 0) {
      const l = legs[at]!;
      const total = units[at]! + qty;
      const lots = Math.max(1, Math.round(total / lotSize));
      const parts = l.held!.byProduct ?? [{ product: l.held!.product, lots: Math.max(1, Math.round(units[at]! / lotSize)) }];
      const own = Math.max(1, Math.round(qty / lotSize));
      const same = parts.findIndex((x) => x.product === p.product);
      const byProduct = same >= 0 ? parts.map((x, i) => (i === same ? { ...x, lots: x.lots + own } : x)) : [...parts, { product: p.product, lots: own }];
      const held = { ...l.held!, lots, ...(byProduct.length > 1 ? { byProduct } : {}) };
      legs[at] = { ...l, lots, entry: (l.entry! * units[at]! + price * qty) / total, held };
      units[at] = total;
      continue;
    }
    const lots = Math.max(1, Math.round(qty / lotSize));
    legs.push({
      token: Number(p.token),
      symbol: p.tradingSymbol,
      exchange: p.exchange,
      optionType: c.optionType === "CE" || c.optionType === "PE" ? c.optionType : "FUT",
      strike: c.optionType === "CE" || c.optionType === "PE" ? c.strikePrice : 0,
      expiry: c.expiry,
      side,
      lots,
      lotSize,
      entry: price,
      held: { lots, product: p.product, fromPositions: true },
    });
    units.push(qty);
  }
  const out = mine.filter((o) => !isOption(o) && !isFuture(o));
  if (out.length === 0) return { underlying, legs };
  const named = out.map(({ position: p }) => `${p.tradingSymbol} ${p.netQuantity > 0 ? "+" : ""}${p.netQuantity} ${productLabel(p.product)}`).join(", ");
  return { underlying, legs, leftOut: `Left out: ${named} (${out.length === 1 ? "a share position" : "share positions"}: the analysis takes ${underlying}'s futures and options)` };
}
