import { describe, expect, it, vi } from "vitest";
import type { IdeaQuery } from "../../../../src/core/rules/ideas";

/**
 * "Idea fetch errors are logged and yield an empty list" (access-and-surroundings section 8);
 * "open and closed are both fetched and merged" (section 9).
 */
const asked: IdeaQuery[] = [];
let failing = false;
vi.mock("../../../../src/data/api/ideas", () => ({
  fetchIdeaDetails: async (q: IdeaQuery) => {
    asked.push(q);
    if (failing) throw new Error("no answer");
    const open = q.filters.some((f) => f.field === "status");
    return { status: "Ok", message: "Success", result: [{ data: [{ idea_id: open ? 1 : 2, status: open ? "OPEN" : "TARGET_HIT" }] }] };
  },
}));

const { ideas$, refreshIdeas } = await import("../../../../src/data/stores/ideas");
const { errorLog$ } = await import("../../../../src/data/stores/errorLog");

describe("the ideas store", () => {
  it("asks the open and the closed query of the tab and horizon and merges the answers", async () => {
    await refreshIdeas(1, 2);
    expect(asked).toHaveLength(2);
    expect(asked.every((q) => q.filters.some((f) => f.type === "equal" && f.field === "horizon" && f.value === "intraday"))).toBe(true);
    expect(asked.every((q) => q.filters.some((f) => f.type === "equal" && f.field === "broker_exchange_type" && f.value === "D"))).toBe(true);
    expect(ideas$.lists["1|2"]!.peek()?.ideas.map((i) => i.idea_id)).toEqual([1, 2]);
    expect(ideas$.lists["1|2"]!.peek()?.failed).toBe(false);
  });

  it("a failed fetch is logged and leaves an empty list marked failed", async () => {
    failing = true;
    const before = errorLog$.entries.peek().length;
    await refreshIdeas(1, 2);
    expect(ideas$.lists["1|2"]!.peek()).toEqual({ loaded: true, failed: true, ideas: [] });
    // Logged into the common error log (issue 17), which a user opens from the palette.
    expect(errorLog$.entries.peek().length).toBe(before + 1);
    expect(errorLog$.entries.peek()[0]).toMatchObject({ source: "ideas" });
  });
});
