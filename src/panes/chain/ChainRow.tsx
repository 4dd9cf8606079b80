/* eslint-disable jsx-a11y/no-interactive-element-to-noninteractive-role --
   The chain's table is laid out as blocks (a virtualised body under a sticky head), and Chromium drops
   a table's implicit roles once its parts are not display: table-*: the roles are spelt out so a
   screen reader still reads rows and cells (axe aria-required-children). */
import { useSelector } from "@legendapp/state/react";
import { memo, useLayoutEffect, useMemo, useRef } from "react";
import { inTheMoney, strikeText, type StrikeFigures } from "../../core/rules/optionChain";
import { formatPrice } from "../../core/format";
import type { OptionChain, OptionChainSide, OptionChainStrike } from "../../core/types/optionChain";
import type { ChainSide } from "../../data/stores/optionChain";
import { liveQuote } from "../../feed/session";
import { bindCell, type FigureSource } from "../cells/liveCell";
import type { BuildUps } from "../../data/stores/chainAnalytics";
import { BuildUpCell } from "./buildUp";
import type { SideColumn } from "./columns";
import { LiveCell, VALUE_CLASS, type LiveField } from "./cells";
import { GREEK_CELLS, GREEKS, strikeSource, type Greek } from "./greeks";

export interface ChainRowProps {
  chain: OptionChain;
  row: OptionChainStrike;
  /** The strike below this one in the window (undefined for the first row). */
  below: number | undefined;
  /** The row's top in the scrolled body (px): rows are placed, not flowed, so a scroll lays out none. */
  top: number;
  atm: boolean;
  /** The focused side when the row cursor is on this row. */
  cursorSide: ChainSide | undefined;
  /** A click on the row: its strike (the row's identity) and the side clicked. */
  onPick: (strike: number, side: ChainSide) => void;
  /** Each side's columns, from the strike outwards for the put, mirrored for the call. */
  putColumns: readonly SideColumn[];
  callColumns: readonly SideColumn[];
  /** The build-up window shown (minutes) and each contract's windows by token, while build-up is on. */
  buildUp?: { minutes: number; byToken: BuildUps | undefined };
}

/** One side's greek: a span bound to the strike's figures, written on their change without a render. */
function GreekCell({ c, figures, side, field, priority, className }: { c: OptionChainSide; figures: FigureSource<StrikeFigures>; side: ChainSide; field: Greek; priority: number; className: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => bindCell(ref.current!, VALUE_CLASS, c.exchange, GREEK_CELLS[side][field], figures), [c.exchange, figures, side, field]);
  return (
    <td role="cell" className={`num ${className}`} data-priority={priority} data-field={field} data-side={side}>
      <span ref={ref} className={VALUE_CLASS} />
    </td>
  );
}

/**
 * One strike: the call's cells, the strike, the put's cells. Its cells are bound to the live
 * prices (cells.tsx, greeks.ts), so a tick renders no row; the row renders when the spot crosses
 * it (its in-the-money sides and spot line) or the cursor comes or goes.
 */
export const ChainRow = memo(function ChainRow({ chain, row, below, top, atm, cursorSide, onPick, putColumns, callColumns, buildUp }: ChainRowProps) {
  const u = chain.underlying;
  const spotOf = () => liveQuote(u.exchange, u.token).LastRate.get() || chain.spot;
  // Where the spot sits: the line is drawn above the first strike over it, with its value.
  const spotLine = useSelector(() => {
    const s = spotOf();
    return s < row.strike && (below === undefined || s >= below) ? s : 0;
  });
  const callItm = useSelector(() => inTheMoney(row.strike, spotOf(), true));
  const putItm = useSelector(() => inTheMoney(row.strike, spotOf(), false));
  const figures = useMemo(() => strikeSource(chain, row), [chain, row]);

  const cells = (side: ChainSide, c: OptionChainSide | null, cols: readonly SideColumn[], itm: boolean) => {
    const cls = `chain-${side.toLowerCase()}${itm ? " itm" : ""}${cursorSide === side ? " cell-focus" : ""}`;
    return cols.map((col) => {
      const key = `${side}-${col.field}`;
      if (col.field === "buildUp") {
        const got = c && buildUp ? buildUp.byToken?.get(c.token) : undefined;
        const w = got === "no OI" ? got : got?.find((x) => x.minutes === buildUp?.minutes);
        return <BuildUpCell key={key} w={w} exchange={c?.exchange ?? u.exchange} side={side} className={cls} />;
      }
      if (!c) return <td key={key} role="cell" className={`num ${cls}`} data-priority={col.priority} data-field={col.field} data-side={side} />;
      if (GREEKS.has(col.field)) return <GreekCell key={key} c={c} figures={figures} side={side} field={col.field as Greek} priority={col.priority} className={cls} />;
      return <LiveCell key={key} c={c} field={col.field as LiveField} priority={col.priority} className={cls} side={side} />;
    });
  };

  return (
    <tr
      role="row"
      style={{ transform: `translateY(${top}px)` }}
      className={`chain-row${cursorSide ? " row-cursor" : ""}${spotLine ? " spot-line" : ""}`}
      aria-selected={cursorSide !== undefined}
      data-strike={row.strike}
      data-atm={atm ? "true" : undefined}
      data-cursor-side={cursorSide}
      onClick={(e) => onPick(row.strike, (e.target as HTMLElement).closest("[data-side='PE']") ? "PE" : "CE")}
    >
      {cells("CE", row.ce, callColumns, callItm)}
      <td role="cell" className={`chain-strike${atm ? " atm" : ""}`} data-field="strike">
        {/* Two slots: the spot pill on the left (on the line above this strike), as wide as the pill, and the strike, so the
            pill covers no strike. At the money is the strike's own mark (a box round it, and words for a screen reader), not a
            slot of its own: a third slot took the width that a narrow pane needs for the put side's IV (issue 29). */}
        <span className="spot-slot">{spotLine > 0 && <span className="spot-label" data-testid="chain-spot">{formatPrice(spotLine, u.exchange)}</span>}</span>
        <span className="strike-text">{strikeText(row.strike, u.exchange)}</span>
        {atm && <span className="sr-only">at the money</span>}
      </td>
      {cells("PE", row.pe, putColumns, putItm)}
    </tr>
  );
});
