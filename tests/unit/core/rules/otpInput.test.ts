import { describe, expect, it } from "vitest";
import { acceptPaste, acceptsChar, backspace, completedCode, decideKey, DEFAULT_OTP_LENGTH, emptyBoxes, fillBoxes } from "../../../../src/core/rules/otpInput.js";

// "OTP input: N boxes (default 4), one character each. Only digits are accepted (plus letters in letter-numeric mode).
//  Editing keys allowed: backspace, tab, enter, arrows, delete, and paste. Paste is rejected if not all digits (number mode)
//  or not word characters (letter-numeric mode). Completion fires only when all boxes are filled."
describe("OTP input rules", () => {
  it("has 4 boxes by default", () => {
    expect(DEFAULT_OTP_LENGTH).toBe(4);
    expect(emptyBoxes()).toEqual(["", "", "", ""]);
  });

  it.each([
    ["7", "number", true],
    ["a", "number", false],
    ["a", "letterNumeric", true],
    ["Z", "letterNumeric", true],
    ["9", "letterNumeric", true],
    ["_", "letterNumeric", false],
    [" ", "number", false],
    ["12", "number", false],
  ] as const)("accepts %j in %s mode: %s", (ch, mode, ok) => {
    expect(acceptsChar(ch, mode)).toBe(ok);
  });

  it("allows the editing keys and paste, blocks everything else", () => {
    for (const k of ["Backspace", "Tab", "Enter", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Delete"]) expect(decideKey(k, {}, "number")).toBe("edit");
    expect(decideKey("v", { ctrl: true }, "number")).toBe("paste");
    expect(decideKey("V", { meta: true }, "number")).toBe("paste");
    expect(decideKey("5", {}, "number")).toBe("insert");
    expect(decideKey("x", {}, "number")).toBe("block");
    expect(decideKey("x", {}, "letterNumeric")).toBe("insert");
    expect(decideKey("c", { ctrl: true }, "letterNumeric")).toBe("block");
    expect(decideKey("Home", {}, "number")).toBe("block");
    expect(decideKey("-", {}, "number")).toBe("block");
  });

  it.each([
    ["1234", "number", ["1", "2", "3", "4"]],
    ["123456", "number", ["1", "2", "3", "4"]],
    [" 12 ", "number", ["1", "2"]],
    ["12a4", "number", null],
    ["12-4", "number", null],
    ["", "number", null],
    ["ab12", "letterNumeric", ["a", "b", "1", "2"]],
    ["a_12", "letterNumeric", ["a", "_", "1", "2"]],
    ["ab 12", "letterNumeric", null],
    ["ab-1", "letterNumeric", null],
  ] as const)("paste %j in %s mode gives %j", (text, mode, out) => {
    expect(acceptPaste(text, mode)).toEqual(out);
  });

  it("fills from a box and moves focus, backspace clears then steps back", () => {
    expect(fillBoxes(["", "", "", ""], 1, ["7", "8"])).toEqual({ boxes: ["", "7", "8", ""], focus: 3 });
    expect(fillBoxes(["", "", "", ""], 0, ["1", "2", "3", "4"])).toEqual({ boxes: ["1", "2", "3", "4"], focus: 3 });
    expect(backspace(["1", "2", "", ""], 2)).toEqual({ boxes: ["1", "", "", ""], focus: 1 });
    expect(backspace(["1", "2", "3", ""], 2)).toEqual({ boxes: ["1", "2", "", ""], focus: 2 });
  });

  it("completes only when all N boxes are filled", () => {
    expect(completedCode(["1", "2", "3", ""])).toBeUndefined();
    expect(completedCode(["1", "2", "3", "4"])).toBe("1234");
    expect(completedCode(["1", "2", "3", "4", ""], 5)).toBeUndefined();
    expect(completedCode(["1", "2", "3", "4", "5", "6"], 6)).toBe("123456");
    expect(completedCode(["1", "2", "3"])).toBeUndefined();
  });
});
