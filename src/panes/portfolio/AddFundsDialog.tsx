import { useState } from "react";
import { runCommand } from "../../commands/run";
import { tabsOf } from "../../data/stores/tabs";
import { closeOverlay } from "../../data/stores/ui";
import { Modal } from "../dialogs/Modal";

/** Add funds (the order window's add-funds prompt and the funds page): in paper mode it credits the demo account. */
export function AddFundsDialog() {
  const [amount, setAmount] = useState("");
  // Opened from the funds page's F&O tab it credits FO, otherwise the equity (CASH) segment.
  const [segment, setSegment] = useState<"CASH" | "FO">(tabsOf("funds").subTab === 1 ? "FO" : "CASH");
  const value = Number(amount);
  const valid = Number.isFinite(value) && value > 0;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Enter" && (e.target as HTMLElement).tagName === "SELECT") submit(e);
  };
  const submit = (e: React.FormEvent | React.KeyboardEvent) => {
    e.preventDefault();
    if (!valid) return;
    closeOverlay();
    void runCommand("funds.add.send", { amount: value, segment });
  };
  return (
    <Modal title="Add funds">
      <form className="form" onSubmit={submit} onKeyDown={onKeyDown} aria-label="Add funds">
        <p className="muted">Paper broker: the amount is credited to this demo account's cash (payin).</p>
        <label>
          Amount ₹
          <input
            autoFocus
            inputMode="decimal"
            value={amount}
            aria-label="Amount"
            // digits and one decimal point, at most two decimals
            onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, "").replace(/^(\d*\.?\d{0,2}).*$/, "$1"))}
          />
        </label>
        <label>
          Segment
          <select value={segment} onChange={(e) => setSegment(e.target.value === "FO" ? "FO" : "CASH")} aria-label="Segment">
            <option value="CASH">Equity (CASH)</option>
            <option value="FO">F&amp;O (FO)</option>
          </select>
        </label>
        <footer className="modal-actions">
          <button type="button" className="btn" onClick={() => closeOverlay()}>Cancel <kbd>Esc</kbd></button>
          <button type="submit" className="btn btn-primary" disabled={!valid}>Add <kbd>Enter</kbd></button>
        </footer>
      </form>
    </Modal>
  );
}
