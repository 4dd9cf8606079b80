import { observable } from "@legendapp/state";
import { clientState } from "./sessionReset";
import type { DialogId } from "./ui";

/** A dialog form's submit as its footer shows it: in flight, and why the broker or a rule refused the last one. */
export interface FormState {
  busy: boolean;
  problem: string | undefined;
}

export const IDLE_FORM: FormState = { busy: false, problem: undefined };

/**
 * Every dialog form's submit state, by dialog (commands/form.ts writes it, the footer reads it):
 * one place, so that every form says "working" and "refused" the same way.
 */
export const forms$ = observable<Partial<Record<DialogId, FormState>>>({});
// A refusal shown to the last client is not the next one's.
clientState({ name: "forms", holds: () => forms$.peek(), reset: () => forms$.set({}) });

export function formState(dialog: DialogId): FormState {
  return forms$[dialog].peek() ?? IDLE_FORM;
}

export function setFormState(dialog: DialogId, state: FormState): void {
  forms$[dialog].set(state);
}
