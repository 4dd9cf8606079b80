import { describe, expect, it, vi } from "vitest";
import { CommandConflictError, CommandRegistry } from "../../../src/commands/registry";
import { assertKeymapSound, commandForKey, defaultKeymap, effectiveKeymap, findConflicts, formatKey, normalizeKey } from "../../../src/commands/keymap";
import type { Command, CommandContext } from "../../../src/commands/types";
import { commandContext } from "./context";

const ctx = (over: Partial<CommandContext> = {}): CommandContext => commandContext("orders", { paneCount: 2, ...over });

const cmd = (id: string, extra: Partial<Command> = {}): Command => ({ id, title: id, group: "Test", run: () => {}, ...extra });

describe("command registry", () => {
  it("refuses a second command with the same id", () => {
    const r = new CommandRegistry();
    r.register(cmd("a"));
    expect(() => r.register(cmd("a"))).toThrow(CommandConflictError);
  });

  it("`when` decides availability: an unavailable command is not listed and does not run", async () => {
    const r = new CommandRegistry();
    const run = vi.fn();
    r.register(cmd("order.cancel", { when: (c) => c.selection?.kind === "order", run }));
    expect(r.available(ctx()).map((c) => c.id)).toEqual([]);
    expect(await r.run("order.cancel", ctx())).toBe(false);
    expect(run).not.toHaveBeenCalled();
    const withOrder = ctx({ selection: { kind: "order", orderNo: "1", status: "open" } });
    expect(r.available(withOrder).map((c) => c.id)).toEqual(["order.cancel"]);
    expect(await r.run("order.cancel", withOrder, { why: "test" })).toBe(true);
    expect(run).toHaveBeenCalledWith(withOrder, { why: "test" });
  });

  it("hidden commands run with arguments but are not listed in the palette", async () => {
    const r = new CommandRegistry();
    const run = vi.fn();
    r.register(cmd("tab.select", { hidden: true, run }));
    expect(r.available(ctx())).toEqual([]);
    expect(await r.run("tab.select", ctx(), { tab: 2 })).toBe(true);
  });

  it("an unknown id does nothing", async () => {
    expect(await new CommandRegistry().run("nope", ctx())).toBe(false);
  });
});

describe("keymap", () => {
  it("normalizes modifier order and case", () => {
    expect(normalizeKey("Shift+Ctrl+K")).toBe("ctrl+shift+k");
    expect(normalizeKey("alt+1")).toBe("alt+1");
  });

  it("shows keys the way users read them", () => {
    expect(formatKey("shift+slash")).toBe("?");
    expect(formatKey("ctrl+k")).toBe("Ctrl+K");
    expect(formatKey("meta+k")).toBe("Cmd+K");
    expect(formatKey("alt+shift+arrowleft")).toBe("Alt+Shift+←");
    expect(formatKey("shift+delete")).toBe("Shift+Delete");
  });

  it("detects two commands of one scope bound to the same key", () => {
    const commands = [cmd("a"), cmd("b")];
    expect(findConflicts({ a: ["b"], b: ["B"] }, commands)).toEqual([{ key: "b", commands: ["a", "b"] }]);
  });

  it("fails at start-up when two declarations of one scope claim the same key", () => {
    expect(() => assertKeymapSound([cmd("a", { keys: ["b"] }), cmd("b", { keys: ["B"] })])).toThrow(/b is bound to both a and b/);
    expect(() => assertKeymapSound([cmd("a", { keys: ["x"], scope: "portfolio" }), cmd("b", { keys: ["x"], scope: "portfolio" })])).toThrow(/x is bound to both a and b/);
  });

  it("allows a shared key across different scopes", () => {
    const commands = [cmd("a", { scope: "portfolio" }), cmd("b", { scope: "watchlist" })];
    expect(findConflicts({ a: ["d"], b: ["d"] }, commands)).toEqual([]);
    expect(() => assertKeymapSound([cmd("a", { keys: ["d"], scope: "portfolio" }), cmd("b", { keys: ["d"], scope: "watchlist" })])).not.toThrow();
  });

  it("derives the default keymap from the declarations, normalized, leaving out commands without keys", () => {
    expect(defaultKeymap([cmd("a", { keys: ["Shift+Ctrl+K"] }), cmd("b"), cmd("c", { keys: [] })])).toEqual({ a: ["ctrl+shift+k"] });
  });

  it("user overrides replace the defaults of that command only", () => {
    const km = effectiveKeymap({ a: ["x"], b: ["y"] }, { a: ["Alt+X"] });
    expect(km).toEqual({ a: ["alt+x"], b: ["y"] });
  });

  it("a key runs the first available command bound to it", () => {
    const commands = [cmd("a"), cmd("b")];
    const km = { a: ["d"], b: ["d"] };
    const nowhere = { view: "orders", dialog: undefined };
    expect(commandForKey(km, commands, "D", nowhere, (c) => c.id === "b")?.id).toBe("b");
    expect(commandForKey(km, commands, "d", nowhere, () => false)).toBeUndefined();
  });
});

