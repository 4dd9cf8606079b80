import { runCommand } from "../../commands/run";
import { Modal } from "./Modal";

/** "Dormant-account dialog (shown when profile accountStatus is DORMANT)." */
export function DormantDialog() {
  return (
    <Modal title="Dormant account">
      <div className="confirm-body" data-testid="dormant-dialog">
        <p>Your account is dormant because it has not been used for a long time.</p>
        <p>You can look around, but orders will be refused until the account is reactivated. Please contact support to reactivate it.</p>
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn btn-primary" autoFocus data-autofocus onClick={() => void runCommand("dialog.close")}>
          OK <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}
