import { tabCount } from "../../core/rules/tabs";
import { toggleTheme } from "../../data/stores/settings";
import { setTabs, stepDialogTab, stepTab } from "../../data/stores/tabs";
import { closeOverlay, openOverlay } from "../../data/stores/ui";
import { command, type CommandContext } from "../types";
import { dialogOnTop, dialogOtherThanPalette } from "../when";
import { viewTitle } from "../../core/rules/pages";

/** `[` and `]` step the focused pane's tabs; a pane with one page has none to step. */
const tabsWhyNot = (ctx: CommandContext, doing: string): string | undefined =>
  ctx.focusedView !== undefined && tabCount(ctx.focusedView) > 1 ? undefined : `${doing}: ${ctx.focusedView ? viewTitle(ctx.focusedView) : "this pane"} has no tabs`;

export const viewCommands = [
  command({
    id: "palette.open",
    explore: { section: "More", line: "Every command, and the command line (buy INFY 10 ...)." },
    keys: ["ctrl+k", "meta+k"],
    title: "Open command palette",
    group: "View",
    run: () => {
      openOverlay({ kind: "palette", initial: "" });
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
    run: (ctx) => stepTab(ctx.focusedView!, tabCount(ctx.focusedView!), 1, ctx.focusedPaneId),
  }),
  command({
    id: "tab.previous",
    keys: ["bracketleft"],
    title: "Previous tab",
    group: "View",
    whyNot: (ctx) => tabsWhyNot(ctx, "Previous tab"),
    run: (ctx) => stepTab(ctx.focusedView!, tabCount(ctx.focusedView!), -1, ctx.focusedPaneId),
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
