import { yearsToExpiry } from "../../core/rules/blackScholes";
import { strikeFigures, type SideFigures, type StrikeFigures } from "../../core/rules/optionChain";
import type { OptionChain, OptionChainSide, OptionChainStrike } from "../../core/types/optionChain";
import type { ChainSide } from "../../data/stores/optionChain";
import { brokerNow } from "../../data/stores/brokerClock";
import { liveQuote } from "../../feed/session";
import type { CellKind, FigureSource } from "../cells/liveCell";

export type Greek = "iv" | "delta" | "gamma" | "theta" | "vega";
export const GREEKS: ReadonlySet<string> = new Set<Greek>(["iv", "delta", "gamma", "theta", "vega"]);

/** How each figure reads: IV in percent, delta to 2 places, gamma to 4, theta and vega in rupees. */
export function greekText(f: SideFigures, g: Greek): string {
  const v = g === "iv" ? (f.iv === null ? undefined : f.iv * 100) : f[g];
  if (v === undefined || !Number.isFinite(v)) return "--";
  const text = v.toFixed(g === "gamma" ? 4 : 2);
  // A put's delta of -0.001 reads 0.00, not -0.00.
  return Number(text) === 0 ? text.replace("-", "") : text;
}

/** The cell kind of one side's greek: a bound cell of the strike's figures (cells/liveCell.ts), uncoloured. */
function greekCell(side: ChainSide, g: Greek): CellKind<StrikeFigures> {
  return { field: g, text: (f) => greekText(side === "CE" ? f.ce : f.pe, g), sign: () => 0 };
}

const kinds = (side: ChainSide) => Object.fromEntries([...GREEKS].map((g) => [g, greekCell(side, g as Greek)])) as Record<Greek, CellKind<StrikeFigures>>;
export const GREEK_CELLS: Record<ChainSide, Record<Greek, CellKind<StrikeFigures>>> = { CE: kinds("CE"), PE: kinds("PE") };

const ltpOf = (c: OptionChainSide | null): number | null => (c ? liveQuote(c.exchange, c.token).LastRate.peek() || c.ltp : null);

/**
 * A strike's figures (each side's IV and greeks, recomputed from the live prices with the core
 * Black-Scholes module: the feed carries prices, not greeks), shared by the strike's ten greek cells:
 * they are worked out once for a spot and pair of prices, whichever cell reads them first.
 */
export function strikeSource(chain: OptionChain, row: OptionChainStrike): FigureSource<StrikeFigures> {
  const u = chain.underlying;
  const spotQuote = liveQuote(u.exchange, u.token);
  const quotes = [spotQuote, ...[row.ce, row.pe].flatMap((c) => (c ? [liveQuote(c.exchange, c.token)] : []))];
  // The three prices the figures were worked from: ten greek cells read on every tick, so they are compared, not keyed.
  let last: { spot: number; ce: ReturnType<typeof ltpOf>; pe: ReturnType<typeof ltpOf> } | undefined;
  let figures: StrikeFigures | undefined;
  return {
    read() {
      const spot = spotQuote.LastRate.peek() || chain.spot;
      const ce = ltpOf(row.ce);
      const pe = ltpOf(row.pe);
      if (!figures || !last || !Object.is(last.spot, spot) || !Object.is(last.ce, ce) || !Object.is(last.pe, pe)) {
        last = { spot, ce, pe };
        figures = strikeFigures(spot, row.strike, yearsToExpiry(chain.expiry, new Date(brokerNow() ?? Date.now())), ce, pe);
      }
      return figures;
    },
    watch(changed) {
      const offs = quotes.map((q) => q.LastRate.onChange(changed));
      return () => offs.forEach((off) => off());
    },
  };
}
