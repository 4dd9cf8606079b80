import { OTP_INPUT_DEFAULT_LENGTH } from "../errors/auth.js";

/**
 * The OTP input of access-and-surroundings section 5: "N boxes (default 4), one character
 * each. Only digits are accepted (plus letters in letter-numeric mode). Editing keys allowed:
 * backspace, tab, enter, arrows, delete, and paste. Paste is rejected if not all digits
 * (number mode) or not word characters (letter-numeric mode). Completion fires only when all
 * boxes are filled."
 */
export type OtpMode = "number" | "letterNumeric";

export const DEFAULT_OTP_LENGTH = OTP_INPUT_DEFAULT_LENGTH;

const EDITING_KEYS = new Set(["Backspace", "Tab", "Enter", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Delete"]);

/** One typed character a box accepts. */
export function acceptsChar(ch: string, mode: OtpMode): boolean {
  return mode === "number" ? /^[0-9]$/.test(ch) : /^[A-Za-z0-9]$/.test(ch);
}

export type KeyDecision = "insert" | "edit" | "paste" | "block";

/** What a keydown in a box may do; everything else is blocked (preventDefault). */
export function decideKey(key: string, mods: { ctrl?: boolean; meta?: boolean }, mode: OtpMode): KeyDecision {
  if ((mods.ctrl || mods.meta) && key.toLowerCase() === "v") return "paste";
  if (EDITING_KEYS.has(key)) return "edit";
  if (!mods.ctrl && !mods.meta && acceptsChar(key, mode)) return "insert";
  return "block";
}

/** The characters a paste puts in the boxes (at most `length`), or null when the paste is rejected. */
export function acceptPaste(text: string, mode: OtpMode, length: number = DEFAULT_OTP_LENGTH): string[] | null {
  const t = text.trim();
  if (t === "") return null;
  const ok = mode === "number" ? /^[0-9]+$/.test(t) : /^\w+$/.test(t);
  return ok ? [...t].slice(0, length) : null;
}

/** Boxes after writing `chars` from box `at`; `focus` is the box to focus next. */
export function fillBoxes(boxes: readonly string[], at: number, chars: readonly string[]): { boxes: string[]; focus: number } {
  const next = [...boxes];
  let i = at;
  for (const ch of chars) {
    if (i >= next.length) break;
    next[i++] = ch;
  }
  return { boxes: next, focus: Math.min(i, next.length - 1) };
}

/** Backspace: clears this box, or the previous one when this is already empty. */
export function backspace(boxes: readonly string[], at: number): { boxes: string[]; focus: number } {
  const next = [...boxes];
  if (next[at]) {
    next[at] = "";
    return { boxes: next, focus: at };
  }
  const prev = Math.max(at - 1, 0);
  next[prev] = "";
  return { boxes: next, focus: prev };
}

/** The code when every one of the N boxes holds one character, otherwise undefined: completion fires only then. */
export function completedCode(boxes: readonly string[], length: number = DEFAULT_OTP_LENGTH): string | undefined {
  if (boxes.length !== length) return undefined;
  return boxes.every((b) => b.length === 1) ? boxes.join("") : undefined;
}

export function emptyBoxes(length: number = DEFAULT_OTP_LENGTH): string[] {
  return Array.from({ length }, () => "");
}
