/* eslint-disable jsx-a11y/no-interactive-element-to-noninteractive-role --
   The chain's table is laid out as blocks (a virtualised body under a sticky head), and Chromium drops
   a table's implicit roles once its parts are not display: table-*: the roles are spelt out so a
   screen reader still reads rows and cells (axe aria-required-children). */
import { useLayoutEffect, useRef } from "react";
import { formatCount, formatPrice } from "../../core/format";
import { oiNotKnown } from "../../core/strategy/chainAnalytics";
import { inReplay } from "../../data/stores/replay";
import type { OptionChainSide } from "../../core/types/optionChain";
import type { LiveQuote } from "../../feed/quoteStore";
import { liveQuote, quoteStore } from "../../feed/session";
import { priceMark } from "../views/priceStale";
import { bindCell, type CellKind, type FigureSource } from "../cells/liveCell";
import type { SideField } from "./columns";

/**
 * The chain's live cells. Each cell's value is a span bound to its contract's quote (cells/liveCell.ts):
 * a tick writes the span's text, colour and stale mark and renders nothing, and a mounting row
 * binds listeners instead of a selector per field. The <td> stays React's (its in-the-money and
 * cursor classes change with renders) and the span is the binding's, so neither overwrites the
 * other's class. Until a contract's first frame the broker's figures at load stand in.
 */
export type LiveField = Exclude<SideField, "iv" | "delta" | "gamma" | "theta" | "vega" | "buildUp">;

/** The class of a bound value span; the binding adds up/down by the sign of a change. */
export const VALUE_CLASS = "chain-val";

const signed = (text: string, v: number) => (v > 0 ? `+${text}` : text);
const price = (v: number, ex: Parameters<typeof formatPrice>[1]) => (v > 0 ? formatPrice(v, ex) : "--");
const none = () => 0;
const own = (v: number) => v;

export const CHAIN_CELLS: Record<LiveField, CellKind<number>> = {
  ltp: { field: "ltp", text: price, sign: none },
  chg: { field: "chg", text: (v, ex) => signed(formatPrice(v, ex), v), sign: own },
  bid: { field: "bid", text: price, sign: none },
  ask: { field: "ask", text: price, sign: none },
  // Volume, OI and its change are counts of contracts: whole numbers, no paise.
  volume: { field: "volume", text: (v) => formatCount(v), sign: none },
  // NaN: an OI not known (a replayed day without it, chainAnalytics.ts oiNotKnown), a dash, not 0 and +0.
  oi: { field: "oi", text: (v) => (Number.isNaN(v) ? "–" : formatCount(v)), sign: none },
  oiChg: { field: "oiChg", text: (v) => (Number.isNaN(v) ? "–" : signed(formatCount(v), v)), sign: own },
};

/**
 * A contract's figure for one field: the feed's once a frame has come (a last price above 0), the
 * chain call's before. NaN for the OI and its change where the OI is not known (`replay`: the broker
 * is replaying a day, chainAnalytics.ts oiNotKnown).
 */
export function chainFigure(c: OptionChainSide, field: LiveField, q: LiveQuote, bestBid: number | undefined, bestAsk: number | undefined, replay = false): number {
  const live = q.LastRate > 0;
  switch (field) {
    case "ltp":
      return live ? q.LastRate : c.ltp;
    case "chg":
      return live ? q.chg : c.chg;
    case "volume":
      return live ? q.volume : c.volume;
    case "oi": {
      const oi = q.openinterest || c.oi;
      return oiNotKnown(oi, replay) ? Number.NaN : oi;
    }
    case "oiChg": {
      const oi = q.openinterest || c.oi;
      return oiNotKnown(oi, replay) ? Number.NaN : oi - (c.oi - c.oiChg);
    }
    case "bid":
      return bestBid || c.bid;
    case "ask":
      return bestAsk || c.ask;
  }
}

function figureSource(c: OptionChainSide, field: LiveField): FigureSource<number> {
  if (field === "bid" || field === "ask") {
    const depth = quoteStore.depth(c.exchange, c.token);
    const q = liveQuote(c.exchange, c.token);
    const best = () => (field === "bid" ? depth.bids[0]?.price.peek() : depth.asks[0]?.price.peek());
    return { read: () => chainFigure(c, field, q.peek(), field === "bid" ? best() : undefined, field === "ask" ? best() : undefined), watch: (changed) => depth.onChange(changed) };
  }
  const q = liveQuote(c.exchange, c.token);
  return { read: () => chainFigure(c, field, q.peek(), undefined, undefined, inReplay()), watch: (changed) => q.onChange(changed) };
}

interface CellProps {
  c: OptionChainSide;
  field: LiveField;
  priority: number;
  className: string;
  side: "CE" | "PE";
}

export function LiveCell({ c, field, priority, className, side }: CellProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const priced = field === "ltp" || field === "chg" || field === "bid" || field === "ask";
    return bindCell(ref.current!, VALUE_CLASS, c.exchange, CHAIN_CELLS[field], figureSource(c, field), priced ? { mark: priceMark(c.exchange, c.token), symbol: c.tradingSymbol } : {});
  }, [c, field]);
  return (
    <td role="cell" className={`num ${className}`} data-priority={priority} data-field={field} data-side={side}>
      <span ref={ref} className={VALUE_CLASS} />
    </td>
  );
}
