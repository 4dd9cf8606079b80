import { useLayoutEffect, useRef } from "react";
import { liveQuote, priceStale } from "../../feed/session";
import { flasher } from "../cells/flash";
import { bindLiveCell, CHANGE_CELL, LTP_CELL, PERCENT_CELL, type CellKind, type LiveRow } from "../cells/liveCell";

/**
 * Watchlist cells (any market grid's too). Each is bound to its instrument's live quote and
 * staleness (../cells/liveCell.ts), which write the cell's text, colour, flash and stale mark straight into
 * the DOM: a tick never renders a cell, a row or a list (DESIGN.md section 2). Until the first
 * frame arrives the broker's answer (ltp, chg, pchg of the list call) is shown. The binding runs
 * in a layout effect, before the row's first paint.
 */
const CELL_CLASS = "wl-cell num";

/** A cell of a grid row (role gridcell); `priority` is its column's fit priority (../layout/fitColumns.ts). */
function LiveCell({ s, kind, priority }: { s: LiveRow; kind: CellKind; priority?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const { exchange, token, ltp, chg, pchg } = s;
  useLayoutEffect(
    () => bindLiveCell(ref.current!, CELL_CLASS, { exchange, token, ltp, chg, pchg }, kind, { quote: liveQuote(exchange, token), stale: priceStale(exchange, token), flash: (el, d) => flasher.flash(el, d) }),
    [exchange, token, ltp, chg, pchg, kind],
  );
  return <span ref={ref} role="gridcell" className={CELL_CLASS} data-field={kind.field} data-priority={priority} />;
}

export const LtpCell = ({ s }: { s: LiveRow }) => <LiveCell s={s} kind={LTP_CELL} />;
export const ChangeCell = ({ s, priority }: { s: LiveRow; priority?: number }) => <LiveCell s={s} kind={CHANGE_CELL} priority={priority} />;
export const PercentCell = ({ s }: { s: LiveRow }) => <LiveCell s={s} kind={PERCENT_CELL} />;
