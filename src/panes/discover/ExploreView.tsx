import { currentContext } from "../../commands/context";
import { exploreEntries, exploreName, EXPLORE_SECTIONS } from "../../commands/explore";
import { formatKey } from "../../commands/keymap";
import { keysOf } from "../../commands/keymapStore";
import { runCommand, runListed } from "../../commands/run";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTabs } from "../layout/pane";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { KeyHint } from "../views/KeyHint";

/**
 * Explore (tabs Products, More): every page and tool of the app with one line on what it does,
 * from the commands that declare an Explore line. ↑ ↓ move, Enter opens, a click opens.
 */
export function ExploreView({ page }: ViewProps) {
  const pane = usePane();
  const { tab } = usePaneTabs(page);
  const section = EXPLORE_SECTIONS[tab] ?? "Products";
  const entries = exploreEntries(section, currentContext());
  // An entry is a command, its identity its id; it selects nothing (Enter runs it: discover.ts explore.open).
  const at = useListCursor({ name: section, rows: entries, keyOf: (c) => c.id, selectionOf: () => undefined, labelOf: exploreName });
  return (
    <div className="page" data-testid="explore">
      <Tabs page={page} />
      <div className="toolbar muted">
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> move · <KeyHint command="explore.open">opens · </KeyHint>
          <KeyHint command="tab.previous" /> <KeyHint command="tab.next" /> Products / More
        </span>
      </div>
      <ul className="explore-list" role="listbox" aria-label={section}>
        {entries.map((c, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the mouse's way to pick an entry; the keyboard's is the pane's cursor keys
          <li
            key={c.id}
            role="option"
            aria-selected={i === at}
            className={`explore-item${i === at ? " row-cursor" : ""}`}
            data-command={c.id}
            onMouseEnter={() => void runCommand("list.cursor.to", { key: c.id, paneId: pane.id })}
            onClick={() => void runListed(c)}
          >
            <span className="explore-title">{exploreName(c)}</span>
            <span className="explore-line">{c.explore?.line}</span>
            <span className="palette-keys">
              {keysOf(c.id).map((k) => (
                <kbd key={k}>{formatKey(k)}</kbd>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
