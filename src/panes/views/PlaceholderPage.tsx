import { EmptyState } from "./EmptyState";
import { SubTabs, Tabs } from "./Tabs";
import type { ViewProps } from "./types";

/**
 * A page whose content has not been built yet: its real tab bar and an honest note, so the
 * shell, routes, tabs and panes can be used and tested before the page itself lands.
 */
export function placeholderPage(title: string, what: string) {
  return function Placeholder({ page }: ViewProps) {
    return (
      <div className="page">
        <Tabs page={page} />
        <SubTabs page={page} />
        <EmptyState title={`${title}: not available in this build yet`}>{what}</EmptyState>
      </div>
    );
  };
}
