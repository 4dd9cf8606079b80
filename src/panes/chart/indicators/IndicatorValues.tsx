import { formatCount, formatPrice } from "../../../core/format";
import type { IndicatorReading } from "../../../core/charts/indicators/reading";
import type { Exchange } from "../../../core/types/exchange";
import "./indicators.css";

/**
 * One indicator in the crosshair's read-out (issue 34): a swatch of its line's colour, its name and
 * settings, then each line's value at the crosshair's bar (a dash while it warms up). With the
 * crosshair off it reads the last bar, so the read-out is also the chart's legend.
 */
export function IndicatorValues({ reading, exchange }: { reading: IndicatorReading; exchange: Exchange }) {
  const shown = (v: number) => (reading.reads === "volume" ? formatCount(Math.round(v)) : reading.reads === "plain" ? v.toFixed(2) : formatPrice(v, exchange));
  const swatch = reading.colour?.startsWith("--") ? `var(${reading.colour})` : reading.colour;
  return (
    <span className="chart-readout-indicator" data-testid="chart-readout-indicator" data-indicator={reading.label}>
      <span className="swatch" style={{ background: swatch }} aria-hidden="true" />
      <span className="muted">{reading.label}</span>
      {reading.values.length === 0 ? (
        <b className="muted">–</b>
      ) : (
        reading.values.map((v) => (
          <span key={v.label}>
            {v.label && <span className="muted">{v.label} </span>}
            <b>{shown(v.value)}</b>
          </span>
        ))
      )}
    </span>
  );
}
