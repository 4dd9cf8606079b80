import { closeOverlay, type DialogId } from "../../data/stores/ui";

/**
 * The end of a dialog's form: the refusal, if any, read out where it is, then Cancel (Esc) and
 * the submit button with the key that submits.
 */
export function FormFooter({ problem, dialog, submit, submitKey = "Enter", busy }: { problem: string | undefined; dialog: DialogId; submit: string; submitKey?: string; busy?: boolean }) {
  return (
    <>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => closeOverlay(dialog)}>
          Cancel <kbd>Esc</kbd>
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submit} <kbd>{submitKey}</kbd>
        </button>
      </footer>
    </>
  );
}
