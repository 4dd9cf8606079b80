import { runCommand } from "../../commands/run";
import { KeyHint } from "../views/KeyHint";

/** The footer of a dialog that only shows something: one Close button, focused, that Esc also presses. */
export function CloseFooter() {
  return (
    <footer className="modal-actions">
      <button type="button" className="btn" data-autofocus onClick={() => void runCommand("dialog.close")}>
        Close <KeyHint command="dialog.close" />
      </button>
    </footer>
  );
}
