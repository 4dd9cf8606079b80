import { workspace } from "../../data/stores/workspace";
import { PRESETS } from "../../core/workspace/presets";
import type { Command, CommandContext } from "../types";

const tiling = (ctx: CommandContext) => ctx.clientCode !== undefined && !ctx.mobile;
const many = (ctx: CommandContext) => tiling(ctx) && ctx.paneCount > 1;
const SIDES = ["left", "right", "up", "down"] as const;

export const layoutCommands: Command[] = [
  { id: "layout.split.right", keys: ["alt+backslash"], title: "Split pane right", group: "Layout", keywords: ["vertical", "tile"], when: tiling, run: () => workspace.split("row") },
  { id: "layout.split.down", keys: ["alt+minus"], title: "Split pane down", group: "Layout", keywords: ["horizontal", "tile"], when: tiling, run: () => workspace.split("column") },
  { id: "layout.close", keys: ["alt+w"], title: "Close pane", group: "Layout", when: many, run: () => workspace.closeFocused() },
  ...SIDES.map((side): Command => ({ id: `layout.focus.${side}`, keys: [`ctrl+arrow${side}`], title: `Focus pane ${side}`, group: "Layout", when: many, run: () => workspace.focusToward(side) })),
  ...SIDES.map((side): Command => ({ id: `layout.resize.${side}`, keys: [`alt+shift+arrow${side}`], title: `Move divider ${side}`, group: "Layout", keywords: ["resize"], when: many, run: () => workspace.resize(side) })),
  ...Array.from({ length: 9 }, (_, i): Command => ({
    id: `layout.focus.${i + 1}`,
    keys: [`alt+${i + 1}`],
    title: `Focus pane ${i + 1}`,
    group: "Layout",
    when: (ctx) => tiling(ctx) && ctx.paneCount > i,
    run: () => workspace.focusNth(i + 1),
  })),
  ...PRESETS.map((p): Command => ({
    id: `layout.preset.${p.id}`,
    title: `Layout: ${p.title}`,
    group: "Layout",
    keywords: ["preset", "workspace"],
    when: tiling,
    run: () => workspace.applyPreset(p.id),
  })),
];
