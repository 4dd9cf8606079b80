import { GRID_VIEW } from "../../core/workspace/gridLinks";
import { GridSyncMark } from "../chart/grid/ChartGridView";
import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo, useRef } from "react";
import { allPanesReloads$, paneReloads$ } from "../../data/stores/paneReload";
import { layout$, tilingSize$, workspace } from "../../data/stores/workspace";
import { findPane, panes, shownPanes, type LayoutNode, type PaneNode, type SplitNode } from "../../core/workspace/tree";
import { formatKey } from "../../commands/keymap";
import { keysOf } from "../../commands/keymapStore";
import { PaneFailure } from "../views/Failure";
import { EmptyState } from "../views/EmptyState";
import { viewOf } from "../views/registry";
import { ErrorBoundary } from "./ErrorBoundary";
import { linkOf } from "../../core/workspace/links";
import type { Link } from "../../core/workspace/linkColours";
import { PaneContext, type PaneInfo } from "./pane";

/** The split tree on screen: panes with a title bar, dividers that drag to resize. */
export function Tiling({ single }: { single: boolean }) {
  const layout = useSelector(() => layout$.get());
  const box = useRef<HTMLDivElement>(null);
  // The tiling's size, for placing a pane that needs room (a chart) where it gets it.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => tilingSize$.set({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [single]);
  const order = panes(layout.root).map((p) => p.id);
  const shown = new Set(shownPanes(layout, { mobile: single }).map((p) => p.id));
  if (single) {
    // Mobile: one pane at a time, the focused one; the header switches pages.
    const focused = panes(layout.root).find((p) => p.id === layout.focused)!;
    return (
      <div className="tiling" ref={box}>
        <PaneFrame node={focused} index={1} focused shown />
      </div>
    );
  }
  const tree: Tree = { focused: layout.focused, order, shown, maximised: layout.maximised };
  return (
    <div className="tiling" ref={box} data-maximised={layout.maximised !== undefined}>
      <Node node={layout.root} {...tree} />
    </div>
  );
}

interface Tree {
  focused: string;
  order: string[];
  shown: ReadonlySet<string>;
  /** The maximised pane: the splits above it give it all their room, every other pane stays mounted but hidden. */
  maximised: string | undefined;
}

function Node({ node, ...tree }: { node: LayoutNode } & Tree) {
  if (node.type === "pane") return <PaneFrame node={node} index={tree.order.indexOf(node.id) + 1} focused={node.id === tree.focused} shown={tree.shown.has(node.id)} maximised={node.id === tree.maximised} />;
  return <Split node={node} {...tree} />;
}

function Split({ node, ...tree }: { node: SplitNode } & Tree) {
  const ref = useRef<HTMLDivElement>(null);
  const row = node.direction === "row";
  const onPointerDown = (e: React.PointerEvent) => {
    e.preventDefault();
    const box = ref.current!.getBoundingClientRect();
    const move = (ev: PointerEvent) => {
      const ratio = row ? (ev.clientX - box.left) / box.width : (ev.clientY - box.top) / box.height;
      workspace.setRatio(node.id, ratio);
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };
  // While a pane is maximised, the side holding it takes the whole split and the other is hidden (kept mounted, so it comes back as it was).
  const side = tree.maximised === undefined ? undefined : findPane(node.a, tree.maximised) ? "a" : findPane(node.b, tree.maximised) ? "b" : "neither";
  const basis = (which: "a" | "b", ratio: number) => (side === undefined ? { flexBasis: `${ratio * 100}%` } : side === which ? { flexBasis: "100%" } : { display: "none" });
  return (
    <div ref={ref} className={`split split-${node.direction}`}>
      <div className="split-child" style={basis("a", node.ratio)}>
        <Node node={node.a} {...tree} />
      </div>
      {side === undefined && <div className={`divider divider-${node.direction}`} onPointerDown={onPointerDown} role="separator" aria-orientation={row ? "vertical" : "horizontal"} />}
      <div className="split-child" style={basis("b", 1 - node.ratio)}>
        <Node node={node.b} {...tree} />
      </div>
    </div>
  );
}

/** One pane instance: its frame, and the context every view inside it reads (id, focus, shown, state). */
export function PaneFrame({ node, index, focused, shown: onScreen, maximised = false, inWindow = false }: { node: PaneNode; index: number; focused: boolean; shown: boolean; maximised?: boolean; inWindow?: boolean }) {
  const { id, view } = node;
  const v = viewOf(view);
  const View = v.component;
  // A pane in a window of its own is drawn there; the tiling keeps its place, and it subscribes nothing here.
  const popped = useSelector(() => layout$.popped.get()?.includes(id) === true) && !inWindow;
  const shown = onScreen && !popped;
  // A reload (pane.reload) or another view mounts the view anew, out of its failure if it had one.
  const reloads = useSelector(() => `${paneReloads$[id]!.get() ?? 0}.${allPanesReloads$.get()}`);
  const info = useMemo<PaneInfo>(() => ({ id, view, focused, shown, state: node.state ?? {} }), [id, view, focused, shown, node.state]);
  return (
    <PaneContext.Provider value={info}>
    {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click anywhere in a pane focuses it; the keyboard moves between panes by the layout commands */}
    <section
      className={`pane${focused ? " pane-focused" : ""}`}
      data-pane-id={id}
      data-view={view}
      data-focused={focused}
      data-shown={shown}
      data-maximised={maximised}
      aria-label={`Pane ${index}: ${v.title}`}
      onMouseDown={() => workspace.focus(id)}
      onFocus={() => workspace.focus(id)}
    >
      <header className="pane-title">
        <span className="pane-index">{index}</span>
        <span>{v.title}</span>
        <LinkMark link={linkOf(node)} />
        {view === GRID_VIEW && <GridSyncMark state={node.state} />}
        {maximised && <span className="pane-maximised muted">maximised · {keysOf("layout.maximise").map(formatKey).join(" / ") || "Maximise pane / restore"} restores</span>}
      </header>
      <div className="pane-body">
        <ErrorBoundary key={`${view}:${reloads}`} where={`Pane ${index} (${v.title})`} fallback={(error) => <PaneFailure error={error} paneId={id} />}>
          {popped ? <PoppedOut /> : <View page={view} />}
        </ErrorBoundary>
      </div>
    </section>
    </PaneContext.Provider>
  );
}

/** Where a popped-out pane was: what it is doing and the keys that bring it back. */
function PoppedOut() {
  const keys = (id: "layout.popin" | "layout.popout") => keysOf(id).map(formatKey).join(" / ");
  return (
    <EmptyState title="In its own window">
      {keys("layout.popin") || "Bring pane back"} brings it back here; {keys("layout.popout") || "Pop pane out"} opens its window again if it was closed.
    </EmptyState>
  );
}

/** The pane's colour link group in its title: a swatch with the colour's initial, its name for screen readers. */
function LinkMark({ link }: { link: Link }) {
  if (link === "none") return null;
  return (
    <span className="pane-link" data-link={link} title={`Linked: ${link} group (${keysOf("layout.link.cycle").map(formatKey).join(" / ") || "Link pane"} changes it)`}>
      <span aria-hidden="true">{link[0]!.toUpperCase()}</span>
      <span className="sr-only">linked {link}</span>
    </span>
  );
}
