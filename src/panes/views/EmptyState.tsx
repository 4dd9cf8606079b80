import type { ReactNode } from "react";

/** What a page shows when it has nothing to show: said plainly, never filled with made-up rows. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <div className="empty-title">{title}</div>
      {children && <div className="empty-detail">{children}</div>}
    </div>
  );
}
