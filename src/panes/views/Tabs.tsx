import { runCommand } from "../../commands/run";
import { SUB_TAB_SETS, TAB_SETS } from "../../core/rules/tabs";
import { usePane, usePaneTabs } from "../layout/pane";

/**
 * A page's tab bar; `[` and `]` step through it, a click runs the same command. `labels` names a
 * tab by what it shows where that is the trader's word (a watchlist tab says the list's name).
 */
export function Tabs({ page, counts, labels }: { page: string; counts?: Array<number | undefined>; labels?: Array<string | undefined> }) {
  return <TabBar page={page} level="tab" counts={counts} labels={labels} />;
}

/** The second row where a page has one (ideas' product tabs, funds' limits view); `[` and `]` step it where the page has one tab (rules/tabs.ts steppedTabs). */
export function SubTabs({ page }: { page: string }) {
  return <TabBar page={page} level="subTab" />;
}

function TabBar({ page, level, counts, labels }: { page: string; level: "tab" | "subTab"; counts?: Array<number | undefined>; labels?: Array<string | undefined> }) {
  const pane = usePane();
  const state = usePaneTabs(page);
  const names = (level === "tab" ? TAB_SETS : SUB_TAB_SETS)[page] ?? [];
  if (names.length === 0) return null;
  const selected = level === "tab" ? state.tab : state.subTab;
  return (
    <div className={`tabs${level === "subTab" ? " tabs-sub" : ""}`} role="tablist" aria-label={level === "tab" ? `${page} tabs` : undefined}>
      {names.map((name, i) => (
        <button
          key={name}
          type="button"
          role="tab"
          tabIndex={-1}
          aria-selected={selected === i}
          className={`tab${selected === i ? " tab-active" : ""}`}
          title={labels?.[i] !== undefined ? name : undefined}
          onClick={() => void runCommand("tab.select", level === "tab" ? { page, paneId: pane.id, tab: i } : { page, paneId: pane.id, tab: state.tab, subTab: i })}
        >
          {labels?.[i] ?? name}
          {counts?.[i] !== undefined && <span className="tab-count">{counts[i]}</span>}
        </button>
      ))}
    </div>
  );
}
