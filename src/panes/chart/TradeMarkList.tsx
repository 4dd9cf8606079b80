import type { TradeMark } from "../../core/replay/tradeMarks";

/**
 * The chart's trade marks in words, for a screen reader (the chart itself is a canvas): the day's
 * trades and the replay's, each its own list. Nothing outside a replay.
 */
export function TradeMarkList({ marks }: { marks: readonly TradeMark[] }) {
  if (marks.length === 0) return null;
  const yours = marks.filter((m) => m.run === "yours");
  const replay = marks.filter((m) => m.run === "replay");
  return (
    <div className="sr-only" data-testid="chart-trade-marks">
      {yours.length > 0 && (
        <ul aria-label="Your trades of the day">
          {yours.map((m, i) => (
            <li key={i}>{m.words}</li>
          ))}
        </ul>
      )}
      {replay.length > 0 && (
        <ul aria-label="Your trades in this replay">
          {replay.map((m, i) => (
            <li key={i}>{m.words}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
