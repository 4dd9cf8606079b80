/**
 * How a profile shows what identifies a client (access-and-surroundings section 2, Profile). The
 * spec names the fields but not the masks; Tape's rule, applied by the paper broker before a value
 * leaves it, so that a full PAN, account number, mobile or email never reaches the browser:
 * - PAN, mobile and bank account numbers: every character but the last 4 becomes "*";
 *   a value of 4 characters or fewer is masked whole (there is nothing safe to show).
 * - email: the first character of the name and the whole domain stay ("d****@tape.example").
 */
export const MASK_CHAR = "*";
const KEEP = 4;

export function maskTail(value: string): string {
  const v = value.trim();
  if (v.length <= KEEP) return MASK_CHAR.repeat(v.length);
  return MASK_CHAR.repeat(v.length - KEEP) + v.slice(-KEEP);
}

export function maskEmail(email: string): string {
  const v = email.trim();
  const at = v.lastIndexOf("@");
  if (at <= 0) return maskTail(v);
  const name = v.slice(0, at);
  return `${name[0]}${MASK_CHAR.repeat(Math.max(4, name.length - 1))}${v.slice(at)}`;
}
