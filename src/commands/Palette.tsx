import { Command as Cmdk } from "cmdk";
import { useMemo, useState } from "react";
import { closeOverlay } from "../core/stores/ui";
import { registry } from "./all";
import { currentContext } from "./context";
import { formatKey } from "./keymap";
import { keysOf } from "./keymapStore";
import { runCommand } from "./run";

/**
 * The command palette (Ctrl+K): every available command with its keys, filtered as you type,
 * run on Enter. Built from cmdk's parts; the list is read once per opening from the registry.
 */
export function Palette({ initial }: { initial: string }) {
  const [search, setSearch] = useState(initial);
  const commands = useMemo(() => registry.available(currentContext()), []);
  const groups = useMemo(() => {
    const m = new Map<string, typeof commands>();
    for (const c of commands) m.set(c.group, [...(m.get(c.group) ?? []), c]);
    return [...m.entries()];
  }, [commands]);

  const choose = (id: string) => {
    closeOverlay();
    void runCommand(id);
  };

  return (
    <Cmdk.Dialog
      open
      onOpenChange={(open) => !open && closeOverlay()}
      label="Command palette"
      className="palette"
      overlayClassName="palette-overlay"
      loop
    >
      <Cmdk.Input value={search} onValueChange={setSearch} placeholder="Type a command…" autoFocus />
      <Cmdk.List>
        <Cmdk.Empty>No command matches “{search}”.</Cmdk.Empty>
        {groups.map(([group, cmds]) => (
          <Cmdk.Group key={group} heading={group}>
            {cmds.map((c) => (
              <Cmdk.Item key={c.id} value={`${c.title} ${c.id}`} keywords={c.keywords ?? []} onSelect={() => choose(c.id)} data-command={c.id}>
                <span className="palette-title">{c.title}</span>
                <span className="palette-keys">
                  {keysOf(c.id).map((k) => (
                    <kbd key={k}>{formatKey(k)}</kbd>
                  ))}
                </span>
              </Cmdk.Item>
            ))}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}
