import { useSelector } from "@legendapp/state/react";
import { runCommand } from "../../commands/run";
import { SUB_TAB_SETS, TAB_SETS } from "../../core/rules/tabs";
import { pageTabs$ } from "../../core/stores/tabs";
import { DEFAULT_TABS } from "../../core/rules/routes";

/** A page's tab bar; `[` and `]` step through it, a click runs the same command. */
export function Tabs({ page, counts }: { page: string; counts?: Array<number | undefined> }) {
  const state = useSelector(() => pageTabs$(page).get()) ?? DEFAULT_TABS;
  const names = TAB_SETS[page] ?? [];
  if (names.length === 0) return null;
  return (
    <nav className="tabs" role="tablist" aria-label={`${page} tabs`}>
      {names.map((name, i) => (
        <button
          key={name}
          type="button"
          role="tab"
          tabIndex={-1}
          aria-selected={state.tab === i}
          className={`tab${state.tab === i ? " tab-active" : ""}`}
          onClick={() => void runCommand("tab.select", { page, tab: i })}
        >
          {name}
          {counts?.[i] !== undefined && <span className="tab-count">{counts[i]}</span>}
        </button>
      ))}
    </nav>
  );
}

export function SubTabs({ page }: { page: string }) {
  const state = useSelector(() => pageTabs$(page).get()) ?? DEFAULT_TABS;
  const names = SUB_TAB_SETS[page] ?? [];
  if (names.length === 0) return null;
  return (
    <nav className="tabs tabs-sub" role="tablist">
      {names.map((name, i) => (
        <button
          key={name}
          type="button"
          role="tab"
          tabIndex={-1}
          aria-selected={state.subTab === i}
          className={`tab${state.subTab === i ? " tab-active" : ""}`}
          onClick={() => void runCommand("tab.select", { page, tab: state.tab, subTab: i })}
        >
          {name}
        </button>
      ))}
    </nav>
  );
}
