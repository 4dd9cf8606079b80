import { useSelector } from "@legendapp/state/react";
import { useHotkeys } from "react-hotkeys-hook";
import { overlay$ } from "../data/stores/ui";
import { registry } from "./all";
import { currentContext } from "./context";
import { commandForKey, normalizeKey } from "./keymap";
import { currentKeymap, keyOverrides$ } from "./keymapStore";
import { runCommand } from "./run";

/** A key with a modifier (or Esc) works even while typing in a field; a bare letter never does. */
function worksInFields(key: string): boolean {
  return /(^|\+)(ctrl|meta|alt)\+/.test(key) || key === "escape";
}

/**
 * Binds every key of the effective keymap to the registry. One listener for the whole app:
 * the pressed key is looked up in the keymap and the first available command runs.
 */
export function Hotkeys() {
  useSelector(() => keyOverrides$.get()); // re-bind after a rebinding
  const overlay = useSelector(() => overlay$.top.kind.get());
  const keymap = currentKeymap();
  const all = [...new Set(Object.values(keymap).flat())];
  const inFields = all.filter(worksInFields);
  const bare = all.filter((k) => !worksInFields(k));

  const handle = (e: KeyboardEvent, hotkey: string) => {
    const ctx = currentContext();
    const id = commandForKey(keymap, hotkey, (cid) => {
      const c = registry.get(cid);
      return c !== undefined && registry.isAvailable(c, ctx);
    });
    if (!id) return;
    e.preventDefault();
    void runCommand(id);
  };

  const opts = { preventDefault: false, enableOnFormTags: true, enabled: overlay !== "palette" } as const;
  useHotkeys(inFields, (e, h) => handle(e, normalizeKey(h.hotkey)), opts, [keymap]);
  // Bare keys are off while any overlay is open: the overlay owns the keyboard then.
  useHotkeys(bare, (e, h) => handle(e, normalizeKey(h.hotkey)), { enableOnFormTags: false, enabled: overlay === "none" }, [keymap, overlay]);
  return null;
}
