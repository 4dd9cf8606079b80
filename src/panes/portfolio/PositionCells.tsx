import { withLtp } from "../../core/rules/positions";
import type { Position } from "../../core/types";
import { price, signClass } from "./fmt";
import { useLtp } from "./live";

/**
 * The live cells of a position row: each observes only its own instrument's last price, so a
 * tick re-renders these three cells and nothing else (DESIGN.md section 2).
 */
export function LtpCell({ p }: { p: Position }) {
  const ltp = useLtp(p.exchange, p.token, p.ltp);
  return <td className="num" data-field="ltp" data-priority="2">{price(ltp, p.exchange)}</td>;
}

export function UnrealisedCell({ p }: { p: Position }) {
  const ltp = useLtp(p.exchange, p.token, p.ltp);
  const v = withLtp(p, ltp).unRealizedPnl;
  return <td className={`num ${signClass(v)}`} data-field="unRealizedPnl">{price(v)}</td>;
}

export function PnlCell({ p }: { p: Position }) {
  const ltp = useLtp(p.exchange, p.token, p.ltp);
  const v = withLtp(p, ltp).pnl;
  return <td className={`num ${signClass(v)}`} data-field="pnl">{price(v)}</td>;
}
