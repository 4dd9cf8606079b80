import { useSelector } from "@legendapp/state/react";
import { useMemo, useRef } from "react";
import { paneReloads$ } from "../../data/stores/paneReload";
import { layout$, workspace } from "../../data/stores/workspace";
import { panes, shownPanes, type LayoutNode, type PaneNode, type SplitNode } from "../../core/workspace/tree";
import { PaneFailure } from "../views/Failure";
import { viewOf } from "../views/registry";
import { ErrorBoundary } from "./ErrorBoundary";
import { PaneContext, type PaneInfo } from "./pane";

/** The split tree on screen: panes with a title bar, dividers that drag to resize. */
export function Tiling({ single }: { single: boolean }) {
  const layout = useSelector(() => layout$.get());
  const order = panes(layout.root).map((p) => p.id);
  const shown = new Set(shownPanes(layout, { mobile: single }).map((p) => p.id));
  if (single) {
    // Mobile: one pane at a time, the focused one; the header switches pages.
    const focused = panes(layout.root).find((p) => p.id === layout.focused)!;
    return (
      <div className="tiling">
        <PaneFrame node={focused} index={1} focused shown />
      </div>
    );
  }
  return (
    <div className="tiling">
      <Node node={layout.root} focused={layout.focused} order={order} shown={shown} />
    </div>
  );
}

interface Tree {
  focused: string;
  order: string[];
  shown: ReadonlySet<string>;
}

function Node({ node, focused, order, shown }: { node: LayoutNode } & Tree) {
  if (node.type === "pane") return <PaneFrame node={node} index={order.indexOf(node.id) + 1} focused={node.id === focused} shown={shown.has(node.id)} />;
  return <Split node={node} focused={focused} order={order} shown={shown} />;
}

function Split({ node, focused, order, shown }: { node: SplitNode } & Tree) {
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
  return (
    <div ref={ref} className={`split split-${node.direction}`}>
      <div className="split-child" style={{ flexBasis: `${node.ratio * 100}%` }}>
        <Node node={node.a} focused={focused} order={order} shown={shown} />
      </div>
      <div className={`divider divider-${node.direction}`} onPointerDown={onPointerDown} role="separator" aria-orientation={row ? "vertical" : "horizontal"} />
      <div className="split-child" style={{ flexBasis: `${(1 - node.ratio) * 100}%` }}>
        <Node node={node.b} focused={focused} order={order} shown={shown} />
      </div>
    </div>
  );
}

/** One pane instance: its frame, and the context every view inside it reads (id, focus, shown, state). */
function PaneFrame({ node, index, focused, shown }: { node: PaneNode; index: number; focused: boolean; shown: boolean }) {
  const { id, view } = node;
  const v = viewOf(view);
  const View = v.component;
  // A reload (pane.reload) or another view mounts the view anew, out of its failure if it had one.
  const reloads = useSelector(() => paneReloads$[id]!.get() ?? 0);
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
      aria-label={`Pane ${index}: ${v.title}`}
      onMouseDown={() => workspace.focus(id)}
      onFocus={() => workspace.focus(id)}
    >
      <header className="pane-title">
        <span className="pane-index">{index}</span>
        <span>{v.title}</span>
      </header>
      <div className="pane-body">
        <ErrorBoundary key={`${view}:${reloads}`} where={`Pane ${index} (${v.title})`} fallback={(error) => <PaneFailure error={error} paneId={id} />}>
          <View page={view} />
        </ErrorBoundary>
      </div>
    </section>
    </PaneContext.Provider>
  );
}
