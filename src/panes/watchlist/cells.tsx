import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef } from "react";
import type { WatchlistScrip } from "../../data/api/watchlist";
import { formatPercent, formatPrice } from "../../core/format";
import { liveQuote } from "../../feed/session";
import { staleAttr, usePriceStale } from "../views/priceStale";
import { flasher } from "./flash";

/**
 * Watchlist cells. Each observes one field of its instrument's quote (DESIGN.md section 2), so
 * a tick re-renders that cell alone, never the row or the list. Until the first frame arrives
 * the broker's answer (ltp, chg, pchg of the list call) is shown.
 */
const dirClass = (v: number) => (v > 0 ? "up" : v < 0 ? "down" : "");

/** What a live cell needs of its row: the instrument and the list call's figures until a frame comes (any market grid's row). */
export type LiveRow = Pick<WatchlistScrip, "exchange" | "token" | "ltp" | "chg" | "pchg">;

/** A brief flash on change: green when the value rose, red when it fell (flash.ts, no re-render). */
function useFlash(value: number) {
  const ref = useRef<HTMLSpanElement>(null);
  const previous = useRef(value);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const el = ref.current;
    if (before === value || before === 0 || !el) return;
    flasher.flash(el, value > before ? "up" : "down");
  }, [value]);
  return ref;
}

export function LtpCell({ s }: { s: LiveRow }) {
  const q = liveQuote(s.exchange, s.token);
  const ltp = useSelector(() => q.LastRate.get()) || s.ltp;
  const chg = useSelector(() => (q.LastRate.get() > 0 ? q.chg.get() : s.chg));
  const ref = useFlash(ltp);
  const stale = usePriceStale(s.exchange, s.token);
  return (
    <span ref={ref} className={`wl-cell num ${dirClass(chg)}`} data-field="ltp" data-stale={staleAttr(stale)}>
      {formatPrice(ltp, s.exchange)}
    </span>
  );
}

export function ChangeCell({ s }: { s: LiveRow }) {
  const q = liveQuote(s.exchange, s.token);
  const chg = useSelector(() => (q.LastRate.get() > 0 ? q.chg.get() : s.chg));
  const stale = usePriceStale(s.exchange, s.token);
  return (
    <span className={`wl-cell num ${dirClass(chg)}`} data-field="chg" data-stale={staleAttr(stale)}>
      {chg > 0 ? "+" : ""}
      {formatPrice(chg, s.exchange)}
    </span>
  );
}

export function PercentCell({ s }: { s: LiveRow }) {
  const q = liveQuote(s.exchange, s.token);
  const pchg = useSelector(() => (q.LastRate.get() > 0 ? q.pchg.get() : s.pchg));
  const stale = usePriceStale(s.exchange, s.token);
  return (
    <span className={`wl-cell num ${dirClass(pchg)}`} data-field="pchg" data-stale={staleAttr(stale)}>
      {pchg > 0 ? "+" : ""}
      {formatPercent(pchg)}%
    </span>
  );
}
