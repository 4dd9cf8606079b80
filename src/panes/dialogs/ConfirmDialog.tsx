import { runCommand } from "../../commands/run";
import type { ConfirmProps } from "../../data/stores/dialogs";
import { Modal } from "./Modal";

/** A yes/no question whose "yes" runs a command: confirmed actions still go through the registry. */
export function ConfirmDialog(props: ConfirmProps) {
  const confirm = () => void runCommand("dialog.confirm");
  return (
    <Modal title={props.title}>
      <div className="confirm-body">
        {props.lines.map((l, i) => (
          <p key={i}>{l}</p>
        ))}
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
          Close <kbd>Esc</kbd>
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={confirm}>
          {props.confirmLabel} <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}
