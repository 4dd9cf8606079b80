import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { formatDateTime, groupIndian } from "../../core/format";
import { LIMIT_WORDS, type LimitName } from "../../core/rules/lossLimits";
import { disarmLimits, formWarning, refreshLimits, risk$ } from "../../data/stores/risk";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

/** Refreshed this often while the dialog is open: the loss moves with every tick. */
const REFRESH_MS = 2000;

const amount = (name: LimitName, v: number) => (name === "orders" ? String(v) : `₹${groupIndian(v)}`);
const field = (v: number | undefined) => (v ? String(v) : "");

/**
 * A limit's room left today. Once one has tripped the day is stopped whatever the figures do next:
 * after a spike and a recovery it read "Left ₹3,000.00" under "Tripped", as if that loss could still be run.
 */
function leftOf(h: { name: LimitName; limit: number; left: number }, tripped: string): string {
  if (!h.limit) return "—";
  if (tripped) return h.name === tripped ? "tripped" : "day stopped";
  return amount(h.name, h.left);
}

/**
 * The daily loss limits (issue 33): the three limits (blank: none) and the square-off choice, and
 * how far each is from tripping today, from the broker (it checks them on every fill and tick).
 * Today's figures are measured from the day's start whether a limit is set or not, so the dialog
 * says before Enter when the limits typed are already past (saving trips them: Enter asks again)
 * or within reach. Once the day has tripped, the figures are those it tripped at.
 */
export function LossLimitsDialog() {
  const limits = useSelector(() => risk$.limits.get());
  const [form, setForm] = useState({ maxLoss: "", maxOrders: "", maxPositionValue: "", squareOff: false });
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    disarmLimits();
    void refreshLimits();
    const t = setInterval(() => void refreshLimits(), REFRESH_MS);
    return () => clearInterval(t);
  }, []);
  // The fields start from the limits as the broker has them, once.
  useEffect(() => {
    if (filled || !limits) return;
    setForm({ maxLoss: field(limits.maxLoss), maxOrders: field(limits.maxOrders), maxPositionValue: field(limits.maxPositionValue), squareOff: limits.squareOff });
    setFilled(true);
  }, [limits, filled]);
  const set = (k: "maxLoss" | "maxOrders" | "maxPositionValue") => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  const warning = formWarning(form, limits);
  return (
    <Modal title="Daily loss limits" wide>
      <CommandForm dialog="lossLimits" call={{ commandId: "risk.limits.save", args: form }} submit={warning?.tripsNow ? "Save and trip now" : "Save limits"} testId="loss-limits-form">
        <p className="muted">A blank field is no limit. The broker checks them on every fill and tick. The first one reached stops the day: open orders are cancelled and every segment is refused new orders until midnight IST.</p>
        <div className="loss-limit-fields">
          <label className="login-field">
            <span>Maximum loss, ₹ (realised + unrealised)</span>
            <input data-autofocus inputMode="decimal" value={form.maxLoss} onChange={set("maxLoss")} />
          </label>
          <label className="login-field">
            <span>Maximum orders a day</span>
            <input inputMode="numeric" value={form.maxOrders} onChange={set("maxOrders")} />
          </label>
          <label className="login-field">
            <span>Maximum position value (₹)</span>
            <input inputMode="decimal" value={form.maxPositionValue} onChange={set("maxPositionValue")} />
          </label>
        </div>
        <label className="checkbox-field">
          <input type="checkbox" checked={form.squareOff} onChange={(e) => setForm({ ...form, squareOff: e.target.checked })} /> Square off every position when a limit trips
        </label>
        {warning && (
          <p className={warning.tripsNow ? "field-error" : "loss-limit-warning"} role="status" data-testid="loss-limits-warning" data-trips-now={warning.tripsNow}>
            {warning.text}
          </p>
        )}
        {limits && (
          <table className="grid" aria-label="How far each limit is from tripping" data-testid="loss-limits-headroom">
            <thead>
              <tr>
                <th>Limit</th>
                <th className="num">Set</th>
                <th className="num">{limits.tripped ? "At the trip" : "Today"}</th>
                <th className="num">Left</th>
              </tr>
            </thead>
            <tbody>
              {limits.headroom.map((h) => (
                <tr key={h.name} data-limit={h.name}>
                  <td>
                    {LIMIT_WORDS[h.name]}
                    {/* FINDINGS-24 s6: the loss counts a carried position from yesterday's close (positions.ts positionDayPnl), not from its average: Positions' Day P&L, not its P&L. */}
                    {h.name === "loss" && <span className="muted" data-field="loss-basis"> (today, from yesterday's close for carried positions: Positions' Day P&L)</span>}
                  </td>
                  <td className="num">{h.limit ? amount(h.name, h.limit) : "none"}</td>
                  <td className="num" data-field="used">{amount(h.name, h.used)}</td>
                  <td className="num" data-field="left">{leftOf(h, limits.tripped)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {limits?.tripped && (
          <p className="field-error" role="alert" data-testid="loss-limits-tripped">
            Tripped at {formatDateTime(limits.trippedAt)} IST: {limits.trippedText}
          </p>
        )}
      </CommandForm>
    </Modal>
  );
}
