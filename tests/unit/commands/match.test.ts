import { describe, expect, it } from "vitest";
import { rankCommands, scoreText } from "../../../src/commands/match";
import type { Command } from "../../../src/commands/types";

const c = (id: string, title: string, group = "G", keywords: string[] = []): Command => ({ id, title, group, keywords, run: () => {} });

describe("palette ranking", () => {
  const commands = [
    c("layout.preset.single", "Layout: Single pane", "Layout", ["preset", "workspace"]),
    c("layout.preset.investing", "Layout: Investing", "Layout", ["preset"]),
    c("session.signOut", "Sign out", "Session", ["logout"]),
    c("nav.holdings", "Go to Holdings", "Navigation"),
    c("nav.position", "Go to Positions", "Navigation", ["position"]),
  ];

  it("an exact title beats fuzzy matches elsewhere", () => {
    expect(rankCommands(commands, "Sign out")[0]!.id).toBe("session.signOut");
  });

  it("word prefixes match: 'go to hold' finds Go to Holdings first", () => {
    expect(rankCommands(commands, "go to hold")[0]!.id).toBe("nav.holdings");
  });

  it("keywords match: 'logout' finds Sign out", () => {
    expect(rankCommands(commands, "logout")[0]!.id).toBe("session.signOut");
  });

  it("letters in order match fuzzily, and nothing matches nonsense", () => {
    expect(scoreText("Go to Positions", "gtpos")).toBeGreaterThan(0);
    expect(rankCommands(commands, "zzqx")).toEqual([]);
  });

  it("an empty query keeps every command in registry order", () => {
    expect(rankCommands(commands, "  ")).toEqual(commands);
  });
});
