import { useSelector } from "@legendapp/state/react";
import { Suspense, useEffect, useState } from "react";
import { formatPrice } from "../../core/format";
import { atmIndex } from "../../core/rules/optionChain";
import type { PremiumMinute } from "../../core/strategy/straddle";
import type { OptionChain } from "../../core/types/optionChain";
import { fetchStraddle } from "../../data/stores/chainAnalytics";
import { theme$ } from "../../data/stores/settings";
import { liveQuote } from "../../feed/session";
import { lazyChunk } from "../views/lazyChunk";
import { BUILD_UP_REFRESH_MS } from "./buildUp";

const StraddleChart = lazyChunk(() => import("./StraddleChart").then((m) => ({ default: m.StraddleChart })));

/**
 * The ATM straddle premium line above the chain's strikes (`l`, issue 31): the call and the put of
 * the strike at the money now, their summed price at the end of each minute of the day. The pair
 * is today's ATM, not each minute's: a straddle is one pair of contracts held through the day, so
 * the line is what that pair cost minute by minute, without jumps where the spot crossed a strike.
 * Their per-minute prices are the oi-history series (one ask per contract), asked again with the
 * build-up's cadence while shown.
 */
export function StraddlePanel({ chain }: { chain: OptionChain }) {
  const u = chain.underlying;
  const theme = useSelector(() => theme$.get());
  const atm = useSelector(() => {
    const strikes = chain.strikes.map((s) => s.strike);
    return chain.strikes[atmIndex(strikes, liveQuote(u.exchange, u.token).LastRate.get() || chain.spot)];
  });
  // The line drawn and what it is of. When the spot crosses to another strike, the old line stays
  // until the new pair's points come, so the chart is not taken down and rebuilt each time; a line
  // of another underlying or expiry is never shown.
  const [drawn, setDrawn] = useState<{ symbol: string; expiry: string; strike: number; points: readonly PremiumMinute[] }>();
  const ce = atm?.ce;
  const pe = atm?.pe;
  const strike = atm?.strike;
  useEffect(() => {
    if (!ce || !pe || strike === undefined) {
      setDrawn(undefined);
      return;
    }
    let live = true;
    const ask = async () => {
      try {
        // The pair's own exchange: a BSE chain's tokens are not in NSE's (`chain USDINR BSE`).
        const got = await fetchStraddle({ symbol: chain.symbol, expiry: chain.expiry, exchange: ce.exchange }, ce.token, pe.token);
        if (live && got) setDrawn({ symbol: chain.symbol, expiry: chain.expiry, strike, points: got });
      } catch {
        // the transport's failure was already shown; the next ask tries again
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), BUILD_UP_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [chain.symbol, chain.expiry, ce, pe, strike]);

  const shown = drawn && drawn.symbol === chain.symbol && drawn.expiry === chain.expiry ? drawn : undefined;
  const points = shown?.points;
  const last = points?.at(-1);
  const movingTo = shown !== undefined && strike !== undefined && shown.strike !== strike ? strike : undefined;
  const strikeText = (k: number) => formatPrice(k, u.exchange).replace(/\.00$/, "");
  return (
    <section className="straddle-panel" data-testid="straddle-panel" aria-label="ATM straddle premium">
      <div className="straddle-head">
        <b>ATM straddle {shown ? strikeText(shown.strike) : strike !== undefined ? strikeText(strike) : ""}</b>
        <span className="muted">call + put, a point a minute</span>
        {last && (
          <span className="num" data-testid="straddle-premium">
            {formatPrice(last.premium, u.exchange)}
          </span>
        )}
        {movingTo !== undefined && (
          <span className="muted" data-testid="straddle-moving">
            ATM now {strikeText(movingTo)}: loading its line
          </span>
        )}
        <span className="muted">l hides</span>
      </div>
      {!ce || !pe ? (
        <div className="chart-note muted">This strike has no call and put pair to add up.</div>
      ) : points === undefined ? (
        <div className="chart-note muted">Loading the day's premiums…</div>
      ) : points.length === 0 ? (
        <div className="chart-note muted">Neither contract has traded yet today.</div>
      ) : (
        <Suspense fallback={<div className="chart-note muted">Loading chart…</div>}>
          <StraddleChart points={points} theme={theme} />
        </Suspense>
      )}
    </section>
  );
}
