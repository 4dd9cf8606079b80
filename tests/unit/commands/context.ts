import type { CommandContext } from "../../../src/commands/types";

/**
 * DEMO1 signed in, one pane showing `focusedView` and focused, nothing selected, no dialog, the
 * feed live and every market open: the context a command test starts from, changed by `over`.
 */
export const commandContext = (focusedView: string, over: Partial<CommandContext> = {}): CommandContext => ({
  clientCode: "DEMO1",
  focusedPaneId: "p1",
  focusedView,
  visibleViews: new Set([focusedView]),
  panes: [{ id: "p1", view: focusedView, n: 1 }],
  paneCount: 1,
  mobile: false,
  selection: undefined,
  dialog: undefined,
  loginStage: undefined,
  market: { feed: "live", isOpen: () => true },
  ...over,
});
