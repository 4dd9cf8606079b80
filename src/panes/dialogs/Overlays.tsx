import { useSelector } from "@legendapp/state/react";
import type { ComponentType } from "react";
import { overlay$ } from "../../data/stores/ui";
import { ErrorBoundary } from "../layout/ErrorBoundary";
import { DialogFailure } from "./DialogFailure";
import { DIALOGS } from "./registry";

/**
 * The one overlay on top of the workspace, if any: its dialog, with the props it was opened with.
 * A dialog that throws shows its error in its place; the workspace under it keeps working.
 */
export function Overlays() {
  const o = useSelector(() => overlay$.top.get());
  if (o.kind === "none") return null;
  const { kind, ...props } = o;
  // DIALOGS pairs each id with the component of its props; TypeScript cannot follow that pairing through a union.
  const Dialog = DIALOGS[kind] as ComponentType<typeof props>;
  return (
    <ErrorBoundary key={kind} where={`Dialog ${kind}`} fallback={(error) => <DialogFailure error={error} />}>
      <Dialog {...props} />
    </ErrorBoundary>
  );
}
