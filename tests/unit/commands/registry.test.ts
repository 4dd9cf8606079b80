import { describe, expect, it, vi } from "vitest";
import { CommandConflictError, CommandRegistry } from "../../../src/commands/registry";
import { assertKeymapSound, commandForKey, effectiveKeymap, findConflicts, formatKey, normalizeKey, DEFAULT_KEYS } from "../../../src/commands/keymap";
import type { Command, CommandContext } from "../../../src/commands/types";

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  clientCode: "DEMO1",
  focusedPaneId: "p1",
  focusedView: "orders",
  visibleViews: new Set(["orders"]),
  paneCount: 2,
  mobile: false,
  selection: undefined,
  ...over,
});

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
    expect(() => assertKeymapSound({ a: ["b"], b: ["b"] }, commands)).toThrow(/B is bound to both a and b/);
  });

  it("allows a shared key across different scopes", () => {
    const commands = [cmd("a", { scope: "orders" }), cmd("b", { scope: "watchlist" })];
    expect(findConflicts({ a: ["d"], b: ["d"] }, commands)).toEqual([]);
  });

  it("refuses keys bound to commands that do not exist", () => {
    expect(() => assertKeymapSound({ ghost: ["g"] }, [])).toThrow(/unknown commands: ghost/);
  });

  it("user overrides replace the defaults of that command only", () => {
    const km = effectiveKeymap({ a: ["x"], b: ["y"] }, { a: ["Alt+X"] });
    expect(km).toEqual({ a: ["alt+x"], b: ["y"] });
  });

  it("a key runs the first available command bound to it", () => {
    const km = { a: ["d"], b: ["d"] };
    expect(commandForKey(km, "D", (id) => id === "b")).toBe("b");
    expect(commandForKey(km, "d", () => false)).toBeUndefined();
  });

  it("has the design's default keys for the palette, the keymap and pane focus", () => {
    expect(DEFAULT_KEYS["palette.open"]).toEqual(["ctrl+k", "meta+k"]);
    expect(DEFAULT_KEYS["keymap.show"]).toEqual(["shift+slash"]);
    expect(DEFAULT_KEYS["layout.focus.2"]).toEqual(["alt+2"]);
    expect(DEFAULT_KEYS["layout.focus.right"]).toEqual(["ctrl+arrowright"]);
  });
});
