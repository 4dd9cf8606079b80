import { EmptyState } from "../panes/views/EmptyState";

/** /popoutchart: the chart on its own window. */
export function PopoutChart() {
  return (
    <div className="workspace">
      <EmptyState title="Chart: not available in this build yet">Price charts open here.</EmptyState>
    </div>
  );
}
