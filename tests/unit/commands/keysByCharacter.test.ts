import { describe, expect, it } from "vitest";
import { formatKey, keyOfEvent, normalizeKey, resolveKey } from "../../../src/commands/keymap";
import { keyFilterMatches } from "../../../src/commands/keyFilter";
import { registry } from "../../../src/commands/all";
import { currentKeymap } from "../../../src/commands/keymapStore";

/** A keydown as the browser reports it: `key` the character typed, `code` the place on a US board. */
const ev = (key: string, code: string, mods: { shift?: boolean; ctrl?: boolean; alt?: boolean; meta?: boolean } = {}) => ({
  key,
  code,
  shiftKey: mods.shift ?? false,
  ctrlKey: mods.ctrl ?? false,
  altKey: mods.alt ?? false,
  metaKey: mods.meta ?? false,
});

describe("keys by character where the character matters (issue 29)", () => {
  it("`+` from Shift+= (US), the numeric keypad and the German + key is one key", () => {
    // Issue 29: "`+` on the numeric keypad and on non-US layouts does what Shift+= does today".
    const declared = normalizeKey("shift+equal"); // watchlist.add's declaration
    expect(keyOfEvent(ev("+", "Equal", { shift: true }))).toBe(declared);
    expect(keyOfEvent(ev("+", "NumpadAdd"))).toBe(declared);
    // On a German board + is its own key, right of Ü, where a US board has ]: no Shift.
    expect(keyOfEvent(ev("+", "BracketRight"))).toBe(declared);
    // and `-`: the keypad's, and the French one on the 6 key.
    expect(keyOfEvent(ev("-", "NumpadSubtract"))).toBe("minus");
    expect(keyOfEvent(ev("-", "Digit6"))).toBe("minus");
    // `?` on a French board is Shift+, (code Comma, or M on AZERTY), still "?".
    expect(keyOfEvent(ev("?", "KeyM", { shift: true }))).toBe(normalizeKey("shift+slash"));
  });

  it("letters and keys with Ctrl/Alt/Cmd stay where they are on the board", () => {
    expect(keyOfEvent(ev("k", "KeyK", { ctrl: true }))).toBe("ctrl+k");
    expect(keyOfEvent(ev("1", "Digit1", { alt: true }))).toBe("alt+1");
    expect(keyOfEvent(ev("-", "Minus", { alt: true }))).toBe("alt+minus");
    expect(keyOfEvent(ev("x", "KeyX"))).toBe("x");
    expect(keyOfEvent(ev("X", "KeyX", { shift: true }))).toBe("shift+x");
    expect(keyOfEvent(ev("Enter", "NumpadEnter"))).toBe("enter");
    expect(keyOfEvent(ev("ArrowUp", "ArrowUp", { shift: true }))).toBe("shift+arrowup");
    expect(keyOfEvent(ev("Shift", "ShiftLeft", { shift: true }))).toBeUndefined();
  });

  it("writes keys as they are pressed: lower-case x is not Shift+X", () => {
    expect(formatKey("x")).toBe("x");
    expect(formatKey("shift+x")).toBe("Shift+X");
    expect(formatKey("shift+equal")).toBe("+");
    expect(formatKey("shift+slash")).toBe("?");
    expect(formatKey("minus")).toBe("-");
    expect(formatKey("ctrl+k")).toBe("Ctrl+K");
    expect(formatKey("alt+m")).toBe("Alt+M");
    expect(formatKey("x")).not.toBe(formatKey("shift+x"));
  });

  it("the watchlist's + does not fire in a chart (there it zooms, issue 34), and does in the watchlist", () => {
    const keymap = currentKeymap();
    const run = (view: string) => resolveKey(keymap, registry.all(), "plus", { view, dialog: undefined }, () => undefined, () => "no");
    const inWatchlist = run("watchlist");
    expect(inWatchlist.kind === "run" && inWatchlist.command.id).toBe("watchlist.add");
    const inChart = run("chart");
    expect(inChart.kind === "run" && inChart.command.id).toBe("chart.zoom.in");
    expect(run("chartpage").kind).toBe("none");
    // The option chain's own + is still its own.
    const inChain = run("optionchain");
    expect(inChain.kind === "run" && inChain.command.id).toBe("chain.strikes.more");
  });
});

describe("the filter of ? and Settings' keys", () => {
  const cmd = (title: string, keywords: string[] = []) => ({ id: "t", title, group: "Test", keywords });
  it("one character is a key as pressed", () => {
    expect(keyFilterMatches(cmd("Exit position"), ["x"], "x")).toBe(true);
    expect(keyFilterMatches(cmd("Exit all"), ["shift+x"], "x")).toBe(false);
    expect(keyFilterMatches(cmd("Exit all"), ["shift+x"], "X")).toBe(false);
    expect(keyFilterMatches(cmd("Add to watchlist"), ["shift+equal"], "+")).toBe(true);
    // A title holding the letter is not a key bound to it.
    expect(keyFilterMatches(cmd("Exit position"), ["e"], "x")).toBe(false);
  });
  it("words match title, group and keywords, or the keys as written", () => {
    expect(keyFilterMatches(cmd("Split pane right", ["vertical"]), ["alt+backslash"], "split right")).toBe(true);
    expect(keyFilterMatches(cmd("Split pane right", ["vertical"]), ["alt+backslash"], "vertical")).toBe(true);
    expect(keyFilterMatches(cmd("Command palette"), ["ctrl+k"], "ctrl+k")).toBe(true);
    expect(keyFilterMatches(cmd("Command palette"), ["ctrl+k"], "split")).toBe(false);
    expect(keyFilterMatches(cmd("Anything"), [], "  ")).toBe(true);
  });
});
