import { describe, expect, it } from "vitest";
import { fitsInWatchlist, isEditableWatchlist, watchlistNameProblem } from "../../../src/core/watchlist/rules";

describe("watchlist rules (access-and-surroundings sections 2, 5 and 9)", () => {
  it("Watchlist maximum is 50 scrips", () => {
    expect(fitsInWatchlist(49, 1)).toBe(true);
    expect(fitsInWatchlist(50, 1)).toBe(false);
    expect(fitsInWatchlist(0, 51)).toBe(false);
  });

  it("market watch name at most 40 characters, unique, not empty", () => {
    expect(watchlistNameProblem("x".repeat(40), [])).toBeNull();
    expect(watchlistNameProblem("x".repeat(41), [])).toBe("nameTooLong");
    expect(watchlistNameProblem("Swing", ["swing"])).toBe("nameExists");
    expect(watchlistNameProblem("   ", [])).toBe("nameEmpty");
  });

  it("Predefined lists (isEdit false) cannot be edited; user lists can (default ids 302 user, 1 predefined)", () => {
    expect(isEditableWatchlist(302)).toBe(true);
    expect(isEditableWatchlist(1)).toBe(false);
  });
});
