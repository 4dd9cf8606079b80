import { useState } from "react";
import { registry } from "../../commands/all";
import { keyFilterMatches } from "../../commands/keyFilter";
import { BUILT_IN_KEYS, formatKey } from "../../commands/keymap";
import { keysOf } from "../../commands/keymapStore";
import { SCOPES, type ScopeDef } from "../../commands/scopes";
import { Modal } from "./Modal";

/**
 * `?`: every key of the keymap, by group, with where it works, and the keys fields and lists handle
 * themselves. The filter box takes the focus: a key as it is pressed ("x", "+") or words narrow the list.
 */
export function KeymapDialog() {
  const [filter, setFilter] = useState("");
  const bound = registry.all().filter((c) => keysOf(c.id).length > 0 && keyFilterMatches(c, keysOf(c.id), filter));
  const groups = [...new Set(bound.map((c) => c.group))];
  const builtIn = BUILT_IN_KEYS.filter((b) => !filter.trim() || `${b.keys} ${b.what}`.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Modal title="Keyboard shortcuts" wide>
      <input
        className="key-filter"
        data-autofocus
        aria-label="Filter keys"
        placeholder="Filter: a key (x, +, ?) or words (split, ctrl+k)"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="keymap-grid" data-testid="keymap">
        {groups.length === 0 && builtIn.length === 0 && <p className="muted">No key matches “{filter}”.</p>}
        {groups.map((g) => (
          <section key={g}>
            <h3>{g}</h3>
            <table>
              <tbody>
                {bound
                  .filter((c) => c.group === g)
                  .map((c) => (
                    <tr key={c.id} data-command={c.id}>
                      <td className="keys">{keysOf(c.id).map((k) => <kbd key={k}>{formatKey(k)}</kbd>)}</td>
                      <td>
                        {c.title}
                        {c.scope && <span className="muted"> {(SCOPES[c.scope] as ScopeDef).where}</span>}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </section>
        ))}
        {builtIn.length > 0 && <section>
          <h3>In panes and dialogs</h3>
          <table>
            <tbody>
              {builtIn.map((b) => (
                <tr key={b.keys}>
                  <td className="keys"><kbd>{b.keys}</kbd></td>
                  <td>{b.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>}
      </div>
      <p className="muted">Rebind keys in Settings (Go to Settings). Esc closes.</p>
    </Modal>
  );
}
