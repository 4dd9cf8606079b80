import { useState } from "react";
import { quantityTyped } from "../../core/rules/inputRestrictions";

/**
 * A dialog's quantity by the one quantity rule (quantityTyped): the text as typed, `refused` saying
 * why a figure that is not whole is refused, and `sent` the figure to send ("" while refused, so the
 * dialog's own check stops it: nothing is sent with digits joined).
 */
export function useWholeQuantity(initial: string, unit: string) {
  const [text, setText] = useState(initial);
  const read = quantityTyped(text, unit);
  return { text, refused: read.refused, sent: read.quantity === undefined ? "" : read.text, type: setText };
}
