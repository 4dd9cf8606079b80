import { Command as Cmdk } from "cmdk";
import { useMemo, useState } from "react";
import { closeOverlay } from "../core/stores/ui";
import { registry } from "./all";
import { currentContext } from "./context";
import { describeDraft, isOrderCommand, parseOrderCommand } from "./grammar/order";
import { formatKey } from "./keymap";
import { keysOf } from "./keymapStore";
import { rankCommands } from "./match";
import { runCommand } from "./run";
import type { Command } from "./types";

/**
 * The command palette (Ctrl+K): every available command with its keys, ranked as you type
 * (match.ts, not cmdk's filter), run on Enter. Grouped while the input is empty, a flat
 * ranked list once the user types.
 */
export function Palette({ initial }: { initial: string }) {
  const [search, setSearch] = useState(initial);
  const commands = useMemo(() => registry.available(currentContext()), []);
  const ranked = useMemo(() => rankCommands(commands, search), [commands, search]);
  const groups = useMemo(() => {
    const m = new Map<string, Command[]>();
    for (const c of commands) m.set(c.group, [...(m.get(c.group) ?? []), c]);
    return [...m.entries()];
  }, [commands]);

  const choose = (id: string) => {
    closeOverlay("palette");
    void runCommand(id);
  };
  // The palette is also a command line: input that starts with an order verb is an order, shown
  // as the first item (or the error naming the wrong word); Enter opens the order window.
  const orderMode = isOrderCommand(search);
  const parsed = orderMode ? parseOrderCommand(search) : undefined;

  return (
    // cmdk's own parts inside our overlay rather than its Radix dialog: one modal mechanism for
    // every overlay, so focus moves predictably from the palette to what a command opens next.
    <div className="palette-overlay" onMouseDown={(e) => e.target === e.currentTarget && closeOverlay("palette")}>
    <Cmdk
      label="Command palette"
      className="palette"
      role="dialog"
      aria-modal="true"
      aria-label="Command palette"
      shouldFilter={false}
      loop
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          closeOverlay("palette");
        }
      }}
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
                  closeOverlay("palette");
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
        {orderMode ? null : search.trim()
          ? ranked.map((c) => <Item key={c.id} command={c} onSelect={choose} />)
          : groups.map(([group, cmds]) => (
              <Cmdk.Group key={group} heading={group}>
                {cmds.map((c) => (
                  <Item key={c.id} command={c} onSelect={choose} />
                ))}
              </Cmdk.Group>
            ))}
      </Cmdk.List>
    </Cmdk>
    </div>
  );
}

function Item({ command: c, onSelect }: { command: Command; onSelect: (id: string) => void }) {
  return (
    <Cmdk.Item value={c.id} onSelect={() => onSelect(c.id)} data-command={c.id}>
      <span className="palette-title">{c.title}</span>
      <span className="palette-keys">
        {keysOf(c.id).map((k) => (
          <kbd key={k}>{formatKey(k)}</kbd>
        ))}
      </span>
    </Cmdk.Item>
  );
}
