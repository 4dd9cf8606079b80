import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { DEFAULT_KEYS, findConflicts } from "../../../src/commands/keymap";
import type { CommandContext } from "../../../src/commands/types";
import { MAIN_CHILDREN } from "../../../src/core/rules/routes";

const signedIn: CommandContext = { clientCode: "DEMO1", focusedPaneId: "p1", focusedView: "home", visibleViews: new Set(["home"]), paneCount: 1, mobile: false, selection: undefined };

describe("the app's registry", () => {
  it("has a Go to command for every page of /main", () => {
    for (const page of MAIN_CHILDREN) expect(registry.get(`nav.${page}`)?.title).toMatch(/^Go to /);
  });

  it("binds no default key twice in one scope", () => {
    expect(findConflicts(DEFAULT_KEYS, registry.all())).toEqual([]);
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
