import type { Exchange } from "../../core/types/exchange";
import { InstrumentChart } from "./InstrumentChart";

/** Today's intervals are too fine for a strip this small: five-minute candles read best. */
const MINI_INTERVAL = "5m";

/** The full-screen watchlist's mini chart: a small live candlestick chart of the selected row. */
export function MiniChart({ exchange, token, symbol }: { exchange: Exchange; token: number; symbol: string }) {
  return (
    <figure className="wl-chart" data-testid="mini-chart" aria-label={`${symbol} chart`}>
      <InstrumentChart exchange={exchange} token={token} symbol={symbol} interval={MINI_INTERVAL} onInterval={() => {}} compact />
    </figure>
  );
}
