import { describe, expect, it } from "vitest";
import { ALL_COMMANDS, registry } from "../../../src/commands/all";
import type { CommandArgs, CommandCall } from "../../../src/commands/ids";
import type { runCommand } from "../../../src/commands/run";

/**
 * Issue 30, "command ids and arguments are typed, so a wrong id fails to compile instead of doing
 * nothing". The lines under @ts-expect-error are the mistakes the registry used to swallow at run
 * time (an unknown id runs nothing, a wrong argument ran with undefined fields); `tsc -p
 * tsconfig.json` fails if any of them compiles again. The function is never called: it is there
 * to be type-checked.
 */
export function mistakesThatNoLongerCompile(run: typeof runCommand, call: (c: CommandCall) => void): void {
  // @ts-expect-error "nav.order" is no command: the page is "nav.orders".
  void run("nav.order");
  // @ts-expect-error the alert dialog's submit takes the dialog's fields.
  void run("alert.submit");
  // @ts-expect-error a row click names its row by `key`, not `row`.
  void run("list.cursor.to", { row: "240101000001" });
  // @ts-expect-error Alt+9 is the last pane key: there is no tenth.
  void run("layout.focus.10");
  // @ts-expect-error a confirmation's accept carries its command's own arguments: a basket is named by its id.
  call({ commandId: "basket.delete.confirmed", args: { name: "Morning" } });

  // What the registry declares compiles: no arguments, optional ones, required ones.
  void run("nav.orders");
  void run("order.cancel");
  void run("order.cancel", { orderNo: "240101000001" });
  void run("list.cursor.to", { key: "240101000001", paneId: "p1" });
  call({ commandId: "session.signOut.confirmed" });
}

describe("typed command ids", () => {
  it("registers every declared command, each id once", () => {
    const ids = ALL_COMMANDS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(registry.get(id)?.id).toBe(id);
  });

  it("reads each command's arguments off its own run (a key's command takes none)", () => {
    // Compile-time facts written as values: each line fails to compile if the map says otherwise.
    const none: CommandArgs["nav.orders"] = undefined;
    const row: CommandArgs["list.cursor.to"] = { key: "k", paneId: "p1" };
    expect([none, row.key]).toEqual([undefined, "k"]);
  });
});
