import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { defaultKeymap, findConflicts } from "../../../src/commands/keymap";
import { commandContext } from "./context";
import { MAIN_CHILDREN } from "../../../src/core/rules/routes";

const signedIn = commandContext("home");

describe("the app's registry", () => {
  it("has a Go to command for every page of /main", () => {
    for (const page of MAIN_CHILDREN) expect(registry.get(`nav.${page}`)?.title).toMatch(/^Go to /);
  });

  it("binds no default key twice in one scope", () => {
    expect(findConflicts(defaultKeymap(registry.all()), registry.all())).toEqual([]);
  });

  it("declares the design's default keys with the commands: palette, keymap, pane focus, buy, cancel", () => {
    // DESIGN.md section 3: "Ctrl+K palette; `/` instrument search; `b`/`s` buy/sell ...; `Delete` cancel the selected order; `Alt+1..9` focus pane N; `Ctrl+Arrow` move focus; `?` lists every key".
    const keys = defaultKeymap(registry.all());
    expect(keys["palette.open"]).toEqual(["ctrl+k", "meta+k"]);
    // `?` is a character: declared as Shift+/, it is named by what it types (issue 29), so the keypad or another layout reaches it too.
    expect(keys["keymap.show"]).toEqual(["question"]);
    expect(keys["search.instrument"]).toEqual(["slash"]);
    expect(keys["order.buy"]).toEqual(["b"]);
    expect(keys["order.cancel"]).toEqual(["delete"]);
    expect(keys["layout.focus.2"]).toEqual(["alt+2"]);
    expect(keys["layout.focus.right"]).toEqual(["ctrl+arrowright"]);
  });

  it("offers theme toggle and sign out as commands", () => {
    const ids = registry.available(signedIn).map((c) => c.id);
    expect(ids).toContain("view.theme.toggle");
    expect(ids).toContain("session.signOut");
  });

  it("hides navigation and sign out when nobody is signed in", () => {
    const ids = registry.available({ ...signedIn, clientCode: undefined }).map((c) => c.id);
    expect(ids).not.toContain("nav.orders");
    expect(ids).not.toContain("session.signOut");
  });

  it("offers Close pane and Focus pane 2 only when there are two panes", () => {
    expect(registry.available(signedIn).map((c) => c.id)).not.toContain("layout.close");
    const two = registry.available({ ...signedIn, paneCount: 2 }).map((c) => c.id);
    expect(two).toContain("layout.close");
    expect(two).toContain("layout.focus.2");
    expect(two).not.toContain("layout.focus.3");
  });
});
