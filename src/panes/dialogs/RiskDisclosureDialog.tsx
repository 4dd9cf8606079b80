import { runCommand } from "../../commands/run";
import { Modal } from "./Modal";

/** "Risk-disclosure dialog (shown at login to users who have NSEFO or BSEFO)", acknowledged by keyboard. */
export function RiskDisclosureDialog() {
  return (
    <Modal title="Risk disclosures on derivatives">
      <div className="confirm-body" data-testid="risk-disclosure">
        <p>9 out of 10 individual traders in equity futures and options segment incurred net losses.</p>
        <p>On average, loss makers registered a net trading loss close to ₹50,000.</p>
        <p>Over and above the net trading losses incurred, loss makers expended an additional 28% of net trading losses as transaction costs.</p>
        <p>Those making net trading profits incurred between 15% and 50% of such profits as transaction cost.</p>
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn btn-primary" autoFocus data-autofocus onClick={() => void runCommand("dialog.close")}>
          I understand <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}
