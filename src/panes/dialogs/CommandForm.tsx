import { useSelector } from "@legendapp/state/react";
import type { ReactNode } from "react";
import type { CommandCall } from "../../commands/ids";
import { runCall, runCommand } from "../../commands/run";
import { forms$, IDLE_FORM } from "../../data/stores/forms";
import type { DialogId } from "../../data/stores/ui";
import { KeyHint } from "../views/KeyHint";

/**
 * A dialog's form, the one way every dialog submits (README, "Adding a command"): Enter in a
 * field, Enter on a select, Ctrl+Enter in a text area and the submit button all run `call`, the
 * form's submit command with the fields as its arguments. The command does the work through
 * `submitDialog` (commands/form.ts), which this footer shows: working while it runs, the refusal
 * under the fields, the dialog closed when done.
 */
export function CommandForm(props: {
  dialog: DialogId;
  call: CommandCall;
  /** The submit button's words ("Send", "Create alert"). */
  submit: string;
  /** The key the button names; Enter unless a text area keeps Enter for new lines. */
  submitKey?: "Enter" | "Ctrl+Enter";
  /** The form's accessible name, when the dialog's title does not give it. */
  label?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const send = () => void runCall(props.call);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== "Enter") return;
    const tag = (e.target as HTMLElement).tagName;
    // A select would open its list, a text area add a line: Ctrl+Enter (or Enter on a select) sends from them.
    if (tag === "SELECT" || (tag === "TEXTAREA" && (e.ctrlKey || e.metaKey))) {
      e.preventDefault();
      send();
    }
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the form catches its fields' Enter and Esc as they bubble, to run its command
    <form
      className={props.className ?? "confirm-body"}
      aria-label={props.label}
      data-testid={props.testId}
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {props.children}
      <FormFooter dialog={props.dialog} submit={props.submit} submitKey={props.submitKey ?? "Enter"} />
    </form>
  );
}

/** The end of a dialog's form: the refusal, if any, read out where it is, then Close (Esc) and the submit button. */
function FormFooter({ dialog, submit, submitKey }: { dialog: DialogId; submit: string; submitKey: string }) {
  const { busy, problem } = useSelector(() => forms$[dialog].get() ?? IDLE_FORM);
  return (
    <>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
          Close <KeyHint command="dialog.close" />
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submit} <kbd>{submitKey}</kbd>
        </button>
      </footer>
    </>
  );
}
