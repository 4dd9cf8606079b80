import { useSelector } from "@legendapp/state/react";
import { Suspense, useEffect, useMemo, useState } from "react";
import { istAxisLabel } from "../../core/charts/labels";
import { formatDate, formatDateTime, groupIndian } from "../../core/format";
import { playedAxis } from "../../core/replay/playedAxis";
import { brokerNow } from "../../data/stores/brokerClock";
import { loadReplayDays, loadReplayReport, replay$ } from "../../data/stores/replay";
import { theme$ } from "../../data/stores/settings";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";
import { lazyChunk } from "../views/lazyChunk";

const LineChart = lazyChunk(() => import("../chain/StraddleChart").then((m) => ({ default: m.StraddleChart })));

const SOURCE_WORDS = { recorded: "recorded by this broker", imported: "imported from a CSV", sample: "Tape's sample day" } as const;

/** "Replay a day…" (issue 35): the days the broker can replay, newest first, or a date typed. */
export function ReplayDayDialog() {
  const days = useSelector(() => replay$.days.get());
  const [date, setDate] = useState("");
  useEffect(() => {
    void loadReplayDays();
  }, []);
  useEffect(() => {
    if (date === "" && days[0]) setDate(days[0].date);
  }, [days, date]);
  return (
    <Modal title="Replay a day">
      <CommandForm dialog="replayDay" call={{ commandId: "replay.start.submit", args: { date } }} submit="Start the replay" testId="replay-day-form">
        <p className="muted">The broker restarts on the day chosen, with replay books of its own: your live paper account is not touched. Leave replay from the palette.</p>
        <label className="login-field">
          <span>Day</span>
          <select data-autofocus value={date} onChange={(e) => setDate(e.target.value)} data-testid="replay-day-select">
            {days.length === 0 && <option value="">No day to replay yet</option>}
            {days.map((d) => (
              <option key={d.date} value={d.date}>
                {formatDate(d.date)}, {SOURCE_WORDS[d.source]}
              </option>
            ))}
          </select>
        </label>
      </CommandForm>
    </Modal>
  );
}

/** "Replay: jump to a time…": HH:MM, IST, within the replayed day. */
export function ReplayJumpDialog() {
  const [time, setTime] = useState("");
  return (
    <Modal title="Replay: jump to a time">
      <CommandForm dialog="replayJump" call={{ commandId: "replay.jump.submit", args: { time } }} submit="Jump" testId="replay-jump-form">
        <label className="login-field">
          <span>Time of the replayed day, HH:MM (IST)</span>
          <input data-autofocus inputMode="numeric" value={time} onChange={(e) => setTime(e.target.value)} data-testid="replay-jump-time" />
        </label>
      </CommandForm>
    </Modal>
  );
}

/** Rupees with the sign before the symbol: -₹0.10. */
const rupees = (v: number) => `${v < 0 ? "-" : ""}₹${groupIndian(Math.abs(v))}`;

const hm = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
};

/** A clock time of the replayed day, HH:MM (IST). */
const clockHm = (ms: number) => istAxisLabel(ms / 1000, "time");

/** The replay report: the trades, the P&L curve over the day, maximum drawdown and time in market. */
export function ReplayReportDialog() {
  const report = useSelector(() => replay$.report.get());
  const theme = useSelector(() => theme$.get());
  useEffect(() => {
    void loadReplayReport();
  }, []);
  const axis = useMemo(() => (report ? playedAxis(report.curve) : undefined), [report]);
  // Each jump back marked where the line starts again, with the time it went to (report.ts: a break, not a line
  // back); the words under the chart give both times. Short, so a mark near the chart's edge keeps its words.
  const jumps = useMemo(() => (axis ? axis.breaks.map((b) => ({ at: b.at, text: `back to ${clockHm(b.to)}` })) : []), [axis]);
  return (
    <Modal title={report ? `Replay report, ${formatDate(report.date)}` : "Replay report"} wide>
      {!report ? (
        <p className="muted">Loading the report…</p>
      ) : (
        <div className="replay-report" data-testid="replay-report">
          <dl className="replay-figures">
            <dt>P&amp;L (gross of charges)</dt>
            <dd className="num" data-testid="replay-pnl" data-sign={report.finalPnl < 0 ? "neg" : "pos"}>{rupees(report.finalPnl)}</dd>
            <dt>Maximum drawdown</dt>
            <dd className="num" data-testid="replay-drawdown">{rupees(report.maxDrawdown)}</dd>
            <dt>Time in market</dt>
            {/* Of the time played, not of the day: after a jump back the minutes replayed count again (report.ts). */}
            <dd className="num" data-testid="replay-time-in-market">{hm(report.timeInMarketMs)} of {hm(report.sessionMs)} played</dd>
            <dt>Trades</dt>
            <dd className="num">{report.trades.length}</dd>
          </dl>
          <Suspense fallback={<div className="chart-note muted">Loading chart…</div>}>
            {/* In the order played: after a jump back the clock's times repeat, so the axis is the time played, labelled with the clock's. */}
            <LineChart lines={axis!.lines} breaks={jumps} clockAt={axis!.clockAt} theme={theme} />
          </Suspense>
          {jumps.length > 0 && (
            <p className="muted" data-testid="replay-jumps">
              The curve is drawn in the order played: it breaks where the replay jumped back ({axis!.breaks.map((b) => `${clockHm(b.from)} to ${clockHm(b.to)}`).join(", ")}), and the minutes played again count again in the time played.
            </p>
          )}
          {report.trades.length === 0 ? (
            <p className="muted">No trades yet in this replay{brokerNow() ? ` (replay clock ${formatDateTime(brokerNow())} IST)` : ""}.</p>
          ) : (
            <table className="grid" aria-label="The replay's trades">
              <thead>
                <tr>
                  <th>Time (IST)</th>
                  <th>Instrument</th>
                  <th>Side</th>
                  <th className="num">Quantity</th>
                  <th className="num">Price</th>
                </tr>
              </thead>
              <tbody>
                {report.trades.map((t, i) => (
                  <tr key={i}>
                    <td>{formatDateTime(t.time)}</td>
                    <td>{t.tradingSymbol}</td>
                    <td>{t.side === "BUY" ? "Buy" : "Sell"}</td>
                    <td className="num">{t.quantity}</td>
                    <td className="num">{groupIndian(t.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Modal>
  );
}
