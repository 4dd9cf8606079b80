import { holdingSaleNote, positionDayPnl, withLtp } from "../../core/rules/positions";
import type { Position } from "../../core/types";
import { price, signClass } from "./fmt";
import { useLtp } from "./live";
import { usePriceMark } from "../views/priceStale";
import type { CellAt } from "../layout/gridColumns";

/**
 * The live cells of a position row: each observes only its own instrument's last price, so a
 * tick re-renders these four cells and nothing else (DESIGN.md section 2).
 */
export function LtpCell({ p, at }: { p: Position; at: CellAt }) {
  const ltp = useLtp(p.exchange, p.token, p.ltp);
  // In a replay, an instrument the tape has no ticks of is marked, and says why its price never moves (Home's totals name it too).
  const mark = usePriceMark(p.exchange, p.token, p.tradingSymbol);
  return <td className="num" data-field="ltp" data-stale={mark.stale} title={mark.title} {...at}>{price(ltp, p.exchange)}</td>;
}

export function UnrealisedCell({ p, at }: { p: Position; at: CellAt }) {
  const ltp = useLtp(p.exchange, p.token, p.ltp);
  const v = withLtp(p, ltp).unRealizedPnl;
  const mark = usePriceMark(p.exchange, p.token, p.tradingSymbol);
  // A sale out of the holdings: the title says what this moving figure is (rules/positions.ts unrealisedPnl's decision).
  return <td className={`num ${signClass(v)}`} data-field="unRealizedPnl" data-stale={mark.stale} title={holdingSaleNote(p)?.title} {...at}>{price(v)}</td>;
}

export function PnlCell({ p, at }: { p: Position; at: CellAt }) {
  const ltp = useLtp(p.exchange, p.token, p.ltp);
  const v = withLtp(p, ltp).pnl;
  const mark = usePriceMark(p.exchange, p.token, p.tradingSymbol);
  return <td className={`num ${signClass(v)}`} data-field="pnl" data-stale={mark.stale} {...at}>{price(v)}</td>;
}

/** Today's P&L as the daily loss limit measures it (positions.ts positionDayPnl): from yesterday's close for what was carried in. */
export function DayPnlCell({ p, at }: { p: Position; at: CellAt }) {
  const ltp = useLtp(p.exchange, p.token, p.ltp);
  const v = positionDayPnl({ ...p, ltp });
  const mark = usePriceMark(p.exchange, p.token, p.tradingSymbol);
  return <td className={`num ${signClass(v)}`} data-field="dayPnl" data-stale={mark.stale} {...at}>{price(v)}</td>;
}
