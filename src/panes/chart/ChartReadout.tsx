import { formatCount, formatPercent, formatPrice } from "../../core/format";
import type { BarReadout } from "../../core/charts/readout";
import type { Exchange } from "../../core/types/exchange";
import { IndicatorValues } from "./indicators/IndicatorValues";
import { staleAttr } from "../views/priceStale";

/**
 * The crosshair's bar, read out above the chart (not over the candles): its India date and time,
 * O H L C, volume, and the change from the bar before. The mouse and the keys move one crosshair,
 * so this is the one read-out of both.
 */
/**
 * `stale`: the instrument's feed has gone quiet in an open market (issue 11): the figures, the live
 * bar's among them, are drawn muted as every other stale price is, each figure marked as a cell is.
 */
export function ChartReadout({ readout, exchange, stale = false }: { readout: BarReadout; exchange: Exchange; stale?: boolean }) {
  const { bar, label, change } = readout;
  const sign = (v: number) => (v > 0 ? "+" : "");
  const s = staleAttr(stale);
  return (
    <span className="chart-readout num" data-testid="chart-readout" data-time={bar.time} data-stale={s}>
      <span className="muted" data-testid="chart-readout-time">
        {label}
      </span>
      <span>
        O <b data-stale={s}>{formatPrice(bar.open, exchange)}</b>
      </span>
      <span>
        H <b data-stale={s}>{formatPrice(bar.high, exchange)}</b>
      </span>
      <span>
        L <b data-stale={s}>{formatPrice(bar.low, exchange)}</b>
      </span>
      <span className="readout-close">
        C <b className={bar.close >= bar.open ? "up" : "down"} data-stale={s}>{formatPrice(bar.close, exchange)}</b>
      </span>
      {bar.volume > 0 && (
        <span>
          V <b data-stale={s}>{formatCount(bar.volume)}</b>
        </span>
      )}
      {change && (
        <span className={`readout-change ${change.points > 0 ? "up" : change.points < 0 ? "down" : "muted"}`} data-stale={s}>
          {sign(change.points)}
          {formatPrice(change.points, exchange)} ({sign(change.percent)}
          {formatPercent(change.percent)}%)
        </span>
      )}
      {readout.indicators?.map((r) => <IndicatorValues key={r.key} reading={r} exchange={exchange} />)}
    </span>
  );
}

