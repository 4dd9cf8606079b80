import { pane, split, type Layout, type PaneNode } from "./tree";

/** Named layouts chosen from the palette ("Layout: Trading" and so on). */
export interface Preset {
  id: PresetId;
  title: string;
  /** `focused`: the pane focused when the preset is chosen (Single pane keeps what it shows). */
  build(focused?: PaneNode): Layout;
}

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
    // watchlist | orders over positions | depth
    build: () => withFirstFocused(split("row", pane("watchlist"), split("row", split("column", pane("orders"), pane("position")), pane("depth"), 0.7), 0.3)),
  },
  {
    id: "investing",
    title: "Investing",
    build: () => withFirstFocused(split("row", pane("holdings"), split("column", pane("funds"), pane("home")), 0.6)),
  },
  {
    id: "monitor",
    title: "Monitor",
    build: () => withFirstFocused(split("row", pane("watchlist"), split("column", pane("chart"), pane("orders"), 0.6), 0.35)),
  },
  {
    id: "single",
    title: "Single pane",
    // The pane the trader is working in stays, with its tab and instrument (issue 29): choosing one pane is not choosing Home.
    build: (focused) => withFirstFocused(pane(focused?.view ?? "home", undefined, focused?.state)),
  },
];

export const DEFAULT_PRESET: PresetId = "trading";
