import { beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { currentKeymap, keysOf, rebind, resetKeymap } from "../../../src/commands/keymapStore";

/** Rebinding in Settings works on the keymap derived from the commands' declarations. */
describe("rebinding keys", () => {
  beforeEach(() => resetKeymap());

  it("starts from the keys declared with the commands", () => {
    expect(keysOf("order.buy")).toEqual(["b"]);
    expect(keysOf("watchlist.remove")).toEqual(["minus", "backspace"]);
    expect(keysOf("orderWindow.submit")).toEqual(["enter"]);
    expect(keysOf("gtt.form.submit")).toEqual(["enter"]);
    expect(keysOf("gtt.refresh")).toEqual([]);
    expect(registry.get("orderWindow.submit")?.scope).toBe("orderWindow");
  });

  it("refuses a key taken by another command of the same scope, naming it", () => {
    // order.buy and order.sell are both global: `s` is Sell's.
    expect(rebind("order.buy", "s")).toEqual({ ok: false, reason: 's is already bound to "Sell the selected instrument"' });
    expect(keysOf("order.buy")).toEqual(["b"]);
  });

  it("refuses a pane's key another command has in that pane, global ones included, naming it", () => {
    // `s` and `b` are Sell and Buy everywhere with no dialog open, positions included, where
    // Position info and Convert position (scope "positions") are live.
    expect(rebind("position.info", "s")).toEqual({ ok: false, reason: 's is already bound to "Sell the selected instrument"' });
    expect(rebind("position.convert", "b")).toEqual({ ok: false, reason: 'b is already bound to "Buy the selected instrument"' });
    // A global command against a pane's key: `x` is the portfolio's exit, and Buy is live in positions.
    expect(rebind("order.buy", "x")).toEqual({ ok: false, reason: 'x is already bound to "Exit selected position or holding"' });
    expect(keysOf("position.info")).toEqual(["i"]);
    expect(keysOf("position.convert")).toEqual(["v"]);
    expect(keysOf("order.buy")).toEqual(["b"]);
  });

  it("accepts a key only a pane never live with this one uses; the rebinding replaces that command's keys only", () => {
    // `1` is the watchlist's "show list 1" (scope "watchlist"); positions and the watchlist never have the focus at once.
    expect(rebind("position.info", "1")).toEqual({ ok: true });
    expect(currentKeymap()["position.info"]).toEqual(["1"]);
    expect(currentKeymap()["watchlist.list.1"]).toEqual(["1"]);
  });

  it("a command registered after the keymap was read has its declared keys", () => {
    expect(keysOf("order.buy")).toEqual(["b"]);
    registry.register({ id: "bench.late", title: "Registered late", group: "Test", keys: ["Shift+Ctrl+F9"], run: () => {} });
    // Declared "Shift+Ctrl+F9": modifiers in the fixed order ctrl, meta, alt, shift, lower-cased.
    expect(keysOf("bench.late")).toEqual(["ctrl+shift+f9"]);
  });
});
