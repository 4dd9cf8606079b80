import { useSelector } from "@legendapp/state/react";
import { formatLatency, percentile } from "../../core/rules/latency";
import { istTime } from "../../core/time";
import { latency$ } from "../../data/stores/latency";
import { CloseFooter } from "./CloseFooter";
import { Modal } from "./Modal";

/** The last 100 orders' latencies, newest first, with the session's p50 and p95. */
export function LatencyDialog() {
  const { entries, sessionAck, sessionUpdate, sessionTyping } = useSelector(() => latency$.get());
  return (
    <Modal title="Order latency: Enter to acknowledgement" wide>
      <div className="latency-view" data-testid="latency-view">
        <p className="latency-summary" data-testid="latency-summary">
          This session, {sessionAck.length} order{sessionAck.length === 1 ? "" : "s"}: to acknowledgement p50 {formatLatency(percentile(sessionAck, 50))}, p95 {formatLatency(percentile(sessionAck, 95))}; to first
          update p50 {formatLatency(percentile(sessionUpdate, 50))}, p95 {formatLatency(percentile(sessionUpdate, 95))}, both from the Enter that sent the order. Apart: typing and window (first key to Enter) p50{" "}
          {formatLatency(percentile(sessionTyping, 50))}.
        </p>
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
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.orderNo} data-order-no={e.orderNo}>
                  <td className="muted">{istTime(new Date(e.at).toISOString())}</td>
                  <td>{e.orderNo}</td>
                  <td>{e.tradingSymbol}</td>
                  <td className="num">{formatLatency(e.toAckMs)}</td>
                  <td className="num">{formatLatency(e.toUpdateMs)}</td>
                  <td className="num muted">{formatLatency(e.typingMs)}</td>
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
