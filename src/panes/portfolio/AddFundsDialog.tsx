import { useState } from "react";
import { restrictAfterDot } from "../../core/rules/inputRestrictions";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

/** Rupees and paise: at most two digits after the point. */
const PAISE_DIGITS = 2;

/**
 * Add funds (the order window's add-funds prompt and the funds page): in paper mode it credits the
 * demo account's one cash pool (funds.add.send), which Equity and F&O both draw on, so there is no
 * segment to choose (rules/funds.ts fundsAddedText).
 */
export function AddFundsDialog() {
  const [amount, setAmount] = useState("");
  return (
    <Modal title="Add funds">
      <CommandForm dialog="addFunds" call={{ commandId: "funds.add.send", args: { amount } }} className="form" label="Add funds" submit="Add">
        <p className="muted">Paper broker: the amount is credited to this demo account's one cash pool (payin), for Equity and F&amp;O alike.</p>
        <label>
          Amount ₹
          <input autoFocus inputMode="decimal" value={amount} aria-label="Amount" onChange={(e) => setAmount(restrictAfterDot(e.target.value, PAISE_DIGITS))} />
        </label>
      </CommandForm>
    </Modal>
  );
}
