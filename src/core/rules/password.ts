/** The special characters of the catalogue's password rule. */
export const PASSWORD_SPECIALS = ["@", "#", "$", "%", "&", "*", "/"] as const;

/**
 * "password has no spaces and needs one special character from @ # $ % & * /"
 * (access-and-surroundings section 5). Whitespace of any kind counts as a space.
 */
export function passwordMeetsRule(password: string): boolean {
  if (password.length === 0 || /\s/.test(password)) return false;
  return PASSWORD_SPECIALS.some((c) => password.includes(c));
}
