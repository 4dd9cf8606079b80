import type { AlertCondition } from "../../rules/alerts";

/**
 * A horizontal line made a price alert with one key (issue 34): the direction is the side of the
 * last traded price the line is on — a line above the LTP alerts when the price rises to it
 * (ABOVE), a line below when it falls to it (BELOW). A line at the LTP itself has no side: it
 * would fire at once, so it is refused with the reason.
 */
export function alertConditionForLine(linePrice: number, ltp: number | undefined): { condition: Extract<AlertCondition, "ABOVE" | "BELOW"> } | { problem: string } {
  if (ltp === undefined || !(ltp > 0)) return { problem: "No last price yet to tell whether the line is above or below it" };
  if (linePrice > ltp) return { condition: "ABOVE" };
  if (linePrice < ltp) return { condition: "BELOW" };
  return { problem: "The line is at the last price: move it a tick up or down first" };
}
