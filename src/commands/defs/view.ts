import { steppedTabs } from "../../core/rules/tabs";
import { toggleTheme } from "../../data/stores/settings";
import { selectDialogTab, setTabs, stepDialogTab, stepTab } from "../../data/stores/tabs";
import { closeOverlay, openOverlay, overlay$ } from "../../data/stores/ui";
import { registry } from "../registry";
import { command, type CommandContext } from "../types";
import { dialogOnTop, dialogOtherThanPalette } from "../when";
import { viewTitle } from "../../core/rules/pages";
import { underPalette } from "../orderWindow";

/** `[` and `]` step the focused pane's tabs, or its sub-tabs where it has one tab (steppedTabs); a pane with neither has none to step. */
const tabsWhyNot = (ctx: CommandContext, doing: string): string | undefined =>
  ctx.focusedView !== undefined && steppedTabs(ctx.focusedView) ? undefined : `${doing}: ${ctx.focusedView ? viewTitle(ctx.focusedView) : "this pane"} has no tabs`;

function stepFocusedTabs(ctx: CommandContext, delta: number): void {
  const row = steppedTabs(ctx.focusedView!)!;
  stepTab(ctx.focusedView!, row.level, row.names.length, delta, ctx.focusedPaneId);
}

export const viewCommands = [
  command({
    id: "palette.open",
    explore: { section: "More", line: "Every command, and the command line (buy INFY 10 ...)." },
    keys: ["ctrl+k", "meta+k"],
    title: "Open command palette",
    group: "View",
    run: () => {
      const then = underPalette();
      openOverlay({ kind: "palette", initial: "", ...(then ? { then } : {}) });
    },
  }),
  command({
    id: "keymap.show",
    explore: { section: "More", line: "Every key and where it works." },
    keys: ["shift+slash"],
    title: "Show keyboard shortcuts",
    group: "View",
    keywords: ["keys", "help", "hotkeys"],
    run: () => {
      openOverlay({ kind: "keymap" });
    },
  }),
  command({
    // DESIGN.md section 3: "`Esc` closes the top dialog". The palette keeps its own Esc (it owns the keyboard).
    id: "dialog.close",
    keys: ["escape"],
    title: "Close the top dialog",
    group: "View",
    when: dialogOtherThanPalette,
    run: () => closeOverlay(),
  }),
  command({
    // A confirmation's accept: the question goes, and the command it asked about runs (with its arguments).
    id: "dialog.confirm",
    title: "Accept the confirmation",
    group: "View",
    hidden: true,
    when: dialogOnTop("confirm"),
    run: async (ctx) => {
      const top = overlay$.top.peek();
      if (top.kind !== "confirm") return;
      closeOverlay();
      await registry.run(top.commandId, ctx, top.args);
    },
  }),
  command({
    id: "view.theme.toggle",
    explore: { section: "More", line: "Switch between the light and the dark theme." },
    keys: ["alt+t"],
    title: "Toggle light / dark theme",
    group: "View",
    keywords: ["theme", "dark", "light"],
    run: () => toggleTheme(),
  }),
  command({
    id: "tab.next",
    keys: ["bracketright"],
    title: "Next tab",
    group: "View",
    whyNot: (ctx) => tabsWhyNot(ctx, "Next tab"),
    run: (ctx) => stepFocusedTabs(ctx, 1),
  }),
  command({
    id: "tab.previous",
    keys: ["bracketleft"],
    title: "Previous tab",
    group: "View",
    whyNot: (ctx) => tabsWhyNot(ctx, "Previous tab"),
    run: (ctx) => stepFocusedTabs(ctx, -1),
  }),
  command({
    // A dialog owns the keyboard, so the pane's tab keys do not reach it: its tabs have their own commands on the same keys.
    id: "dialog.tab.next",
    keys: ["bracketright"],
    title: "Next tab in the dialog",
    group: "View",
    scope: "orderInfo",
    when: dialogOnTop("orderInfo"),
    run: () => stepDialogTab(1),
  }),
  command({
    id: "dialog.tab.previous",
    keys: ["bracketleft"],
    title: "Previous tab in the dialog",
    group: "View",
    scope: "orderInfo",
    when: dialogOnTop("orderInfo"),
    run: () => stepDialogTab(-1),
  }),
  command({
    // A click on one of the dialog's tabs.
    id: "dialog.tab.select",
    title: "Select a tab in the dialog",
    group: "View",
    hidden: true,
    when: dialogOnTop("orderInfo"),
    run: (_ctx, a: { tab: number }) => selectDialogTab(a.tab),
  }),
  command({
    // What a click on a tab runs: buttons call commands. Hidden: it needs its page and tab as arguments.
    id: "tab.select",
    title: "Select tab",
    group: "View",
    hidden: true,
    run: (_ctx, a: { page: string; paneId?: string; tab: number; subTab?: number }) => {
      setTabs(a.page, { tab: a.tab, subTab: a.subTab ?? 0 }, a.paneId);
    },
  }),
];
