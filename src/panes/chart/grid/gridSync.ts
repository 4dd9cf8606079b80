import type { LogicalRange, MouseEventParams, Time } from "lightweight-charts";
import { barAtOrBefore, syncTargets, type GridSync } from "../../../core/workspace/chartGrid";
import type { ChartHost } from "../drawings/host";

/**
 * Wires a chart grid's crosshair and range syncs (issue 32) between the cells' chart widgets.
 * Crosshair: the mouse over one cell (the driver) puts the others' crosshair on their bar at or
 * before the same time (the widget's putCursor: lightweight-charts' setCrosshairPosition and the
 * cell's OHLC read-out); only the driver's moves are
 * passed on, so the others' own events do not echo back. Range: a scroll or zoom in one cell
 * gives the others the same bars in view, counted from their latest bar (cells of other shares
 * have other bar counts); a range already shown is not set again, so the echo stops at once.
 */
export function wireGridSync(hosts: readonly (ChartHost | undefined)[], sync: GridSync, mouse: { driver: number | null } = { driver: null }): () => void {
  const offs: (() => void)[] = [];
  const shape = { size: hosts.length, sync };

  hosts.forEach((h, from) => {
    if (!h) return;
    if (sync.crosshair) {
      const onMove = (param: MouseEventParams<Time>) => {
        // `mouse` outlives a rewiring (a sync switched while the mouse is over a cell), so its leaving still clears the others.
        if (param.sourceEvent) mouse.driver = from;
        if (mouse.driver !== from) return;
        const t = param.time as number | undefined;
        for (const to of syncTargets(shape, from, "crosshair")) {
          const other = hosts[to];
          if (!other) continue;
          const bars = other.bars();
          const k = t === undefined ? -1 : barAtOrBefore(bars.map((b) => b.time), t * 1000);
          // putCursor: the widget's own crosshair placing (setCrosshairPosition) with its read-out, as its
          // keys do; -1 takes it off and the read-out back to the last bar.
          other.putCursor(k);
        }
        // The mouse left the driver: the others' crosshairs went with it.
        if (t === undefined) mouse.driver = null;
      };
      h.chart.subscribeCrosshairMove(onMove);
      offs.push(() => h.chart.unsubscribeCrosshairMove(onMove));
    }
    if (sync.range) {
      const onRange = (range: LogicalRange | null) => {
        // A cell with no bars (loading another interval) has no range to give, and one with none yet
        // takes none: counted from an empty cell's end, a range landed at the other's first bars, and
        // it is the cell's own bars, when they come, that put it at its live edge (LiveChart's toLiveEdge).
        const fromEnd = h.bars().length;
        if (!range || fromEnd === 0) return;
        for (const to of syncTargets(shape, from, "range")) {
          const other = hosts[to];
          const count = other?.bars().length ?? 0;
          if (!other || count === 0) continue;
          const shift = count - fromEnd;
          const want = { from: range.from + shift, to: range.to + shift };
          const now = other.chart.timeScale().getVisibleLogicalRange();
          if (now && Math.abs(now.from - want.from) < 1e-6 && Math.abs(now.to - want.to) < 1e-6) continue;
          other.chart.timeScale().setVisibleLogicalRange(want);
        }
      };
      h.chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
      offs.push(() => h.chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange));
    }
  });
  return () => {
    for (const off of offs) off();
  };
}
