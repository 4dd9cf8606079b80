import { useSelector } from "@legendapp/state/react";
import { useRef } from "react";
import { layout$, workspace } from "../../data/stores/workspace";
import { panes, type LayoutNode, type SplitNode } from "../../core/workspace/tree";
import { viewOf } from "../views/registry";

/** The split tree on screen: panes with a title bar, dividers that drag to resize. */
export function Tiling({ single }: { single: boolean }) {
  const layout = useSelector(() => layout$.get());
  const order = panes(layout.root).map((p) => p.id);
  if (single) {
    // Mobile: one pane at a time, the focused one; the header switches pages.
    const focused = panes(layout.root).find((p) => p.id === layout.focused)!;
    return (
      <div className="tiling">
        <PaneFrame id={focused.id} view={focused.view} index={1} focused />
      </div>
    );
  }
  return (
    <div className="tiling">
      <Node node={layout.root} focused={layout.focused} order={order} />
    </div>
  );
}

function Node({ node, focused, order }: { node: LayoutNode; focused: string; order: string[] }) {
  if (node.type === "pane") return <PaneFrame id={node.id} view={node.view} index={order.indexOf(node.id) + 1} focused={node.id === focused} />;
  return <Split node={node} focused={focused} order={order} />;
}

function Split({ node, focused, order }: { node: SplitNode; focused: string; order: string[] }) {
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
        <Node node={node.a} focused={focused} order={order} />
      </div>
      <div className={`divider divider-${node.direction}`} onPointerDown={onPointerDown} role="separator" aria-orientation={row ? "vertical" : "horizontal"} />
      <div className="split-child" style={{ flexBasis: `${(1 - node.ratio) * 100}%` }}>
        <Node node={node.b} focused={focused} order={order} />
      </div>
    </div>
  );
}

function PaneFrame({ id, view, index, focused }: { id: string; view: string; index: number; focused: boolean }) {
  const v = viewOf(view);
  const View = v.component;
  return (
    <section
      className={`pane${focused ? " pane-focused" : ""}`}
      data-pane-id={id}
      data-view={view}
      data-focused={focused}
      aria-label={`Pane ${index}: ${v.title}`}
      onMouseDown={() => workspace.focus(id)}
      onFocus={() => workspace.focus(id)}
    >
      <header className="pane-title">
        <span className="pane-index">{index}</span>
        <span>{v.title}</span>
      </header>
      <div className="pane-body">
        <View page={view} focused={focused} />
      </div>
    </section>
  );
}
