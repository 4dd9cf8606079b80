import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef, useState } from "react";
import { findPane, panes } from "../core/workspace/tree";
import { layout$, setWindowPane, workspace } from "../data/stores/workspace";
import { PaneFrame } from "../panes/layout/Tiling";
import { EmptyState } from "../panes/views/EmptyState";
import { StatusBar } from "./StatusBar";
import { useLiveFeed } from "./useLiveFeed";

/**
 * /popout?pane=<id>: one pane of the layout in a browser window of its own (issue 32), for a
 * second monitor. It is the same pane (state, link group, columns), kept in the one layout every
 * window shares, and it is fed by the one feed connection of the browser (feed/shared.ts). It
 * closes itself when the pane is brought back or closed; closing it brings the pane back.
 */
export function PaneWindow() {
  const [id] = useState(() => {
    const pane = new URLSearchParams(window.location.search).get("pane") ?? "";
    setWindowPane(pane);
    return pane;
  });
  useLiveFeed();
  const node = useSelector(() => findPane(layout$.root.get(), id));
  const popped = useSelector(() => layout$.popped.get()?.includes(id) === true);
  const index = useSelector(() => panes(layout$.root.get()).findIndex((p) => p.id === id) + 1);
  const wasOut = useRef(false);
  useEffect(() => {
    if (popped) wasOut.current = true;
    // Brought back (or closed) from any window: this one has nothing left to show.
    else if (wasOut.current) window.close();
  }, [popped]);
  useEffect(() => {
    // Closing the window brings the pane back into the tiling.
    const back = () => workspace.popIn(id);
    window.addEventListener("pagehide", back);
    return () => window.removeEventListener("pagehide", back);
  }, [id]);
  useEffect(() => {
    if (node) document.title = `${node.view} · Tape`;
  }, [node]);
  return (
    <div className="workspace pane-window" data-testid="pane-window">
      <div className="tiling">
        {node && popped ? (
          <PaneFrame node={node} index={index} focused shown inWindow />
        ) : (
          <EmptyState title="This pane is back in the main window">Close this window; the pop-out key opens a pane here again.</EmptyState>
        )}
      </div>
      <StatusBar />
    </div>
  );
}
