import { workspace } from "../../data/stores/workspace";
import { PRESETS, type PresetId } from "../../core/workspace/presets";
import { layoutQuestion } from "../../core/workspace/paneWork";
import { openOverlay } from "../../data/stores/ui";
import { command, type CommandContext } from "../types";
import { sayInStatusLine } from "../../data/stores/statusLine";
import { followsGroup } from "../../core/workspace/links";
import { linkRole } from "../../core/workspace/follow";
import { inPaneWindow } from "../../data/stores/workspace";
import { openPaneWindow, popOutPane } from "../../data/paneWindows";
import { signedOut } from "../whyNot";
import { instrumentOf } from "../listCursor";

const tiling = (ctx: CommandContext) => signedOut(ctx) ?? (ctx.mobile ? "A phone shows one pane at a time" : undefined);
const many = (doing: string) => (ctx: CommandContext) => tiling(ctx) ?? (ctx.paneCount > 1 ? undefined : `${doing}: there is only one pane`);
const SIDES = ["left", "right", "up", "down"] as const;
/** Alt+1 … Alt+9. */
const PANE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export const layoutCommands = [
  command({ id: "layout.split.right", keys: ["alt+backslash"], title: "Split pane right", group: "Layout", keywords: ["vertical", "tile"], whyNot: tiling, run: () => workspace.split("row") }),
  command({ id: "layout.split.down", keys: ["alt+minus"], title: "Split pane down", group: "Layout", keywords: ["horizontal", "tile"], whyNot: tiling, run: () => workspace.split("column") }),
  command({
    id: "layout.maximise",
    // M for maximise; Alt like every other layout key, so it works while typing in a pane's field.
    keys: ["alt+m"],
    title: "Maximise pane / restore",
    group: "Layout",
    keywords: ["zoom", "full screen", "restore", "fullscreen", "expand"],
    whyNot: (ctx) => tiling(ctx) ?? (ctx.paneCount > 1 || workspace.isMaximised() ? undefined : "Maximise pane: there is only one pane"),
    run: () => workspace.toggleMaximised(),
  }),
  command({ id: "layout.close", keys: ["alt+w"], title: "Close pane", group: "Layout", whyNot: many("Close pane"), run: () => workspace.closeFocused() }),
  ...SIDES.map((side) => command({ id: `layout.focus.${side}` as const, keys: [`ctrl+arrow${side}`], title: `Focus pane ${side}`, group: "Layout", whyNot: many(`Focus pane ${side}`), run: () => workspace.focusToward(side) })),
  ...SIDES.map((side) => command({ id: `layout.resize.${side}` as const, keys: [`alt+shift+arrow${side}`], title: `Move divider ${side}`, group: "Layout", keywords: ["resize"], whyNot: many(`Move divider ${side}`), run: () => workspace.resize(side) })),
  ...PANE_NUMBERS.map((n) => command({
    id: `layout.focus.${n}` as const,
    keys: [`alt+${n}`],
    title: `Focus pane ${n}`,
    group: "Layout",
    whyNot: (ctx) => tiling(ctx) ?? (ctx.paneCount >= n ? undefined : `Focus pane ${n}: there ${ctx.paneCount === 1 ? "is 1 pane" : `are ${ctx.paneCount} panes`}`),
    run: () => workspace.focusNth(n),
  })),
  command({
    // L for link: the focused pane's colour group, cycled (core/workspace/links.ts); Alt like every other layout key.
    id: "layout.link.cycle",
    keys: ["alt+l"],
    title: "Link pane: next colour group",
    group: "Layout",
    keywords: ["link", "group", "colour", "color", "sync", "red", "green", "blue"],
    whyNot: (ctx) => signedOut(ctx) ?? (ctx.focusedPaneId ? undefined : "Link pane: no pane has the focus"),
    run: (ctx) => {
      if (!ctx.focusedPaneId) return;
      const link = workspace.cycleLink(ctx.focusedPaneId);
      const view = ctx.focusedView ?? "";
      // A list joining a group hands it its selection (the row under its cursor), as a cursor move would (IBKR's linked watchlist does the same); a follower takes the group's.
      const instrument = link === "none" || followsGroup(view) ? undefined : instrumentOf(ctx.selection);
      if (instrument) workspace.choose({ from: ctx.focusedPaneId, instrument });
      sayInStatusLine(link === "none" ? "Pane in no link group: it keeps its own instrument" : `Pane linked ${link}: it ${linkRole(view, followsGroup(view), link)}`);
    },
  }),
  command({
    // Shift+P: the chart's Alt+P pop-out for any pane, of any view, into a browser window of its own (a second monitor); its place in the tiling is kept.
    id: "layout.popout",
    keys: ["alt+shift+p"],
    title: "Pop pane out into its own window",
    group: "Layout",
    keywords: ["window", "monitor", "screen", "detach", "undock", "pop out"],
    whyNot: (ctx) => tiling(ctx) ?? (inPaneWindow() ? "This pane is in its own window already" : ctx.focusedPaneId ? undefined : "Pop out: no pane has the focus"),
    run: (ctx) => {
      if (!ctx.focusedPaneId) return;
      // Already out (its window closed by the browser, or behind another): open it again.
      if (workspace.isPopped(ctx.focusedPaneId)) openPaneWindow(ctx.focusedPaneId);
      else popOutPane(ctx.focusedPaneId);
    },
  }),
  command({
    id: "layout.popin",
    keys: ["alt+shift+i"],
    title: "Bring pane back from its window",
    group: "Layout",
    keywords: ["window", "dock", "return", "pop in"],
    whyNot: (ctx) => signedOut(ctx) ?? (inPaneWindow() || workspace.poppedPanes().length ? undefined : "Bring back: no pane is in a window of its own"),
    run: (ctx) => {
      const own = inPaneWindow();
      // In a pane's window: that pane. In the main window: the focused pane if it is out, else the last one popped.
      const id = own ?? (ctx.focusedPaneId && workspace.isPopped(ctx.focusedPaneId) ? ctx.focusedPaneId : workspace.poppedPanes().at(-1));
      if (!id) return;
      workspace.popIn(id);
      if (own) window.close();
    },
  }),
  // Decided: ask before, not undo after: it is how `strategy …` over a filled pane already asks, and the question names what goes while it can still be kept (an undo is found only once the loss is noticed).
  ...PRESETS.map((p) => command({
    id: `layout.preset.${p.id}` as const,
    title: `Layout: ${p.title}`,
    group: "Layout",
    keywords: ["preset", "workspace"],
    whyNot: tiling,
    run: () => {
      // A preset closes every pane it does not rebuild: one holding the trader's work (a strategy's legs, a chart's indicators) is asked about first (core/workspace/paneWork.ts).
      const q = layoutQuestion(`Layout: ${p.title}`, workspace.presetLoses(p.id));
      if (q) openOverlay({ kind: "confirm", ...q, commandId: "layout.preset.confirmed", args: { id: p.id } });
      else workspace.applyPreset(p.id);
    },
  })),
  command({
    // The question's Enter: the preset as chosen, what it closes accepted.
    id: "layout.preset.confirmed",
    title: "Layout: switch, the panes it closes accepted",
    group: "Layout",
    hidden: true,
    whyNot: tiling,
    run: (_ctx, a: { id: PresetId }) => workspace.applyPreset(a.id),
  }),
];
