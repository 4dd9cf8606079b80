/**
 * How a key is named (DESIGN.md section 3): the keymap's spelling of a pressed key and of a
 * declared one. On its own, with no imports, so a page without the command registry (the charts
 * host's chart page) reads keys by the same rules.
 */

/**
 * Keys that are a character rather than a place on the keyboard (issue 29): `+` is "plus" whether it
 * came from Shift+= on a US board, the numeric keypad or its own key on a German one. The US
 * spelling "shift+equal" is read as "plus", so declarations and saved rebindings keep working.
 */
const SHIFTED_US: Record<string, string> = {
  equal: "plus",
  slash: "question",
  minus: "underscore",
  semicolon: "colon",
  quote: "doublequote",
  comma: "less",
  period: "greater",
  backquote: "tilde",
  backslash: "pipe",
  bracketleft: "braceleft",
  bracketright: "braceright",
};

/** The character a key produces -> its name in the keymap. */
const CHAR_NAMES: Record<string, string> = {
  "+": "plus",
  "-": "minus",
  "=": "equal",
  "/": "slash",
  "?": "question",
  "_": "underscore",
  ";": "semicolon",
  ":": "colon",
  "'": "quote",
  '"': "doublequote",
  ",": "comma",
  "<": "less",
  ".": "period",
  ">": "greater",
  "`": "backquote",
  "~": "tilde",
  "\\": "backslash",
  "|": "pipe",
  "[": "bracketleft",
  "{": "braceleft",
  "]": "bracketright",
  "}": "braceright",
  "*": "asterisk",
};

/** The keypad's operators are the characters they type. */
const NUMPAD: Record<string, string> = { numpadadd: "plus", numpadsubtract: "minus", numpadmultiply: "asterisk", numpaddivide: "slash", numpaddecimal: "period", numpadequal: "equal", numpadenter: "enter", numpadcomma: "comma" };

/**
 * Lower-cased, modifiers in a fixed order, so "Shift+Ctrl+K" and "ctrl+shift+k" are one key; a
 * shifted US punctuation key is its character ("shift+equal" is "plus").
 */
export function normalizeKey(key: string): string {
  const parts = key
    .toLowerCase()
    .split("+")
    .map((p) => p.trim())
    .filter(Boolean);
  const order = ["ctrl", "meta", "alt", "shift"];
  let mods = order.filter((m) => parts.includes(m));
  let rest = parts.filter((p) => !order.includes(p));
  const shifted = rest.length === 1 && mods.includes("shift") ? SHIFTED_US[rest[0]!] : undefined;
  if (shifted) {
    mods = mods.filter((m) => m !== "shift");
    rest = [shifted];
  }
  return [...mods, ...rest].join("+");
}

const MODIFIER_KEYS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "OS", "Fn", "Dead", "Unidentified"]);

/**
 * The keymap's name of a pressed key: the one reading of a keyboard event, for the hotkeys and
 * for rebinding alike. Without Ctrl, Alt or Cmd, a punctuation key is matched by the character it
 * types (`event.key`: the keypad's `+` and a German `+` are "plus"); letters, digits and keys with
 * a modifier by their place (`event.code`), so Alt+1 and Ctrl+K do not move with the layout.
 * Undefined for a modifier pressed alone.
 */
export function keyOfEvent(e: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): string | undefined {
  if (MODIFIER_KEYS.has(e.key)) return undefined;
  const mods = [e.ctrlKey && "ctrl", e.metaKey && "meta", e.altKey && "alt"].filter((m): m is string => typeof m === "string");
  const char = CHAR_NAMES[e.key];
  // Shift is part of typing the character, so it is not a modifier of it.
  if (mods.length === 0 && char) return char;
  const code = (e.code || "").toLowerCase();
  const place = NUMPAD[code] ?? (code ? code.replace(/^key|^digit|^numpad/, "") : e.key.toLowerCase());
  if (!place || place === "unidentified") return undefined;
  return normalizeKey([...mods, e.shiftKey && "shift", place === " " ? "space" : place].filter(Boolean).join("+"));
}
