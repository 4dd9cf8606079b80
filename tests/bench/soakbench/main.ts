import "../../../src/app/main";
import { quoteStore, setFeedTopics } from "../../../src/feed/session";
import { layout$, workspace } from "../../../src/data/stores/workspace";
import { pane, split, type Layout, type LayoutNode, type PaneState } from "../../../src/core/workspace/tree";

/**
 * The memory soak's page (tests/bench/feedSoak.ts): the real app, plus `window.__soak`, which
 * lets the soak put the feed's load on the app's own connection and swap the workspace's panes.
 *
 * stream(topics): one app-wide owner ("soak") of the design load's market topics, through the
 * app's own subscription manager and MQTT client, so ~9,000 instruments' frames arrive on the
 * wire and go through the quote store as any pane's would; the panes subscribe what they show on top.
 */
interface SoakPane {
  view: string;
  state?: PaneState;
}

function tile(list: SoakPane[]): LayoutNode {
  if (list.length === 1) return pane(list[0]!.view, undefined, list[0]!.state);
  const half = Math.ceil(list.length / 2);
  return split(list.length > 3 ? "column" : "row", tile(list.slice(0, half)), tile(list.slice(half)));
}

const soak = {
  stream(topics: string[]): void {
    setFeedTopics("soak", topics);
  },
  /** A layout preset, as its palette command applies it. */
  preset(id: string): void {
    workspace.applyPreset(id);
  },
  /** A layout of the given panes, tiled; every call makes new pane instances (new ids), as a preset does. */
  panes(list: SoakPane[]): void {
    const root = tile(list);
    const first = (n: LayoutNode): string => (n.type === "pane" ? n.id : first(n.a));
    const l: Layout = { root, focused: first(root) };
    layout$.set(l);
  },
  frames: (): number => quoteStore.stats.frames,
};

(window as unknown as { __soak: typeof soak }).__soak = soak;
