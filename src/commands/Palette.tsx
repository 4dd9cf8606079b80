import { Command as Cmdk } from "cmdk";
import { useMemo, useState } from "react";
import { closeOverlay } from "../core/stores/ui";
import { registry } from "./all";
import { currentContext } from "./context";
import { describeDraft, isOrderCommand, parseOrderCommand } from "./grammar/order";
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
  // The palette is also a command line: input that starts with an order verb is an order.
  const orderMode = isOrderCommand(search);
  const parsed = orderMode ? parseOrderCommand(search) : undefined;

  return (
    <Cmdk.Dialog
      open
      onOpenChange={(open) => !open && closeOverlay()}
      label="Command palette"
      className="palette"
      overlayClassName="palette-overlay"
      loop
      shouldFilter={!orderMode}
    >
      <Cmdk.Input value={search} onValueChange={setSearch} placeholder="Type a command…" autoFocus />
      <Cmdk.List>
        {!orderMode && <Cmdk.Empty>No command matches “{search}”.</Cmdk.Empty>}
        {parsed && (
          <Cmdk.Group heading="Order">
            {parsed.ok ? (
              <Cmdk.Item
                value={`order ${search}`}
                data-command="order.line"
                onSelect={() => {
                  closeOverlay();
                  void runCommand("order.line", { draft: parsed.draft });
                }}
              >
                <span className="palette-title">Open order window: {describeDraft(parsed.draft)}</span>
                <span className="palette-keys">
                  <kbd>Enter</kbd>
                </span>
              </Cmdk.Item>
            ) : (
              <Cmdk.Item value={`order-error ${search}`} disabled data-command="order.line.error">
                <span className="palette-title palette-error" role="alert">
                  {parsed.message}
                </span>
              </Cmdk.Item>
            )}
          </Cmdk.Group>
        )}
        {!orderMode && groups.map(([group, cmds]) => (
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
