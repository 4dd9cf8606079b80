import { runCommand } from "../../commands/run";
import { AliasesSection } from "../views/AliasesSection";
import { Modal } from "./Modal";
import { KeyHint } from "../views/KeyHint";

export function AliasesDialog() {
  return (
    <Modal title="Command aliases" wide>
      <div className="confirm-body">
        <AliasesSection titled={false} />
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
          Close <KeyHint command="dialog.close" />
        </button>
      </footer>
    </Modal>
  );
}
