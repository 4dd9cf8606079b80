import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import "../../../src/commands/all";
import { rebind, resetKeymap, unbind } from "../../../src/commands/keymapStore";
import { KeyHint } from "../../../src/panes/views/KeyHint";

/**
 * DESIGN.md section 3: "The keymap is data: shown by `?`, rebindable in settings". A button's hint
 * is the command's key as the keymap has it now (FINDINGS-30 s2: "Exit X" stayed after x was
 * rebound to q), written as `?` writes it (a bare letter lower-case, a shifted one "Shift+X").
 */
const hint = (command: "portfolio.exit" | "order.cancelAll" | "watchlist.remove" | "palette.open", words?: string) =>
  renderToStaticMarkup(createElement(KeyHint, { command }, words));

describe("KeyHint", () => {
  beforeEach(() => resetKeymap());

  it("names the command's declared key by default, its first one only", () => {
    expect(hint("portfolio.exit")).toBe("<kbd>x</kbd>");
    expect(hint("order.cancelAll")).toBe("<kbd>Shift+Delete</kbd>");
    // Remove is "-" and Backspace: the hint names the first, `?` lists both.
    expect(hint("watchlist.remove")).toBe("<kbd>-</kbd>");
    expect(hint("palette.open")).toBe("<kbd>Ctrl+K</kbd>");
  });

  it("follows a rebinding made in Settings", () => {
    expect(rebind("portfolio.exit", "q")).toEqual({ ok: true });
    expect(hint("portfolio.exit")).toBe("<kbd>q</kbd>");
    expect(rebind("order.cancelAll", "shift+c")).toEqual({ ok: true });
    expect(hint("order.cancelAll")).toBe("<kbd>Shift+C</kbd>");
  });

  it("shows nothing, its words neither, when the command has no key", () => {
    unbind("portfolio.exit");
    expect(hint("portfolio.exit")).toBe("");
    expect(hint("portfolio.exit", "exits")).toBe("");
    resetKeymap();
    expect(hint("portfolio.exit", "exits")).toBe("<kbd>x</kbd> exits");
  });
});
