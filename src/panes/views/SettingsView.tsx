import { useSelector } from "@legendapp/state/react";
import { useState } from "react";
import { registry } from "../../commands/all";
import { formatKey, keyOfEvent } from "../../commands/keymap";
import { keyFilterMatches } from "../../commands/keyFilter";
import { keyOverrides$, keysOf } from "../../commands/keymapStore";
import { runCommand } from "../../commands/run";
import { APP_BUILD, APP_VERSION, BUILT_ON, EXCHANGE_VERSION } from "../../data/config";
import { theme$ } from "../../data/stores/settings";
import { usePaneTabs } from "../layout/pane";
import { AliasesSection } from "./AliasesSection";
import { MarketsTab } from "./settings/MarketsTab";
import { SecurityTab } from "./settings/SecurityTab";
import { Tabs } from "./Tabs";
import type { ViewProps } from "./types";

/** Settings: General (theme, keys), Security (password, authenticator, sessions), Markets (market status, defaults, stickOw, notifications), Version Info. */
export function SettingsView({ page }: ViewProps) {
  const { tab } = usePaneTabs(page);
  return (
    <div className="page">
      <Tabs page={page} />
      {tab === 0 && <General />}
      {tab === 0 && <AliasesSection />}
      {tab === 1 && <SecurityTab />}
      {tab === 2 && <MarketsTab />}
      {tab === 3 && (
        <table className="grid kv">
          <tbody>
            <tr><td>App version</td><td>{APP_VERSION}</td></tr>
            <tr><td>Build</td><td>{APP_BUILD}</td></tr>
            <tr><td>Exchange version</td><td>{EXCHANGE_VERSION}</td></tr>
            <tr><td>Built</td><td>{BUILT_ON}</td></tr>
          </tbody>
        </table>
      )}
    </div>
  );
}

function General() {
  const theme = useSelector(() => theme$.get());
  return (
    <div className="settings">
      <table className="grid kv">
        <tbody>
          <tr>
            <td>Theme</td>
            <td><button type="button" className="btn" onClick={() => void runCommand("view.theme.toggle")}>{theme}</button></td>
          </tr>
        </tbody>
      </table>
      <KeyEditor />
    </div>
  );
}

/**
 * Rebinding: Enter on a row listens for the next key; Esc cancels; a taken key is refused with a
 * toast. The filter box narrows some 200 commands to the few wanted (a key as pressed, or words),
 * so the Rebind button is a Tab or two away rather than a page of them.
 */
function KeyEditor() {
  useSelector(() => keyOverrides$.get());
  const [listening, setListening] = useState<string | undefined>();
  const [filter, setFilter] = useState("");
  const all = registry.all().filter((c) => !c.hidden);
  const commands = all.filter((c) => keyFilterMatches(c, keysOf(c.id), filter));
  const capture = (e: React.KeyboardEvent, commandId: string) => {
    // The key is named as the hotkeys name it (keymap.ts): what is bound here is what fires.
    const key = keyOfEvent(e.nativeEvent);
    if (key === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    if (key === "escape") return setListening(undefined);
    setListening(undefined);
    void runCommand("keymap.rebind", { commandId, key });
  };
  return (
    <section className="key-editor">
      <h3>Keys <button type="button" className="btn btn-small" onClick={() => void runCommand("keymap.reset")}>Reset to defaults</button></h3>
      <div className="key-filter-row">
        <input className="key-filter" aria-label="Filter commands and keys" placeholder="Filter: a key (x, +, ?) or words (split, ctrl+k)" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <span className="muted" data-testid="key-filter-count">{commands.length} of {all.length}</span>
      </div>
      <table className="grid">
        <tbody>
          {commands.map((c) => (
            <tr key={c.id} data-command={c.id}>
              <td>{c.title}</td>
              <td className="keys">{keysOf(c.id).map((k) => <kbd key={k}>{formatKey(k)}</kbd>)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setListening(c.id)}
                  onKeyDown={(e) => listening === c.id && capture(e, c.id)}
                  onBlur={() => listening === c.id && setListening(undefined)}
                >
                  {listening === c.id ? "press a key…" : "Rebind"}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
