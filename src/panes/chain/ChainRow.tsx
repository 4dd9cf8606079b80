import { useSelector } from "@legendapp/state/react";
import { memo } from "react";
import { yearsToExpiry } from "../../core/rules/blackScholes";
import { inTheMoney, strikeFigures, type SideFigures } from "../../core/rules/optionChain";
import { formatPrice } from "../../core/format";
import type { OptionChain, OptionChainSide, OptionChainStrike } from "../../core/types/optionChain";
import type { ChainSide } from "../../data/stores/optionChain";
import { brokerNow } from "../../data/stores/brokerClock";
import { liveQuote } from "../../feed/session";
import { CALL_COLUMNS, SIDE_COLUMNS, type SideColumn } from "./columns";
import { LiveCell, type LiveField } from "./cells";

type Greek = "iv" | "delta" | "gamma" | "theta" | "vega";
const GREEKS: ReadonlySet<string> = new Set<Greek>(["iv", "delta", "gamma", "theta", "vega"]);

/** How each figure reads: IV in percent, delta to 2 places, gamma to 4, theta and vega in rupees. */
function greekText(f: SideFigures, g: Greek): string {
  const v = g === "iv" ? (f.iv === null ? undefined : f.iv * 100) : f[g];
  if (v === undefined || !Number.isFinite(v)) return "--";
  const text = v.toFixed(g === "gamma" ? 4 : 2);
  // A put's delta of -0.001 reads 0.00, not -0.00.
  return Number(text) === 0 ? text.replace("-", "") : text;
}

const ltpOf = (c: OptionChainSide | null): number | null => {
  if (!c) return null;
  return liveQuote(c.exchange, c.token).LastRate.get() || c.ltp;
};

export interface ChainRowProps {
  chain: OptionChain;
  row: OptionChainStrike;
  /** The strike below this one in the window (undefined for the first row). */
  below: number | undefined;
  at: number;
  atm: boolean;
  /** The focused side when the row cursor is on this row. */
  cursorSide: ChainSide | undefined;
  onPick: (at: number, side: ChainSide) => void;
}

/**
 * One strike: the call's cells, the strike, the put's cells. The greeks are recomputed here from
 * the live prices with the core Black-Scholes module (the feed carries prices, not greeks); the
 * row re-renders when their text changes, its price cells on their own ticks.
 */
export const ChainRow = memo(function ChainRow({ chain, row, below, at, atm, cursorSide, onPick }: ChainRowProps) {
  const u = chain.underlying;
  const spotOf = () => liveQuote(u.exchange, u.token).LastRate.get() || chain.spot;
  // Where the spot sits: the line is drawn above the first strike over it, with its value.
  const spotLine = useSelector(() => {
    const s = spotOf();
    return s < row.strike && (below === undefined || s >= below) ? s : 0;
  });
  const callItm = useSelector(() => inTheMoney(row.strike, spotOf(), true));
  const putItm = useSelector(() => inTheMoney(row.strike, spotOf(), false));
  const figures = useSelector(() => {
    const years = yearsToExpiry(chain.expiry, new Date(brokerNow() ?? Date.now()));
    const f = strikeFigures(spotOf(), row.strike, years, ltpOf(row.ce), ltpOf(row.pe));
    return [...SIDE_COLUMNS.filter((c) => GREEKS.has(c.field)).map((c) => greekText(f.ce, c.field as Greek)), ...SIDE_COLUMNS.filter((c) => GREEKS.has(c.field)).map((c) => greekText(f.pe, c.field as Greek))].join("|");
  });
  const texts = figures.split("|");
  const greekAt = (side: ChainSide, field: string) => {
    const order = SIDE_COLUMNS.filter((c) => GREEKS.has(c.field)).findIndex((c) => c.field === field);
    return texts[(side === "CE" ? 0 : 5) + order] ?? "--";
  };

  const cells = (side: ChainSide, c: OptionChainSide | null, cols: readonly SideColumn[], itm: boolean) => {
    const cls = `chain-${side.toLowerCase()}${itm ? " itm" : ""}${cursorSide === side ? " cell-focus" : ""}`;
    return cols.map((col) => {
      const key = `${side}-${col.field}`;
      if (!c) return <td key={key} className={`num ${cls}`} data-priority={col.priority} />;
      if (GREEKS.has(col.field)) {
        return (
          <td key={key} className={`num ${cls}`} data-priority={col.priority} data-field={col.field} data-side={side}>
            {greekAt(side, col.field)}
          </td>
        );
      }
      return <LiveCell key={key} c={c} field={col.field as LiveField} priority={col.priority} className={cls} side={side} />;
    });
  };

  return (
    <tr
      className={`chain-row${cursorSide ? " row-cursor" : ""}${spotLine ? " spot-line" : ""}`}
      aria-selected={cursorSide !== undefined}
      data-strike={row.strike}
      data-atm={atm ? "true" : undefined}
      data-cursor-side={cursorSide}
      onClick={(e) => onPick(at, (e.target as HTMLElement).closest("[data-side='PE']") ? "PE" : "CE")}
    >
      {cells("CE", row.ce, CALL_COLUMNS, callItm)}
      <td className={`chain-strike${atm ? " atm" : ""}`} data-field="strike">
        {spotLine > 0 && <span className="spot-label" data-testid="chain-spot">{formatPrice(spotLine, u.exchange)}</span>}
        {formatPrice(row.strike, u.exchange).replace(/\.00$/, "")}
        {atm && <span className="atm-badge">ATM</span>}
      </td>
      {cells("PE", row.pe, SIDE_COLUMNS, putItm)}
    </tr>
  );
});

