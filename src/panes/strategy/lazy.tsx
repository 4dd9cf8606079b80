import { Suspense, type ComponentProps } from "react";
import { lazyChunk } from "../views/lazyChunk";

/** The payoff chart loads its code (and the chart library) the first time a strategy pane draws one. */
const PayoffChartCode = lazyChunk(() => import("./PayoffChart").then((m) => ({ default: m.PayoffChart })));

export function PayoffChart(props: ComponentProps<typeof PayoffChartCode>) {
  return (
    <Suspense fallback={<div className="chart-note muted">Loading chart…</div>}>
      <PayoffChartCode {...props} />
    </Suspense>
  );
}
