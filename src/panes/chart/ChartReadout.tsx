import { formatCount, formatPercent, formatPrice } from "../../core/format";
import type { BarReadout } from "../../core/charts/readout";
import type { Exchange } from "../../core/types/exchange";
import { IndicatorValues } from "./indicators/IndicatorValues";

/**
 * The crosshair's bar, read out above the chart (not over the candles): its India date and time,
 * O H L C, volume, and the change from the bar before. The mouse and the keys move one crosshair,
 * so this is the one read-out of both.
 */
export function ChartReadout({ readout, exchange }: { readout: BarReadout; exchange: Exchange }) {
  const { bar, label, change } = readout;
  const sign = (v: number) => (v > 0 ? "+" : "");
  return (
    <span className="chart-readout num" data-testid="chart-readout" data-time={bar.time}>
      <span className="muted" data-testid="chart-readout-time">
        {label}
      </span>
      <span>
        O <b>{formatPrice(bar.open, exchange)}</b>
      </span>
      <span>
        H <b>{formatPrice(bar.high, exchange)}</b>
      </span>
      <span>
        L <b>{formatPrice(bar.low, exchange)}</b>
      </span>
      <span>
        C <b className={bar.close >= bar.open ? "up" : "down"}>{formatPrice(bar.close, exchange)}</b>
      </span>
      {bar.volume > 0 && (
        <span>
          V <b>{formatCount(bar.volume)}</b>
        </span>
      )}
      {change && (
        <span className={change.points > 0 ? "up" : change.points < 0 ? "down" : "muted"}>
          {sign(change.points)}
          {formatPrice(change.points, exchange)} ({sign(change.percent)}
          {formatPercent(change.percent)}%)
        </span>
      )}
      {readout.indicators?.map((r) => <IndicatorValues key={r.key} reading={r} exchange={exchange} />)}
    </span>
  );
}

