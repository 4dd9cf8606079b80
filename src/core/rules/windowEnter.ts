/**
 * "An Enter is either acted on or told." What the order window says of an Enter it does not send an
 * order for, and of a send that failed. One submit places one order however often Enter is hit: an
 * Enter during a send is that send's, and is said to be (a trader who sees nothing presses again,
 * or goes to place it elsewhere, and has two orders).
 */

/** The window's prompts, by what the trader sees on them. */
const PROMPT_NAMES = {
  charges: "the charges",
  insufficient: "the insufficient margin prompt",
  amo: "the after-market question",
  asm: "the surveillance question",
  commodityInfo: "the contract specification",
} as const;

export type WindowPromptKind = keyof typeof PROMPT_NAMES;

export interface WindowAtEnter {
  open: boolean;
  loading: boolean;
  submitting: boolean;
  /** The prompt up over the window, if any. */
  dialog: WindowPromptKind | null;
  /** Why this account cannot trade here (said in place of the form). */
  accountRefusal: string | undefined;
  /** Why the window could not load its contract (said in place of the form). */
  loadError: string | undefined;
  hasContract: boolean;
}

export const SENDING_LINE = "Sending… (this Enter is the same order, not sent twice)";
export const LOADING_LINE = "Enter pressed: nothing is sent until the order shows.";

/**
 * undefined: this Enter goes on to the order (its rules and the broker say the rest). Else the line
 * the window shows for it. `loading` keeps its own consequence: the window says again, once it
 * shows, that this Enter sent nothing (commands/orderWindow.ts ENTER_WHILE_LOADING).
 */
export function enterNotSent(w: WindowAtEnter): string | undefined {
  if (!w.open) return "No order window is open: nothing was sent";
  if (w.loading) return LOADING_LINE;
  if (w.submitting) return SENDING_LINE;
  if (w.dialog) return `Nothing was sent: answer ${PROMPT_NAMES[w.dialog]} first`;
  if (w.accountRefusal) return `Nothing was sent: ${w.accountRefusal}. Esc closes the window`;
  if (w.loadError || !w.hasContract) return `Nothing was sent: the window has no contract${w.loadError ? ` (${w.loadError})` : ""}. Esc closes it`;
  return undefined;
}

/**
 * Where a send stopped when something threw: before anything went to the broker (the contract or the
 * order read again), while the order went (an answer that is a failure, not a refusal: a 4xx), or
 * after the broker had answered (showing the answer failed).
 */
export type SendStage = "checking" | "sending" | "answered";

/**
 * The window's line for a send that threw at `stage`, with what failed (the error's words). `slices`:
 * an order sent in slices (freeze quantity), `placed` of them taken before the failure. Those keep
 * their keys, so an Enter places only the rest (the broker answers a repeated key with its first order: server/orders/intake.ts); a sliced
 * order's modify (`placed` unknown) may have changed some slices: "nothing" would not be true.
 */
export function sendFailedText(stage: SendStage, failure: string, mode: "new" | "modify", slices?: { placed: number | undefined; of: number }): string {
  const order = mode === "modify" ? "modify" : "order";
  if (stage === "checking") return `Nothing was sent: reading the ${order === "modify" ? "order" : "contract"} again failed (${failure}). Press Enter to try again`;
  if (stage === "sending" && slices?.placed === undefined && slices) return `The broker did not take the ${order} of every slice (${failure}): see the order book for which changed before sending it again`;
  if (stage === "sending" && slices?.placed) return `The broker did not take slice ${slices.placed + 1} of ${slices.of} (${failure}): ${slices.placed} placed. Press Enter to send the rest (the ${slices.placed} placed are not placed again)`;
  if (stage === "sending") return `The broker did not take the ${order} (${failure}): nothing was ${mode === "modify" ? "changed" : "placed"}. Press Enter to send it again`;
  return `The broker answered, but the window could not show it (${failure}): see the order book before sending again`;
}

/**
 * The window closed (Esc) or another opening took its place while this Enter's send was under way:
 * its line has nowhere to show, so a toast says it. `lost`: the order went and no answer came.
 * undefined: the order had gone and was answered; the answer is told where answers are (a refusal's
 * toast, the placed order's update).
 */
export function sendOutlivedText(stage: SendStage, what: string, lost = false): string | undefined {
  if (stage === "checking") return `${what}: not sent, its order window closed before the order went`;
  if (lost) return `${what}: no answer from the broker, and its order window has closed: see the order book before sending it again`;
  return undefined;
}
