import { workspace } from "../../data/stores/workspace";
import { PRESETS } from "../../core/workspace/presets";
import type { Command, CommandContext } from "../types";
import { signedOut } from "../whyNot";

const tiling = (ctx: CommandContext) => signedOut(ctx) ?? (ctx.mobile ? "A phone shows one pane at a time" : undefined);
const many = (doing: string) => (ctx: CommandContext) => tiling(ctx) ?? (ctx.paneCount > 1 ? undefined : `${doing}: there is only one pane`);
const SIDES = ["left", "right", "up", "down"] as const;

export const layoutCommands: Command[] = [
  { id: "layout.split.right", keys: ["alt+backslash"], title: "Split pane right", group: "Layout", keywords: ["vertical", "tile"], whyNot: tiling, run: () => workspace.split("row") },
  { id: "layout.split.down", keys: ["alt+minus"], title: "Split pane down", group: "Layout", keywords: ["horizontal", "tile"], whyNot: tiling, run: () => workspace.split("column") },
  { id: "layout.close", keys: ["alt+w"], title: "Close pane", group: "Layout", whyNot: many("Close pane"), run: () => workspace.closeFocused() },
  ...SIDES.map((side): Command => ({ id: `layout.focus.${side}`, keys: [`ctrl+arrow${side}`], title: `Focus pane ${side}`, group: "Layout", whyNot: many(`Focus pane ${side}`), run: () => workspace.focusToward(side) })),
  ...SIDES.map((side): Command => ({ id: `layout.resize.${side}`, keys: [`alt+shift+arrow${side}`], title: `Move divider ${side}`, group: "Layout", keywords: ["resize"], whyNot: many(`Move divider ${side}`), run: () => workspace.resize(side) })),
  ...Array.from({ length: 9 }, (_, i): Command => ({
    id: `layout.focus.${i + 1}`,
    keys: [`alt+${i + 1}`],
    title: `Focus pane ${i + 1}`,
    group: "Layout",
    whyNot: (ctx) => tiling(ctx) ?? (ctx.paneCount > i ? undefined : `Focus pane ${i + 1}: there ${ctx.paneCount === 1 ? "is 1 pane" : `are ${ctx.paneCount} panes`}`),
    run: () => workspace.focusNth(i + 1),
  })),
  ...PRESETS.map((p): Command => ({
    id: `layout.preset.${p.id}`,
    title: `Layout: ${p.title}`,
    group: "Layout",
    keywords: ["preset", "workspace"],
    whyNot: tiling,
    run: () => workspace.applyPreset(p.id),
  })),
];
