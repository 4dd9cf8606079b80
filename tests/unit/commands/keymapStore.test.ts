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

  it("accepts a key another scope uses; the rebinding replaces that command's keys only", () => {
    // `x` is the portfolio's exit (scope "portfolio"), not a global key.
    expect(rebind("order.buy", "x")).toEqual({ ok: true });
    expect(currentKeymap()["order.buy"]).toEqual(["x"]);
    expect(currentKeymap()["portfolio.exit"]).toEqual(["x"]);
  });

  it("a command registered after the keymap was read has its declared keys", () => {
    expect(keysOf("order.buy")).toEqual(["b"]);
    registry.register({ id: "bench.late", title: "Registered late", group: "Test", keys: ["Shift+Ctrl+F9"], run: () => {} });
    // Declared "Shift+Ctrl+F9": modifiers in the fixed order ctrl, meta, alt, shift, lower-cased.
    expect(keysOf("bench.late")).toEqual(["ctrl+shift+f9"]);
  });
});
