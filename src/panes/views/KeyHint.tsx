import { useSelector } from "@legendapp/state/react";
import type { ReactNode } from "react";
import type { CommandId } from "../../commands/ids";
import { formatKey } from "../../commands/keymap";
import { keyOverrides$, keysOf } from "../../commands/keymapStore";

/**
 * The key a command has now, as `?` and the palette write it (keymap.ts formatKey), or undefined
 * when the command has no key. Its first key only: a hint names the key to press, and `?` lists
 * the others (the watchlist's Remove says "-", not "- Backspace"). Reading keyOverrides$ makes the
 * caller render again when a key is rebound, here or in another window (keymapStore.ts).
 */
export function useCommandKey(command: CommandId): string | undefined {
  return useSelector(() => {
    keyOverrides$.get();
    const key = keysOf(command)[0];
    return key === undefined ? undefined : formatKey(key);
  });
}

/**
 * The key hint of a button or a line that runs a command: the command's key from the keymap, so a
 * rebinding in Settings shows at once (FINDINGS-30 s2), and nothing when the command has no key.
 *
 * The rule for which hints are KeyHints: a hint is a KeyHint when the key it names is a command's
 * key in the keymap (the toolbars' x, e, Shift+Delete; a dialog's Esc, which is "Close the top
 * dialog"; a login stage's Enter and Esc, which are that stage's commands). A key the focused
 * element handles itself stays written out: Enter on a dialog's focused button or in a form, the
 * date picker's arrows and PgUp/PgDn. Words that only say what the key does ("o sort",
 * "(Ctrl+K)") are its children, left out with it: words after the key, or a function placing the
 * key in them. A sentence that needs other words without the key asks useCommandKey.
 */
export function KeyHint({ command, children }: { command: CommandId; children?: ReactNode | ((key: ReactNode) => ReactNode) }) {
  const key = useCommandKey(command);
  if (key === undefined) return null;
  const kbd = <kbd>{key}</kbd>;
  if (typeof children === "function") return children(kbd);
  return children === undefined ? kbd : <>{kbd} {children}</>;
}
