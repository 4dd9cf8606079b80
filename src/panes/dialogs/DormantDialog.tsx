import { runCommand } from "../../commands/run";
import { type Overlay } from "../../data/stores/ui";
import { Modal } from "./Modal";

declare module "../../data/stores/ui" {
  interface Dialogs {
    /** Profile dialogs at login (section 6); `then` opens after this one closes. */
    dormant: { then?: Overlay };
  }
}

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
