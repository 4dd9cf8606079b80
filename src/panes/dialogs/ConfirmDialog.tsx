import { useSelector } from "@legendapp/state/react";
import { runCommand } from "../../commands/run";
import { cancelQuestion } from "../../core/rules/orderCancel";
import type { ConfirmProps } from "../../data/stores/dialogs";
import { findOrder, orders$ } from "../../data/stores/orders";
import { Modal } from "./Modal";
import { KeyHint } from "../views/KeyHint";

/** A yes/no question whose "yes" runs a command: confirmed actions still go through the registry. */
export function ConfirmDialog(props: ConfirmProps) {
  // A cancel's question is drawn again from the book as the order changes under it (fills go on while it is open);
  // an order gone from the book keeps the question it was asked with.
  const order = useSelector(() => {
    if (props.cancelsOrder === undefined) return undefined;
    orders$.orders.get(); // findOrder peeks: this read is what redraws the question on each new book
    return findOrder(props.cancelsOrder);
  });
  const { lines, confirmLabel } = order ? cancelQuestion(order) : props;
  const confirm = () => void runCommand("dialog.confirm");
  return (
    <Modal title={props.title}>
      <div className="confirm-body" aria-live="polite">
        {lines.map((l, i) => (
          <p key={i}>{l}</p>
        ))}
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
          Close <KeyHint command="dialog.close" />
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={confirm}>
          {confirmLabel} <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}
