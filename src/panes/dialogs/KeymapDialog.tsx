import { registry } from "../../commands/all";
import { BUILT_IN_KEYS, formatKey } from "../../commands/keymap";
import { keysOf } from "../../commands/keymapStore";
import { SCOPES, type ScopeDef } from "../../commands/scopes";
import { Modal } from "./Modal";

/** `?`: every key of the keymap, by group, with where it works, and the keys fields and lists handle themselves. */
export function KeymapDialog() {
  const bound = registry.all().filter((c) => keysOf(c.id).length > 0);
  const groups = [...new Set(bound.map((c) => c.group))];
  return (
    <Modal title="Keyboard shortcuts" wide>
      <div className="keymap-grid" data-testid="keymap">
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
        <section>
          <h3>In panes and dialogs</h3>
          <table>
            <tbody>
              {BUILT_IN_KEYS.map((b) => (
                <tr key={b.keys}>
                  <td className="keys"><kbd>{b.keys}</kbd></td>
                  <td>{b.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <p className="muted">Rebind keys in Settings (Go to Settings). Esc closes.</p>
    </Modal>
  );
}