/**
 * DESIGN.md section 3 and issue 10: "A command's scope is honoured at dispatch (a portfolio
 * key does nothing in the watchlist)". Dispatch = the key lookup, then the registry's run.
 */
describe("scope at dispatch", () => {
  const press = (commands: Command[], key: string, c: CommandContext) => {
    const r = new CommandRegistry();
    for (const x of commands) r.register(x);
    const hit = commandForKey(defaultKeymap(commands), r.all(), key, { view: c.focusedView, dialog: c.dialog }, (x) => r.isAvailable(x, c));
    return hit ? r.run(hit.id, c) : Promise.resolve(false);
  };

  it("a portfolio key with the watchlist focused runs nothing; with positions focused it runs", async () => {
    const run = vi.fn();
    const exit = cmd("portfolio.exit", { keys: ["x"], scope: "portfolio", run });
    expect(await press([exit], "x", ctx({ focusedView: "watchlist" }))).toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(await press([exit], "x", ctx({ focusedView: "position" }))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("two commands of different scopes sharing a key each run in their own scope", async () => {
    const inPortfolio = vi.fn();
    const inWatchlist = vi.fn();
    const commands = [cmd("portfolio.down", { keys: ["j"], scope: "portfolio", run: inPortfolio }), cmd("watchlist.down", { keys: ["j"], scope: "watchlist", run: inWatchlist })];
    await press(commands, "j", ctx({ focusedView: "holdings" }));
    expect([inPortfolio.mock.calls.length, inWatchlist.mock.calls.length]).toEqual([1, 0]);
    await press(commands, "j", ctx({ focusedView: "fullwl" }));
    expect([inPortfolio.mock.calls.length, inWatchlist.mock.calls.length]).toEqual([1, 1]);
    expect(await press(commands, "j", ctx({ focusedView: "orders" }))).toBe(false);
  });

  it("a view's command wins over a global one on the same key; the global one runs elsewhere", async () => {
    const info = vi.fn();
    const positionInfo = vi.fn();
    const commands = [cmd("order.info", { keys: ["i"], run: info }), cmd("position.info", { keys: ["i"], scope: "portfolio", run: positionInfo })];
    await press(commands, "i", ctx({ focusedView: "position" }));
    expect([info.mock.calls.length, positionInfo.mock.calls.length]).toEqual([0, 1]);
    await press(commands, "i", ctx({ focusedView: "orders" }));
    expect([info.mock.calls.length, positionInfo.mock.calls.length]).toEqual([1, 1]);
  });

  it("a dialog owns its bare keys: a global letter does nothing under it, its own Enter runs, a Ctrl key still works", async () => {
    const buy = vi.fn();
    const submit = vi.fn();
    const palette = vi.fn();
    const commands = [
      cmd("order.buy", { keys: ["b"], run: buy }),
      cmd("orderWindow.submit", { keys: ["enter"], scope: "orderWindow", run: submit }),
      cmd("palette.open", { keys: ["ctrl+k"], run: palette }),
    ];
    const underWindow = ctx({ focusedView: "watchlist", dialog: "orderWindow" });
    expect(await press(commands, "b", underWindow)).toBe(false);
    expect(await press(commands, "enter", underWindow)).toBe(true);
    expect(await press(commands, "ctrl+k", underWindow)).toBe(true);
    expect([buy.mock.calls.length, submit.mock.calls.length, palette.mock.calls.length]).toEqual([0, 1, 1]);
    // The order window as a pane: its Enter is live while that pane is focused, not in another one.
    expect(await press(commands, "enter", ctx({ focusedView: "orderwindow" }))).toBe(true);
    expect(await press(commands, "enter", ctx({ focusedView: "watchlist" }))).toBe(false);
    expect(await press(commands, "enter", ctx({ focusedView: "orderwindow", dialog: "confirm" }))).toBe(false);
  });
});
