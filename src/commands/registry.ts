import type { AnyCommand, CommandContext } from "./types";
import { SCOPES, refusedIn, type ScopeDef } from "./scopes";
import { genericWhyNot, outsideViews } from "./whyNot";

export class CommandConflictError extends Error {}

/**
 * The one registry. Registration refuses a second command with the same id; key conflicts
 * are the keymap's business (keymap.ts), since keys can be rebound after registration.
 */
export class CommandRegistry {
  private readonly commands = new Map<string, AnyCommand>();

  register(cmd: AnyCommand): void {
    if (this.commands.has(cmd.id)) throw new CommandConflictError(`command "${cmd.id}" is registered twice`);
    this.commands.set(cmd.id, cmd);
  }

  get(id: string): AnyCommand | undefined {
    return this.commands.get(id);
  }

  /** How many commands are registered: registration only ever adds one, so a change of size is a change of the registry. */
  get size(): number {
    return this.commands.size;
  }

  all(): AnyCommand[] {
    return [...this.commands.values()];
  }

  /** Its `when` holds and its `whyNot` gives no reason. */
  isAvailable(cmd: AnyCommand, ctx: CommandContext): boolean {
    return (cmd.when ? cmd.when(ctx) : true) && cmd.whyNot?.(ctx) === undefined;
  }

  /**
   * Why the command cannot run now: undefined when it can; its own reason (or its null, "ask the
   * next command on the key"); else the generic sentence (whyNot.ts).
   */
  whyNot(cmd: AnyCommand, ctx: CommandContext): string | null | undefined {
    if (this.isAvailable(cmd, ctx)) return undefined;
    const own = cmd.whyNot?.(ctx);
    return own !== undefined ? own : genericWhyNot(cmd, ctx);
  }

  /**
   * Why the command's key, pressed where it was, cannot run: in a pane its scope catches the key
   * only to refuse it (scopes.ts, refusedIn), where it works and how to get there, whatever the
   * command could do; else whyNot. The palette and buttons are not limited by scope: they ask whyNot.
   */
  keyWhyNot(cmd: AnyCommand, ctx: CommandContext): string | null | undefined {
    const scope = cmd.scope ?? "global";
    if (refusedIn(scope, ctx.focusedView)) return outsideViews(ctx, cmd.title, (SCOPES[scope] as ScopeDef).views ?? []);
    return this.whyNot(cmd, ctx);
  }

  /** What the palette lists: every command whose `when` holds now, hidden ones left out. */
  available(ctx: CommandContext): AnyCommand[] {
    return this.all().filter((c) => !c.hidden && this.isAvailable(c, ctx));
  }

  /**
   * Runs a command if it exists and is available; an unavailable command does nothing. Ids and
   * arguments are checked where they are written (run.ts's `runCommand`); here they are data.
   */
  async run(id: string, ctx: CommandContext, args?: unknown): Promise<boolean> {
    const cmd = this.commands.get(id);
    if (!cmd || !this.isAvailable(cmd, ctx)) return false;
    await (cmd.run as (ctx: CommandContext, args: unknown) => void | Promise<void>)(ctx, args);
    return true;
  }
}

/**
 * The one registry of the app. all.ts registers every area's commands into it; modules that
 * only need to read it (the keymap store) import it from here, so that no command file has to
 * import the list of all commands.
 */
export const registry = new CommandRegistry();
