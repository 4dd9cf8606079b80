import { errorMessage } from "../core/errorLog";
import { formState, setFormState } from "../data/stores/forms";
import { closeOverlay, type DialogId } from "../data/stores/ui";

/**
 * What a dialog's work answers: true, done (the dialog closes); a sentence, the refusal shown under
 * its fields (the dialog stays, as typed); false, refused and already told where the spec says
 * (a toast, the beta-access dialog), so the dialog stays and adds nothing.
 */
export type FormOutcome = boolean | string;

/**
 * The one way a dialog's form is submitted (README, "Adding a command"): its submit command runs
 * `work` through here. One submit at a time: a second Enter while the first is in flight does
 * nothing, so one submit sends one request.
 */
export async function submitDialog(dialog: DialogId, work: () => Promise<FormOutcome> | FormOutcome): Promise<void> {
  if (formState(dialog).busy) return;
  setFormState(dialog, { busy: true, problem: undefined });
  let outcome: FormOutcome;
  try {
    outcome = await work();
  } catch (err) {
    // HTTP failures were told by the HTTP layer; this keeps the dialog open with why.
    outcome = errorMessage(err);
  }
  setFormState(dialog, { busy: false, problem: typeof outcome === "string" ? outcome : undefined });
  if (outcome === true) closeOverlay(dialog);
}
