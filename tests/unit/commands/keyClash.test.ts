import { describe, expect, it } from "vitest";
import { clashesOf, rebindClash } from "../../../src/commands/keymap";
import { liveTogether } from "../../../src/commands/scopes";
import type { AnyCommand } from "../../../src/commands/types";

const cmd = (id: string, keys: string[], scope?: AnyCommand["scope"]): AnyCommand => ({ id, title: id, group: "Test", keys, scope, run: () => {} });

/**
 * Where keys are live (scopes.ts): "global" keys everywhere with no dialog open, and under a dialog
 * only with a modifier; a view's keys only in its views; a dialog's keys only under its dialog; a
 * login stage's only on that stage. Two scopes share a key's place when one place has both live.
 */
describe("two scopes live together for a key", () => {
  it("a global key and a pane's key: both live in the pane, so together", () => {
    expect(liveTogether("global", "portfolio", "s")).toBe(true);
    expect(liveTogether("portfolio", "global", "s")).toBe(true);
  });

  it("two panes' keys: one pane has the focus at a time, so never together", () => {
    // "a portfolio key does nothing in the watchlist" (DESIGN.md section 3).
    expect(liveTogether("portfolio", "watchlist", "s")).toBe(false);
  });

  it("one pane's two scopes are live together", () => {
    // gtt and orders both name the Orders pane.
    expect(liveTogether("gtt", "orders", "m")).toBe(true);
  });

  it("a dialog's bare key and a global one: the dialog owns bare keys, so never together; with Ctrl both live", () => {
    expect(liveTogether("global", "gttForm", "b")).toBe(false);
    expect(liveTogether("global", "gttForm", "ctrl+b")).toBe(true);
  });

  it("a login stage's key against a global one together, against another stage's never", () => {
    expect(liveTogether("login.password", "global", "escape")).toBe(true);
    expect(liveTogether("login.password", "login.otp", "escape")).toBe(false);
  });

  it("keys kept out of a chart and the chart's own never together", () => {
    expect(liveTogether("outsideChart", "chart", "plus")).toBe(false);
    expect(liveTogether("outsideChart", "portfolio", "plus")).toBe(true);
  });
});

describe("a rebinding's clash", () => {
  // Sell is global on s, Position info the portfolio's i, an idea's Sell the ideas' s (a declared
  // narrower meaning of s), and the watchlist's w.
  const commands = [cmd("sell", ["s"]), cmd("info", ["i"], "portfolio"), cmd("ideaSell", ["s"], "ideas"), cmd("wl", ["w"], "watchlist")];

  it("Position info on s: Sell is live on s in positions too, so refused naming Sell", () => {
    expect(rebindClash(commands, {}, "info", "s")).toEqual({ key: "s", other: "sell" });
  });

  it("Position info on the watchlist's w: never live together, so accepted", () => {
    expect(rebindClash(commands, {}, "info", "w")).toBeUndefined();
  });

  it("a global command on a pane's key is refused: global keys count against everything", () => {
    expect(rebindClash(commands, {}, "sell", "w")).toEqual({ key: "w", other: "wl" });
  });

  it("Sell put back on its declared s stands beside the idea's s, but not beside Position info moved there", () => {
    expect(rebindClash(commands, { sell: ["y"] }, "sell", "s")).toBeUndefined();
    expect(rebindClash(commands, { sell: ["y"], info: ["s"] }, "sell", "s")).toEqual({ key: "s", other: "info" });
  });

  it("clashesOf lists each other command sharing a key where both are live", () => {
    expect(clashesOf({ sell: ["s"], info: ["s"], ideaSell: ["s"], wl: ["s"] }, commands, "info")).toEqual([{ key: "s", other: "sell" }]);
    expect(clashesOf({ sell: ["s"], info: ["s"], ideaSell: ["s"], wl: ["s"] }, commands, "sell")).toEqual([
      { key: "s", other: "info" },
      { key: "s", other: "ideaSell" },
      { key: "s", other: "wl" },
    ]);
  });
});
