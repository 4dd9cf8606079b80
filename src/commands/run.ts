import { registry } from "./all";
import { currentContext } from "./context";

/** The one way anything runs a command: palette, hotkey and button alike. */
export function runCommand(id: string, args?: unknown): Promise<boolean> {
  return registry.run(id, currentContext(), args);
}
