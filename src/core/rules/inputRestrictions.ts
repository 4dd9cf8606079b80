/**
 * Input restrictions that strip characters as the user types (access-and-surroundings section 5).
 * No messages are shown for these: the field simply keeps what is allowed.
 *   (1) number-only keeps digits;
 *   (2) alphanumeric-only keeps letters and digits;
 *   (3) alphanumeric-with-space-only keeps letters, digits and spaces;
 *   (4) restrict-after-dot allows at most 6 digits after the decimal point;
 *   (5) digit-limit truncates to a configured maximum number of digits and keeps only digits.
 */
export function numberOnly(input: string): string {
  return input.replace(/[^0-9]/g, "");
}

export function alphanumericOnly(input: string): string {
  return input.replace(/[^A-Za-z0-9]/g, "");
}

export function alphanumericWithSpaceOnly(input: string): string {
  return input.replace(/[^A-Za-z0-9 ]/g, "");
}

/** The spec's maximum digits after the decimal point. */
export const MAX_DIGITS_AFTER_DOT = 6;

/**
 * Keeps digits and the first decimal point, with at most `maxAfterDot` digits after it
 * ("1500.1234567" -> "1500.123456"). A price field uses this; the tick rule rounds later.
 */
export function restrictAfterDot(input: string, maxAfterDot: number = MAX_DIGITS_AFTER_DOT): string {
  const cleaned = input.replace(/[^0-9.]/g, "");
  const dot = cleaned.indexOf(".");
  if (dot < 0) return cleaned;
  const whole = cleaned.slice(0, dot);
  const frac = cleaned.slice(dot + 1).replace(/\./g, "").slice(0, Math.max(0, maxAfterDot));
  return `${whole}.${frac}`;
}

/** Keeps only digits, at most `maxDigits` of them (the maxima are the caller's: the spec does not show them). */
export function digitLimit(input: string, maxDigits: number): string {
  return numberOnly(input).slice(0, Math.max(0, maxDigits));
}

/**
 * The login's "Client ID, mobile or email" field: an id or a mobile number is alphanumeric (2),
 * an email keeps what an address may hold. Tape's reading: the field takes all three.
 */
export function loginIdInput(input: string): string {
  return input.includes("@") ? input.replace(/\s/g, "") : alphanumericOnly(input);
}
