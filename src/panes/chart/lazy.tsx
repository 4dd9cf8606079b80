import { Suspense, type ComponentProps } from "react";
import { lazyChunk } from "../views/lazyChunk";
import type { ViewProps } from "../views/types";

/**
 * The chart surfaces as the rest of the app imports them: each loads its code (and the chart
 * library) the first time one is shown, so the login page's initial JavaScript carries none of it.
 */
const ChartViewCode = lazyChunk(() => import("./ChartView").then((m) => ({ default: m.ChartView })));
const MiniChartCode = lazyChunk(() => import("./MiniChart").then((m) => ({ default: m.MiniChart })));
const InstrumentChartCode = lazyChunk(() => import("./InstrumentChart").then((m) => ({ default: m.InstrumentChart })));

const loading = <div className="chart-note muted">Loading chart…</div>;

export function ChartView(props: ViewProps) {
  return (
    <Suspense fallback={loading}>
      <ChartViewCode {...props} />
    </Suspense>
  );
}

export function MiniChart(props: ComponentProps<typeof MiniChartCode>) {
  return (
    <Suspense fallback={loading}>
      <MiniChartCode {...props} />
    </Suspense>
  );
}

export function InstrumentChart(props: ComponentProps<typeof InstrumentChartCode>) {
  return (
    <Suspense fallback={loading}>
      <InstrumentChartCode {...props} />
    </Suspense>
  );
}
