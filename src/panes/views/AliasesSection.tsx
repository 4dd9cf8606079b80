import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { runCommand } from "../../commands/run";
import { aliasArity } from "../../core/rules/alias";
import { aliases$, refreshAliases } from "../../data/stores/aliases";
import "./aliases.css";

/**
 * The user's command aliases (issue 19), in Settings and in the Aliases dialog: each editable in
 * place (Enter saves, alias.save) and deletable (alias.delete); a new one is typed in the palette
 * as `alias NAME = buy $1 ATM CE $2; ...` or in the last row here.
 */
export function AliasesSection({ titled = true }: { titled?: boolean }) {
  const list = useSelector(() => aliases$.list.get());
  const loaded = useSelector(() => aliases$.loaded.get());
  useEffect(() => {
    if (!aliases$.loaded.peek()) void refreshAliases();
  }, []);
  return (
    <section className="aliases-section" data-testid="aliases-section" aria-label="Command aliases">
      {titled && <h3>Command aliases</h3>}
      <p className="muted">A line of the palette that stands for one or more orders: $1, $2… are what follows the name.</p>
      {loaded && (
        <table className="grid" aria-label="Aliases">
          <thead>
            <tr>
              <th>Name</th>
              <th>Stands for</th>
              <th>Use</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((a) => (
              <AliasRowEdit key={a.name} name={a.name} body={a.body} />
            ))}
            {/* The blank row starts again blank whenever the broker's list changes (an alias added). */}
            <AliasRowEdit key={`new:${list.map((a) => a.name).join(",")}`} name="" body="" />
          </tbody>
        </table>
      )}
    </section>
  );
}

function AliasRowEdit({ name, body }: { name: string; body: string }) {
  const [n, setN] = useState(name);
  const [b, setB] = useState(body);
  const isNew = name === "";
  const save = () => void runCommand("alias.save", { name: n, body: b, ...(isNew ? {} : { replaces: name }) });
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      save();
    }
  };
  const usage = [name, ...Array.from({ length: aliasArity(body) }, (_, i) => `$${i + 1}`)].join(" ");
  return (
    <tr data-alias={name || undefined}>
      <td>
        <input aria-label={isNew ? "New alias name" : `Name of ${name}`} value={n} onChange={(e) => setN(e.target.value)} onKeyDown={onKey} />
      </td>
      <td>
        <input aria-label={isNew ? "New alias: what it stands for" : `What ${name} stands for`} value={b} onChange={(e) => setB(e.target.value)} onKeyDown={onKey} />
      </td>
      <td className="muted">{isNew ? "" : usage}</td>
      <td>
        {isNew ? (
          <button type="button" className="btn btn-small" onClick={save}>
            Add <kbd>Enter</kbd>
          </button>
        ) : (
          <button type="button" className="btn btn-small" onClick={() => void runCommand("alias.delete", { name })} aria-label={`Delete ${name}`}>
            Delete
          </button>
        )}
      </td>
    </tr>
  );
}
