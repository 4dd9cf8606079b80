import { runCommand } from "../../commands/run";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal dialog: Esc closes it (dialog.close), Tab stays inside it, and focus returns to where it was when
 * it closes, so a keyboard user never loses their place. The dialog itself is in the tab order: a long
 * one (the keyboard shortcuts) scrolls, and a scrolling region must be reachable by keyboard.
 */
export function Modal({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Where the focus was before the dialog rendered: read while rendering, before a child's autoFocus moves it.
  const previous = useRef(typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null));
  useEffect(() => {
    // A field that took the focus as it mounted (the order window's quantity, when its contract was already at hand) keeps it.
    if (!ref.current?.contains(document.activeElement)) {
      // querySelector takes the first match in document order, so the preferred element is asked for alone first.
      const first = ref.current?.querySelector<HTMLElement>("[data-autofocus]") ?? ref.current?.querySelector<HTMLElement>("input, select, button, [tabindex='0']");
      (first ?? ref.current)?.focus();
    }
    const before = previous.current;
    return () => before?.focus?.();
  }, []);
  // Esc is the dialog.close command (src/commands/defs/view.ts), rebindable like any key.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Tab") {
      const items = [...(ref.current?.querySelectorAll<HTMLElement>("button, input, select, textarea, [tabindex='0']") ?? [])];
      if (items.length === 0) return;
      const i = items.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i === items.length - 1 ? 0 : i + 1;
      e.preventDefault();
      items[next]!.focus();
    }
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop closes the dialog; the keyboard closes it with Esc
    <div className="modal-overlay" onMouseDown={(e) => e.target === e.currentTarget && void runCommand("dialog.close")}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex -- the dialog holds the focus and takes its keys (Tab trap, Esc) as they bubble */}
      <div className={`modal${wide ? " modal-wide" : ""}`} role="dialog" aria-modal="true" aria-label={title} ref={ref} tabIndex={0} onKeyDown={onKeyDown}>
        <header className="modal-title">{title}</header>
        {children}
      </div>
    </div>
  );
}
