import type { ExitIntent } from "../core/rules/positionExit";
import { exitLine } from "../core/rules/positionExit";
import { openOverlay } from "../core/stores/ui";

/**
 * Exit opens the order window in exit mode (trading-core section 2: "Exit is available from
 * positions or holdings"). The order window installs its opener here; until it has, an exit is
 * still possible: a confirmation that sends the MARKET exit order through the same exit-all path.
 */
type Opener = (intent: ExitIntent) => void;
let opener: Opener | undefined;

export function installExitWindow(fn: Opener): void {
  opener = fn;
}

export function openExitWindow(intent: ExitIntent): void {
  if (opener) return opener(intent);
  openOverlay({
    kind: "confirm",
    title: intent.source === "holding" ? "Sell holding" : "Exit position",
    lines: [exitLine(intent)],
    confirmLabel: "Send exit",
    commandId: "position.exitAll.send",
    args: [intent],
  });
}
