import { useSelector } from "@legendapp/state/react";
import { useHotkeys } from "react-hotkeys-hook";
import { markKeyStart } from "../data/stores/latency";
import { overlay$ } from "../data/stores/ui";
import { registry } from "./all";
import { currentContext } from "./context";
import { normalizeKey, resolveKey } from "./keymap";
import { currentKeymap, keyOverrides$ } from "./keymapStore";
import { runListed } from "./run";
import { hasModifier } from "./scopes";
import { genericWhyNot } from "./whyNot";
import { sayInStatusLine } from "../data/stores/statusLine";

/**
 * A key that works while typing in a field: one with a modifier, Esc, and Enter (which submits
 * the form it is pressed in, when that form has a submit command). A bare letter never does.
 */
function worksInFields(key: string): boolean {
  return hasModifier(key) || key === "enter";
}

/** A button that keeps Enter for itself (the order window's Close and Charges): Enter presses it. */
function keepsEnter(e: KeyboardEvent): boolean {
  return e.key === "Enter" && e.target instanceof Element && e.target.closest("[data-keep-enter]") !== null;
}

/**
 * Binds every key of the effective keymap to the registry. One listener for the whole app:
 * the pressed key is looked up in the keymap, among the commands whose scope is live where it
 * was pressed (keymap.ts, resolveKey), and that command runs; one that cannot run there says why
 * in the status line.
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
    const outcome = resolveKey(keymap, registry.all(), hotkey, { view: ctx.focusedView, dialog: ctx.dialog, loginStage: ctx.loginStage }, (c) => registry.whyNot(c, ctx), (c) => genericWhyNot(c, ctx));
    if (outcome.kind === "cannot") sayInStatusLine(outcome.reason, "warn");
    if (outcome.kind !== "run") return;
    e.preventDefault();
    // The key that opens an order window starts its order's latency (issue 19).
    markKeyStart();
    void runListed(outcome.command);
  };

  // The palette owns the keyboard while it is open (its Enter runs its choice).
  const enabled = overlay !== "palette";
  useHotkeys(inFields, (e, h) => handle(e, normalizeKey(h.hotkey)), { preventDefault: false, enableOnFormTags: true, enabled, ignoreEventWhen: keepsEnter }, [keymap, enabled]);
  useHotkeys(bare, (e, h) => handle(e, normalizeKey(h.hotkey)), { preventDefault: false, enableOnFormTags: false, enabled }, [keymap, enabled]);
  return null;
}
