import { notify } from "../core/notify";
import { openOverlay, overlay$ } from "../data/stores/ui";

/**
 * A line typed in the palette that could not run goes back there, as typed, with why (issue 28:
 * "an outage loses nothing typed"). If another dialog took the screen meanwhile, it is not
 * pushed aside: a toast carries the line and the reason instead.
 */
export function keepLineInPalette(typed: string, reason: string): void {
  if (overlay$.top.kind.peek() === "none") openOverlay({ kind: "palette", initial: typed, kept: reason });
  else notify({ kind: "danger", text: `${reason} (${typed})` });
}
