import { useState } from "react";
import type { AlertCondition } from "../../core/rules/alerts";
import { restrictAfterDot } from "../../core/rules/inputRestrictions";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";
import { InstrumentField } from "./InstrumentField";
import "./alerts.css";

const CONDITIONS: Array<[AlertCondition, string]> = [
  ["ABOVE", "Price at or above"],
  ["BELOW", "Price at or below"],
  ["CHANGE", "Change from previous close (%)"],
];

/** Create a price alert: instrument, condition, value. Enter saves; a refusal is shown here and the dialog stays. */
export function AlertDialog({ instrument }: { instrument: string }) {
  const [symbol, setSymbol] = useState(instrument);
  const [condition, setCondition] = useState<AlertCondition>("ABOVE");
  const [value, setValue] = useState("");
  return (
    <Modal title="Create alert">
      <CommandForm dialog="alert" call={{ commandId: "alert.submit", args: { instrument: symbol, condition, value: Number(value) || 0 } }} className="confirm-body alert-form" testId="alert-dialog" submit="Create alert">
        <InstrumentField label="Instrument (INFY or NSE:INFY)" given={instrument} value={symbol} onChange={setSymbol} />
        <label className="login-field">
          <span>Alert when</span>
          <select aria-label="Condition" value={condition} onChange={(e) => setCondition(e.target.value as AlertCondition)}>
            {CONDITIONS.map(([c, label]) => (
              <option key={c} value={c}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="login-field">
          <span>{condition === "CHANGE" ? "Change (%)" : "Price (₹)"}</span>
          {/* "restrict-after-dot allows at most 6 digits after the decimal point" */}
          <input data-autofocus={instrument ? true : undefined} aria-label={condition === "CHANGE" ? "Change percent" : "Price"} inputMode="decimal" autoComplete="off" value={value} onChange={(e) => setValue(restrictAfterDot(e.target.value))} />
        </label>
      </CommandForm>
    </Modal>
  );
}
