/**
 * Login error codes (access-and-surroundings section 8) with the messages the broker sends.
 * The spec names the codes and their meanings; the exact texts are ours ("other login codes
 * map to messages in a table (not shown)"). Codes marked "ours" fill gaps the spec leaves.
 */
export const AUTH_CODES = {
  EC004: "Your account has been blocked after 5 incorrect password attempts. Unblock it to continue.",
  EC011: "This mobile number belongs to more than one client id. Please enter your client code.",
  EC012: "This email belongs to more than one client id. Please enter your client code.",
  EC013: "This PAN belongs to more than one client id. Please enter your client code.",
  EC014: "Your account has been blocked by the administrator. Please contact support.",
  EC016: "Invalid userId or password",
  EC018: "Please retry after 60 seconds to get a new OTP.",
  EC019: "OTP request limit exceeded. Please retry after 15 minutes.",
  EC024: "The OTP has expired. Please request a new one.",
  EC025: "Invalid OTP",
  EC044: "Invalid session",
  EC052: "Too many attempts. Please retry after 15 minutes.",
  EC069: "Your password has expired. Please set a new one with Forgot Password.",
  EC080: "Too many incorrect OTP attempts. Please retry after 15 minutes.",
  EC081: "Login is blocked by a voluntary freeze on your account.",
  /** ours: a new password breaking the catalogue's password rule. */
  EC030: "Password must not contain spaces and must contain one special character from @ # $ % & * /",
  /** ours: TOTP asked of an account that has not registered one. */
  EC031: "TOTP is not registered for this account. Please log in with OTP.",
  /** ours: an SSO redirect that is not exactly the vendor's registered one. */
  EC046: "The redirect address is not registered for this app.",
  /** ours: unknown SSO app key; the text is the spec's own. */
  EC047: "Invalid App Key: The app key you entered is incorrect. Please double-check and try again.",
  /** ours: any failure to read cEncData (one code and one text, whatever the cause). */
  EC098: "The encrypted message could not be read",
  /** ours (issue 17): the unblock or forgot-password date of birth, "MMDDYYYY", is not the account's. */
  EC992: "The date of birth does not match our records.",
  /** ours: a required field missing or of the wrong type. */
  EC400: "Bad request",
} as const;

export type AuthCode = keyof typeof AUTH_CODES;

/** The spec's exact text for an unusable SSO app key (section 2, router guard; section 8). */
export const INVALID_APP_KEY_TEXT = AUTH_CODES.EC047;

/** Login constants of section 9. */
export const OTP_RESEND_SECONDS = 60;
export const OTP_LOCKOUT_MINUTES = 15;
export const OTP_INPUT_DEFAULT_LENGTH = 4;
export const WRONG_PASSWORDS_BEFORE_BLOCK = 5;
