import { pane, split, type Layout, type PaneNode } from "./tree";

/** Named layouts chosen from the palette ("Layout: Trading" and so on). */
export interface Preset {
  id: PresetId;
  title: string;
  /** `widthPx`: the workspace's width when chosen, a wide screen gets more panes (wide()); `focused`: the pane focused when the preset is chosen (Single pane keeps what it shows). */
  build(widthPx?: number, focused?: PaneNode): Layout;
}

/**
 * From this workspace width (a 2560 px screen; not 1920) a preset adds panes rather than
 * stretching its grids into empty space (issue 29). At 2560 px every pane is 500 to 1,250 px
 * wide: room for a grid's full columns, none stretched past what its columns fill.
 */
export const WIDE_PX = 2200;
const wide = (widthPx: number | undefined) => widthPx !== undefined && widthPx >= WIDE_PX;

function withFirstFocused(root: Layout["root"]): Layout {
  const first = (n: Layout["root"]): string => (n.type === "pane" ? n.id : first(n.a));
  return { root, focused: first(root) };
}

/** Each preset's id, also the end of its command's ("layout.preset.trading"). */
export type PresetId = "trading" | "investing" | "monitor" | "single";

export const PRESETS: Preset[] = [
  {
    id: "trading",
    title: "Trading",
    // watchlist | orders over positions | depth; wide: the depth shares its column with a chart.
    build: (w) =>
      wide(w)
        ? withFirstFocused(split("row", pane("watchlist"), split("row", split("column", pane("orders"), pane("position")), split("column", pane("depth"), pane("chart"), 0.45), 0.6), 0.2))
        : withFirstFocused(split("row", pane("watchlist"), split("row", split("column", pane("orders"), pane("position")), pane("depth"), 0.7), 0.3)),
  },
  {
    id: "investing",
    title: "Investing",
    // holdings | funds over home; wide: a chart of the holding in a third column.
    build: (w) =>
      wide(w)
        ? withFirstFocused(split("row", pane("holdings"), split("row", split("column", pane("funds"), pane("home")), pane("chart"), 0.45), 0.45))
        : withFirstFocused(split("row", pane("holdings"), split("column", pane("funds"), pane("home")), 0.6)),
  },
  {
    id: "monitor",
    title: "Monitor",
    // watchlist | chart over orders; wide: the chart takes the middle, orders over positions beside it.
    build: (w) =>
      wide(w)
        ? withFirstFocused(split("row", pane("watchlist"), split("row", pane("chart"), split("column", pane("orders"), pane("position")), 0.55), 0.24))
        : withFirstFocused(split("row", pane("watchlist"), split("column", pane("chart"), pane("orders"), 0.6), 0.35)),
  },
  {
    id: "single",
    title: "Single pane",
    // The pane the trader is working in stays, with its tab and instrument (issue 29): choosing one pane is not choosing Home.
    build: (_widthPx, focused) => withFirstFocused(pane(focused?.view ?? "home", undefined, focused?.state)),
  },
];

export const DEFAULT_PRESET: PresetId = "trading";
