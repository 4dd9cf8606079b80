import { runCommand } from "../../commands/run";
import type { CommandCall } from "../../commands/ids";
import { Modal } from "./Modal";

declare module "../../data/stores/ui" {
  interface Dialogs {
    /** A confirmation runs a command when accepted, so that the confirmed action still goes through the one door. */
    confirm: ConfirmProps;
  }
}

/** The question, and the command (with its arguments) that its accept runs. */
export type ConfirmProps = {
  title: string;
  lines: string[];
  confirmLabel: string;
} & CommandCall;

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
          Cancel <kbd>Esc</kbd>
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={confirm}>
          {props.confirmLabel} <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}
