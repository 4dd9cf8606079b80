import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { markKeyStart } from "../data/stores/latency";
import { overlay$ } from "../data/stores/ui";
import { registry } from "./all";
import { currentContext } from "./context";
import { keyOfEvent, resolveKey } from "./keymap";
import { currentKeymap, keyOverrides$, keysOf } from "./keymapStore";
import { runListed } from "./run";
import { hasModifier } from "./scopes";
import { genericWhyNot } from "./whyNot";
import { sayInStatusLine } from "../data/stores/statusLine";
import { enterOnPanes } from "../core/rules/enterEcho";
import { orderWindow$ } from "../data/stores/orderWindow";

/** When Enter was last pressed in a dialog (not the palette, whose Enter opens what comes next): see enterEcho.ts. */
let lastDialogEnterAt: number | undefined;

/**
 * Runs before every other keydown handler (window, capture phase): an Enter pressed in a dialog
 * is noted; an Enter right after it, once that dialog has closed and left the panes on top, is the
 * same gesture's second press and goes nowhere (rules/enterEcho.ts). For every dialog alike. So is
 * an Enter while the palette's command line is still opening its order window: told, and held for it.
 */
function dropEnterEcho(e: KeyboardEvent): void {
  if (e.key !== "Enter" || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const top = overlay$.top.kind.peek();
  // When the key was pressed (the event's time stamp, on performance.now()'s clock), not when this
  // handler ran: on a busy page the second of two quick presses is handled after the first's work,
  // more than 500 ms after it though pressed within (oneEnter.spec in the clean-clone CI of 8614cd3).
  const now = e.timeStamp > 0 ? e.timeStamp : performance.now();
  if (top !== "none") {
    lastDialogEnterAt = top === "palette" ? undefined : now;
    return;
  }
  const verdict = enterOnPanes(lastDialogEnterAt, now, orderWindow$.lineOpening.peek()?.symbol);
  // An Enter in a field is the field's own, typed after the dialog went (sign out, then the login
  // page's client code and Enter at once): only a list or pane under a closed dialog takes an echo.
  if (verdict === "own" || (verdict === "echo" && isField(e.target))) {
    lastDialogEnterAt = undefined;
    return;
  }
  if (verdict === "echo") lastDialogEnterAt = now;
  else {
    orderWindow$.lineOpening.enterHeld.set(true);
    sayInStatusLine(verdict, "warn");
  }
  e.preventDefault();
  e.stopImmediatePropagation();
}

const isField = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.isContentEditable || t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT");

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

/** Where a bare key belongs to what is focused (typing, choosing an option), not to a command. */
const FORM_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const FORM_ROLES = new Set(["searchbox", "slider", "spinbutton", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "textbox", "combobox"]);
function inField(e: KeyboardEvent): boolean {
  const t = e.target;
  if (!(t instanceof HTMLElement)) return false;
  return FORM_TAGS.has(t.tagName) || t.isContentEditable || FORM_ROLES.has(t.getAttribute("role") ?? "");
}

/**
 * The palette's key pressed before <Hotkeys/> has bound the keys. They are bound by its effect,
 * after React's first commit: a Ctrl+K pressed between the page's script running and that
 * effect (0.3 to 0.7 s after a reload's load event on a CPU slowed 6 times) reached no listener
 * and was lost, the trader left typing into the page (project CI of 19ea3ab, cursorInView.spec).
 * Only the palette's key is kept: it opens a dialog and acts on nothing, where any other key
 * would act on panes not yet drawn. Kept from this module's first run, taken once by the binding.
 */
let earlyPalette: KeyboardEvent | undefined;
let keepingEarly = typeof document !== "undefined";
function keepEarlyPalette(e: KeyboardEvent): void {
  const key = keyOfEvent(e);
  if (key === undefined || !keysOf("palette.open").includes(key)) return;
  // The browser's own Ctrl+K (its address bar's search) must not take the keyboard meanwhile.
  e.preventDefault();
  earlyPalette = e;
}
if (keepingEarly) document.addEventListener("keydown", keepEarlyPalette);

/** The palette's key kept while loading, once: the binding runs it as if pressed now. */
function takeEarlyPalette(): KeyboardEvent | undefined {
  if (!keepingEarly) return undefined;
  keepingEarly = false;
  document.removeEventListener("keydown", keepEarlyPalette);
  const e = earlyPalette;
  earlyPalette = undefined;
  return e;
}

/**
 * Binds every key of the effective keymap to the registry. One listener for the whole app: the
 * pressed key is named once (keymap.ts, keyOfEvent: by character where the character matters),
 * looked up among the commands whose scope is live where it was pressed (resolveKey), and that
 * command runs; one that cannot run there says why in the status line.
 */
export function Hotkeys() {
  useSelector(() => keyOverrides$.get()); // re-bind after a rebinding
  const overlay = useSelector(() => overlay$.top.kind.get());
  const keymap = currentKeymap();
  // The palette owns the keyboard while it is open (its Enter runs its choice).
  const enabled = overlay !== "palette";

  useEffect(() => {
    window.addEventListener("keydown", dropEnterEcho, true);
    return () => window.removeEventListener("keydown", dropEnterEcho, true);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const bound = new Set(Object.values(keymap).flat());
    const onKeyDown = (e: KeyboardEvent) => {
      const hotkey = keyOfEvent(e);
      if (hotkey === undefined || !bound.has(hotkey)) return;
      if (inField(e) && !worksInFields(hotkey)) return;
      if (keepsEnter(e)) return;
      const ctx = currentContext();
      const outcome = resolveKey(keymap, registry.all(), hotkey, { view: ctx.focusedView, dialog: ctx.dialog, loginStage: ctx.loginStage }, (c) => registry.keyWhyNot(c, ctx), (c) => genericWhyNot(c, ctx));
      if (outcome.kind === "cannot") sayInStatusLine(outcome.reason, "warn");
      if (outcome.kind !== "run") return;
      e.preventDefault();
      // The key that opens an order window starts its order's latency (issue 19).
      markKeyStart();
      void runListed(outcome.command);
    };
    document.addEventListener("keydown", onKeyDown);
    const early = takeEarlyPalette();
    if (early) onKeyDown(early);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [keymap, enabled]);
  return null;
}
