import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { CommandId } from "../commands/ids";
import { runCommand } from "../commands/run";
import { userMenu$ } from "../data/stores/ui";
import { useClickOutside } from "../panes/layout/clickOutside";

/** "Profile menu: Profile, Reports, Need Help (these three redirect out of the product), Settings, Sign out." Profile is a pane here. */
const ITEMS: Array<{ label: string; command: CommandId; outside?: boolean }> = [
  { label: "Profile", command: "profile.open" },
  { label: "Reports", command: "profile.reports", outside: true },
  { label: "Need Help", command: "profile.help", outside: true },
  { label: "Settings", command: "nav.settings" },
  { label: "Sign out", command: "session.signOut" },
];

/**
 * The header's profile menu. By keyboard: Tab reaches its button (or the `user.menu` command, Alt+U,
 * opens it), the first item takes focus, arrows, Home and End move, Enter runs (data-keep-enter:
 * the keymap leaves it to the button), Esc closes and gives focus back to the button. A click
 * outside, or the focus going anywhere outside it, closes it too.
 */
export function UserMenu({ label, title }: { label: ReactNode; title?: string }) {
  const open = useSelector(() => userMenu$.open.get());
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useClickOutside(root, open, () => userMenu$.open.set(false));
  useEffect(() => {
    if (!open) return;
    // After the opener (a click, Enter, or the palette closing) has settled focus.
    const t = setTimeout(() => root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => clearTimeout(t);
  }, [open]);

  const close = (refocus: boolean) => {
    userMenu$.open.set(false);
    if (refocus) button.current?.focus();
  };
  const pick = (command: CommandId) => {
    close(false);
    void runCommand(command);
  };

  return (
    <div
      className="profile"
      ref={root}
      // Focus gone elsewhere (the palette opened over it, a pane clicked, a command run): the menu closes, as a
      // menu does. Left open, it stood over the panes after "Go to Funds" from the palette, and a later Enter in
      // it ran one of its items.
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) userMenu$.open.set(false);
      }}
    >
      <button ref={button} type="button" className="btn btn-small" data-keep-enter title={title} aria-haspopup="menu" aria-expanded={open} onClick={() => (open ? close(false) : void runCommand("user.menu"))}>
        {label}
      </button>
      {open && (
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus moves among the menu items (roving), never to the menu itself
        <div
          className="profile-menu"
          role="menu"
          aria-label="User menu"
          onKeyDown={(e) => {
            const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
            const at = items.indexOf(document.activeElement as HTMLElement);
            if (e.key === "Escape") close(true);
            else if (e.key === "ArrowDown") items[(at + 1) % items.length]?.focus();
            else if (e.key === "ArrowUp") items[(at - 1 + items.length) % items.length]?.focus();
            else if (e.key === "Home") items[0]?.focus();
            else if (e.key === "End") items[items.length - 1]?.focus();
            else return;
            e.preventDefault();
            e.stopPropagation();
          }}
        >
          {ITEMS.map((i) => (
            <button key={i.command} type="button" role="menuitem" data-keep-enter onClick={() => pick(i.command)}>
              {i.label}
              {i.outside && <span className="menu-outside" aria-label="opens outside Tape"> ↗</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
