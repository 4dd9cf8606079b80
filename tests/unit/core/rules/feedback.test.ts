import { describe, expect, it } from "vitest";
import { checkFeedback } from "../../../../src/core/rules/feedback";

/** "Feedback body: Rating and Comments"; Tape's limits: rating a whole 1 to 5, comments 1 to 500 characters trimmed. */
describe("checkFeedback", () => {
  it.each([
    [{ Rating: 1, Comments: "ok" }, true],
    [{ Rating: 5, Comments: "a".repeat(500) }, true],
    [{ Rating: 3, Comments: `  ${"a".repeat(500)}  ` }, true], // trimmed to 500
    [{ Rating: 0, Comments: "ok" }, "EC975"],
    [{ Rating: 6, Comments: "ok" }, "EC975"],
    [{ Rating: 2.5, Comments: "ok" }, "EC975"],
    [{ Rating: "4", Comments: "ok" }, "EC975"],
    [{ Comments: "ok" }, "EC975"],
    [{ Rating: 4, Comments: "" }, "EC976"],
    [{ Rating: 4, Comments: "   " }, "EC976"],
    [{ Rating: 4, Comments: "a".repeat(501) }, "EC976"],
    [{ Rating: 4 }, "EC976"],
  ])("%j -> %s", (body, expected) => {
    const r = checkFeedback(body);
    expect(r.ok ? true : r.code).toBe(expected);
  });
});
