import { useState } from "react";
import { restrictAfterDot } from "../../core/rules/inputRestrictions";
import { tabsOf } from "../../data/stores/tabs";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

/** Rupees and paise: at most two digits after the point. */
const PAISE_DIGITS = 2;

/** Add funds (the order window's add-funds prompt and the funds page): in paper mode it credits the demo account (funds.add.send). */
export function AddFundsDialog() {
  const [amount, setAmount] = useState("");
  // Opened from the funds page's F&O tab it credits FO, otherwise the equity (CASH) segment.
  const [segment, setSegment] = useState<"CASH" | "FO">(tabsOf("funds").subTab === 1 ? "FO" : "CASH");
  return (
    <Modal title="Add funds">
      <CommandForm dialog="addFunds" call={{ commandId: "funds.add.send", args: { amount, segment } }} className="form" label="Add funds" submit="Add">
        <p className="muted">Paper broker: the amount is credited to this demo account's cash (payin).</p>
        <label>
          Amount ₹
          <input autoFocus inputMode="decimal" value={amount} aria-label="Amount" onChange={(e) => setAmount(restrictAfterDot(e.target.value, PAISE_DIGITS))} />
        </label>
        <label>
          Segment
          <select value={segment} onChange={(e) => setSegment(e.target.value === "FO" ? "FO" : "CASH")} aria-label="Segment">
            <option value="CASH">Equity (CASH)</option>
            <option value="FO">F&amp;O (FO)</option>
          </select>
        </label>
      </CommandForm>
    </Modal>
  );
}
