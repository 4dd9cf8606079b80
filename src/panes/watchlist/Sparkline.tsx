import { useEffect, useState } from "react";
import { isOk } from "../../data/api/http";
import type { Bar } from "../../core/types/bar";
import { getBars } from "../../data/api/charts";
import type { Exchange } from "../../core/types/exchange";
import { formatPrice } from "../../core/format";

/** How often the mini chart asks again for today's bars: a new one-minute bar at most this late. */
const REFRESH_MS = 30_000;

/** The points of an SVG polyline through the closes, scaled into width x height (pure). */
export function sparklinePoints(closes: readonly number[], width: number, height: number): string {
  if (closes.length === 0) return "";
  const lo = Math.min(...closes);
  const hi = Math.max(...closes);
  const span = hi - lo || 1;
  const step = closes.length > 1 ? width / (closes.length - 1) : 0;
  return closes.map((c, i) => `${(i * step).toFixed(1)},${(height - ((c - lo) / span) * height).toFixed(1)}`).join(" ");
}

/** The mini chart of the full-screen watchlist: today's one-minute closes of the selected row. */
export function Sparkline({ exchange, token, symbol }: { exchange: Exchange; token: number; symbol: string }) {
  const [bars, setBars] = useState<Bar[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      void getBars(exchange, token)
        .then((e) => live && setBars(isOk(e) ? e.result : []))
        .catch(() => live && setBars([]));
    setBars(undefined);
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [exchange, token]);
  const closes = (bars ?? []).map((b) => b.close);
  const up = closes.length > 1 && closes[closes.length - 1]! >= closes[0]!;
  return (
    <figure className="wl-chart" data-testid="mini-chart" aria-label={`${symbol} today`}>
      <figcaption>
        <span className="sym">{symbol}</span> <span className="muted">{exchange} · 1-minute closes today</span>
        {closes.length > 0 && (
          <span className="muted"> · low {formatPrice(Math.min(...closes), exchange)} · high {formatPrice(Math.max(...closes), exchange)}</span>
        )}
      </figcaption>
      {bars === undefined ? (
        <div className="muted">Loading…</div>
      ) : closes.length < 2 ? (
        <div className="muted">Not enough one-minute bars yet today (outside market hours prices stand still).</div>
      ) : (
        <svg viewBox="0 0 600 120" preserveAspectRatio="none" role="img" aria-label={`${closes.length} one-minute bars`}>
          <polyline fill="none" stroke={up ? "var(--up)" : "var(--down)"} strokeWidth="1.5" vectorEffect="non-scaling-stroke" points={sparklinePoints(closes, 600, 120)} />
        </svg>
      )}
    </figure>
  );
}
