import { useSelector } from "@legendapp/state/react";
import { UserMenu } from "./UserMenu";
import { HEADER_MENU } from "../core/rules/pages";
import { runCommand } from "../commands/run";
import { PinnedHeader } from "./PinnedHeader";
import { session$ } from "../data/stores/session";
import { layout$ } from "../data/stores/workspace";
import { panes } from "../core/workspace/tree";
import { usePortfolioCounts } from "../panes/portfolio/counts";
import { KeyHint } from "../panes/views/KeyHint";

/** "Header menu: Home, WatchList, Orders, Positions (with count), Holdings (with count), Funds, Explore": the pages' own `menu` (core/rules/pages.ts), each running its "Go to" command. */
const MENU = HEADER_MENU.map((m) => ({ label: m.label, view: m.page, command: `nav.${m.page}` as const }));

export function Header() {
  const clientCode = useSelector(() => session$.clientCode.get());
  const clientName = useSelector(() => session$.clientName.get());
  const focusedView = useSelector(() => {
    const l = layout$.get();
    return panes(l.root).find((p) => p.id === l.focused)?.view;
  });
  const counts = usePortfolioCounts();
  const countOf: Record<string, number | undefined> = { position: counts.positions, holdings: counts.holdings };
  return (
    <header className="app-header">
      <span className="brand">TAPE</span>
      <nav className="menu">
        {MENU.map((m) => (
          <button key={m.view} type="button" tabIndex={-1} className={`menu-item${focusedView === m.view ? " menu-active" : ""}`} onClick={() => void runCommand(m.command)}>
            {m.label}
            {countOf[m.view] !== undefined && <span className="menu-count" data-testid={`${m.view}-count`}>{countOf[m.view]}</span>}
          </button>
        ))}
      </nav>
      <span className="spacer" />
      <PinnedHeader />
      <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("palette.open")} title="Command palette">
        <KeyHint command="palette.open" />
        <span className="hdr-wide"> commands</span>
      </button>
      {/* Below 1600 px the client's name gives way to the code (issue 29: at 1280 the menu was cut off); the tooltip still names them. */}
      <UserMenu
        title={[clientCode, clientName].filter(Boolean).join(" · ")}
        label={
          <>
            {clientCode ?? ""}
            {clientName && <span className="hdr-wide"> · {clientName}</span>}
          </>
        }
      />
    </header>
  );
}
