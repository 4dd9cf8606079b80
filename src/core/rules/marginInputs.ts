import type { OrderWindowState } from "../types/orderWindow";

/**
 * "The margin check runs 200 ms after inputs change." The inputs a margin figure is of: the
 * instrument and every field the check's request (or what it says instead of a figure) is built
 * from. A change to any of them starts a check (the window's debounce), and the figure shown is of
 * the inputs it was checked for, kept with it.
 */
export function marginInputsKey(token: number | string, s: OrderWindowState): string {
  return JSON.stringify([String(token), s.transactionType, s.orderType, s.pcode, s.priceType, s.validity, s.isAmo, s.quantity, s.price, s.triggerPrice, s.targetPrice, s.stopLossPrice]);
}

/**
 * How the margin read-out stands against the window on screen:
 * - "current": checked for the inputs on screen, with the funds as they are;
 * - "inputsChanged": checked for earlier inputs (FINDINGS-27 5: "Margin ₹3,000.00" of 10 @ 300 read
 *   while 40 @ 299.50 went out, on a broker answering late): marked from the keystroke through the
 *   debounce and the check, until the check of the inputs on screen answers ("stale is an error");
 * - "fundsMoved": of these inputs, but the funds may have moved since (marginRechecking).
 * `checkedFor` is the key of the inputs the read-out was checked for (undefined: nothing checked yet).
 */
export type MarginStanding = "current" | "inputsChanged" | "fundsMoved";

export function marginStanding(checkedFor: string | undefined, onScreen: string, fundsRechecking: boolean): MarginStanding {
  if (checkedFor !== onScreen) return "inputsChanged";
  return fundsRechecking ? "fundsMoved" : "current";
}
