import { registry } from "./all";
import { currentContext } from "./context";
import type { ArgsOf, CommandCall, CommandId } from "./ids";
import type { AnyCommand } from "./types";

/**
 * The one way anything runs a command: palette, hotkey and button alike. The id must be a
 * registered command's and the arguments what its `run` declares (ids.ts): a typo fails to
 * compile instead of doing nothing.
 */
export function runCommand<Id extends CommandId>(id: Id, ...args: ArgsOf<Id>): Promise<boolean> {
  return registry.run(id, currentContext(), args[0]);
}

/**
 * Runs a command taken from the registry's own list (what a key resolved to, the palette's or
 * Explore's entry): it exists, and runs without arguments, as every listed command can.
 */
export function runListed(cmd: AnyCommand): Promise<boolean> {
  return registry.run(cmd.id, currentContext());
}

/** Runs a command kept as data (a confirmation's accept, a command line's reading). */
export function runCall(call: CommandCall): Promise<boolean> {
  return registry.run(call.commandId, currentContext(), call.args);
}
