import { runCommand } from "../../commands/run";
import { Modal } from "./Modal";

const FEATURE_NAMES: Record<string, string> = { sip: "SIP (systematic investment plans)" };

/** The beta-access dialog the spec opens on EC876: the feature is in beta and this account is not in it yet. */
export function BetaAccessDialog({ message, feature }: { message: string; feature: string }) {
  const known = FEATURE_NAMES[feature];
  return (
    <Modal title="Beta access">
      <div className="confirm-body" data-testid="beta-dialog" style={{ maxWidth: "60ch" }}>
        {/* A feature the app knows is named; for another, the broker's own words say what is in beta. */}
        <p>{known ? <><b>{known}</b> is in beta and your account is not part of it yet.</> : message}</p>
        <p className="muted">To join the beta, write to support from your registered email with your client code; access is usually given within two working days.</p>
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn btn-primary" data-autofocus onClick={() => void runCommand("dialog.close")}>
          OK <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}
