/**
 * Rounding to the paisa, the one rule for every amount of money the app and the paper broker
 * compute (margins, funds, holdings' values and P&L, charges' turnover, CSV cells).
 *
 * Half a paisa rounds away from zero, and a value a binary float holds a hair below the half
 * (1.005 is 1.00499999999999989...) counts as the half it was written as: the nudge of 1e-9
 * rupees is far below a paisa, and above a double's error on amounts up to about ₹1 crore (the
 * books' amounts; above that a half paisa may go either way, a paisa in a crore).
 * Zero is never negative (-0 would print as "-0.00").
 */
export function roundToPaisa(rupees: number): number {
  return toPaise(rupees) / 100;
}

/** The same amount in whole paise, by the same rule (the charges compute in integer paise). */
export function toPaise(rupees: number): number {
  const p = Math.round(Math.abs(rupees) * 100 + 1e-7) * Math.sign(rupees);
  return p === 0 ? 0 : p;
}

/**
 * A percentage to two decimals by the same rule (a GTT's distance from the last price, a margin
 * rate in a sentence): one rounding of hundredths for the whole code, money or not.
 */
export function roundPercent(percent: number): number {
  return roundToPaisa(percent);
}
