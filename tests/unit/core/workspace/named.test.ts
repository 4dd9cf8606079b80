import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseWorkspaceLine, readWorkspaceBody, stepWorkspace, workspaceNameProblem } from "../../../../src/core/workspace/named";

/** Issue 32: "Save, load, rename, delete and duplicate by palette (`workspace save Morning`, `workspace Morning`) … A key steps through them." */
describe("workspace lines", () => {
  it("reads the five lines of the issue and the README", () => {
    expect(parseWorkspaceLine("workspace save Morning")).toEqual({ ok: true, value: { kind: "save", name: "Morning" } });
    expect(parseWorkspaceLine("workspace Morning")).toEqual({ ok: true, value: { kind: "open", name: "Morning" } });
    expect(parseWorkspaceLine("Workspace  Opening bell")).toEqual({ ok: true, value: { kind: "open", name: "Opening bell" } });
    expect(parseWorkspaceLine("workspace rename Morning to Open")).toEqual({ ok: true, value: { kind: "rename", name: "Morning", to: "Open" } });
    expect(parseWorkspaceLine("workspace delete Morning")).toEqual({ ok: true, value: { kind: "delete", name: "Morning" } });
    expect(parseWorkspaceLine("workspace duplicate Morning as Evening")).toEqual({ ok: true, value: { kind: "duplicate", name: "Morning", to: "Evening" } });
  });

  it("names the wrong word", () => {
    expect(parseWorkspaceLine("workspace")).toMatchObject({ ok: false, word: "workspace" });
    expect(parseWorkspaceLine("workspace save")).toMatchObject({ ok: false, word: "save" });
    expect(parseWorkspaceLine("workspace rename Morning")).toMatchObject({ ok: false, word: "rename" });
    expect(parseWorkspaceLine("workspace a/b")).toMatchObject({ ok: false, word: "a/b" });
    expect(workspaceNameProblem("x".repeat(41))).toMatch(/at most 40/);
    expect(workspaceNameProblem("Morning 2")).toBeUndefined();
  });

  it("trusts a saved body only with a layout's shape, and drops popped ids that are no pane of it", () => {
    expect(readWorkspaceBody("not json")).toBeUndefined();
    expect(readWorkspaceBody(JSON.stringify({ layout: { root: { type: "pane" } } }))).toBeUndefined();
    const body = readWorkspaceBody(JSON.stringify({ layout: { root: { type: "pane", id: "p1", view: "chart" }, focused: "p1", popped: ["p1", "gone"], groups: { red: { exchange: "NSEEQ", token: 1, tradingSymbol: "A" }, pink: {} } } }));
    expect(body?.layout.popped).toEqual(["p1"]);
    expect(body?.layout.groups).toEqual({ red: { exchange: "NSEEQ", token: 1, tradingSymbol: "A" } });
  });

  it("the step key visits every saved workspace once, by name, and comes round", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 8 }), (names) => {
        const seen: string[] = [];
        let at: string | undefined;
        for (let i = 0; i < names.length; i++) {
          at = stepWorkspace(names, at);
          seen.push(at!);
        }
        // By name: a before b; every one once; the next step is the first again.
        expect(seen).toEqual([...names].sort());
        expect(stepWorkspace(names, at)).toBe(seen[0]);
      }),
    );
    expect(stepWorkspace([], undefined)).toBeUndefined();
  });
});
