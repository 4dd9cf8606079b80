import type { ALL_COMMANDS } from "./all";
import type { Command } from "./types";

/**
 * Every command's id and what its `run` takes, read off the declarations themselves (all.ts lists
 * them, `command()` keeps each id literal): nothing here is written by hand, so a new command is
 * typed the moment it is declared, and a wrong id or a wrong argument fails to compile.
 */
type AppCommand = (typeof ALL_COMMANDS)[number];

export type CommandId = AppCommand["id"];

/** From each command's id to what its `run` takes (undefined: nothing). */
export type CommandArgs = { [C in AppCommand as C["id"]]: C extends Command<infer A> ? A : never };

/** The arguments after the id: none, optional, or required, as the command declares. */
export type ArgsOf<Id extends CommandId> = undefined extends CommandArgs[Id] ? [args?: CommandArgs[Id]] : [args: CommandArgs[Id]];

/**
 * A command and its arguments as data, for what runs a command later: a confirmation's "yes", a
 * command line the palette read. Each member pairs an id with its own arguments' type.
 */
export type CommandCall = { [Id in CommandId]: undefined extends CommandArgs[Id] ? { commandId: Id; args?: CommandArgs[Id] } : { commandId: Id; args: CommandArgs[Id] } }[CommandId];
