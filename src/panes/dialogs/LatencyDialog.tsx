import { useSelector } from "@legendapp/state/react";
import { formatLatency, latencyBookLabel, latencyTimeText, percentile } from "../../core/rules/latency";
import { istDateKey } from "../../core/time";
import { brokerNow } from "../../data/stores/brokerClock";
import { latency$, type LatencySession } from "../../data/stores/latency";
import { CloseFooter } from "./CloseFooter";
import { Modal } from "./Modal";

const figures = (s: LatencySession | undefined) => {
  const ack = s?.ack ?? [];
  const update = s?.update ?? [];
  return `${ack.length} order${ack.length === 1 ? "" : "s"}: to acknowledgement p50 ${formatLatency(percentile(ack, 50))}, p95 ${formatLatency(percentile(ack, 95))}; to first update p50 ${formatLatency(percentile(update, 50))}, p95 ${formatLatency(percentile(update, 95))}`;
};

/**
 * The last 100 orders' latencies with the session's p50 and p95. A replay's orders are in books of
 * their own, numbered afresh (FINDINGS-29 §6): their rows are marked REPLAY with the replayed date,
 * and their figures are a line apart from the live market's (decision: latency.ts LatencySession).
 * Rows newest first on the broker's clock, each with its date where it is not the clock's today.
 */
export function LatencyDialog() {
  const { entries, sessions } = useSelector(() => latency$.get());
  const books = sessions.map((s) => s.book);
  const live = sessions.find((s) => s.book === "live");
  const replays = sessions.filter((s) => s.book !== "live");
  const today = istDateKey(new Date(brokerNow() ?? Date.now()));
  const rows = [...entries].sort((a, b) => b.at - a.at);
  return (
    <Modal title="Order latency: Enter to acknowledgement" wide>
      <div className="latency-view" data-testid="latency-view">
        <p className="latency-summary" data-testid="latency-summary">
          This session{replays.length > 0 ? " on the live market" : ""}, {figures(live)}, both from the Enter that sent the order. Apart: typing and window (first key to Enter) p50 {formatLatency(percentile(live?.typing ?? [], 50))}.
        </p>
        {replays.map((s) => (
          <p key={s.book} className="latency-summary" data-testid="latency-summary-replay">
            <span className="replay-badge">REPLAY</span> {latencyBookLabel(s.book, books).replace(/^Replay /, "")}, its own books, {figures(s)}.
          </p>
        ))}
        {entries.length === 0 ? (
          <p>No order placed from this window yet in this session.</p>
        ) : (
          <table className="grid" aria-label="Order latencies">
            <thead>
              <tr>
                <th>Time</th>
                <th>Order no</th>
                <th>Instrument</th>
                <th className="num">Enter to acknowledgement</th>
                <th className="num">Enter to first update</th>
                <th className="num">Typing and window</th>
                <th>Market</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={`${e.book}|${e.orderNo}`} data-order-no={e.orderNo} data-book={e.book}>
                  <td className="muted">{latencyTimeText(e.at, today)}</td>
                  <td>{e.orderNo}</td>
                  <td>{e.tradingSymbol}</td>
                  <td className="num">{formatLatency(e.toAckMs)}</td>
                  <td className="num" title={e.caughtUp ? "Its update was sent while the feed was away: heard from the order book read when the feed came back" : undefined}>
                    {formatLatency(e.toUpdateMs)}
                  </td>
                  <td className="num muted">{formatLatency(e.typingMs)}</td>
                  <td>{e.book === "live" ? "Live" : <><span className="replay-badge">REPLAY</span> {latencyBookLabel(e.book, books).replace(/^Replay /, "")}</>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <CloseFooter />
    </Modal>
  );
}
