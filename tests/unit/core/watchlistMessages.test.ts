import { describe, expect, it } from "vitest";
import { watchlistToast } from "../../../src/core/watchlist/messages";

/**
 * access-and-surroundings, "Market watch messages": "deleted, scrip added, sorted, …" (exact text not
 * shown); "failed watchlist operations show the server message". Tape's text names the scrip and the
 * list (core/watchlist/messages.ts): "INFY-EQ added to Watchlist 2", so five adds are five toasts,
 * not "Scrip added successfully ×5".
 */
describe("watchlist toasts name the scrip and the list", () => {
  const ok = { ok: true, message: "Scrip added successfully" };

  it("added, deleted, sorted, renamed: success, in the spec's words", () => {
    expect(watchlistToast({ kind: "add", scrip: "INFY-EQ", list: "Watchlist 2" }, ok)).toEqual({ kind: "success", text: "INFY-EQ added to Watchlist 2" });
    expect(watchlistToast({ kind: "delete", scrip: "INFY-EQ", list: "Watchlist 2" }, { ok: true, message: "Scrip deleted successfully" })).toEqual({ kind: "success", text: "INFY-EQ deleted from Watchlist 2" });
    expect(watchlistToast({ kind: "sort", list: "Watchlist 2" }, { ok: true, message: "Scrips sorted successfully" })).toEqual({ kind: "success", text: "Watchlist 2 sorted: its order is saved" });
    expect(watchlistToast({ kind: "rename", list: "Watchlist 2", to: "Banks" }, { ok: true, message: "Market watch renamed successfully" })).toEqual({ kind: "success", text: "Watchlist 2 renamed to Banks" });
  });

  it("a save over a list changed in another browser says what the trader never saw, and where the broker keeps it", () => {
    // sortMwScrips: "scrips not named keep theirs"; the save shows the broker's answer, so it names each such scrip and its row.
    const note = { added: [{ scrip: "AXISBANK-EQ", row: 4 }], deleted: ["TCS-EQ"] };
    expect(watchlistToast({ kind: "sort", list: "Watchlist 2", note }, { ok: true, message: "Scrips sorted successfully" })).toEqual({
      kind: "success",
      text: "Watchlist 2 sorted: its order is saved; AXISBANK-EQ, added elsewhere, is row 4; TCS-EQ was deleted elsewhere",
    });
  });

  it("two scrips added read as two toasts, not one counted twice", () => {
    const a = watchlistToast({ kind: "add", scrip: "INFY-EQ", list: "Watchlist 2" }, ok).text;
    const b = watchlistToast({ kind: "add", scrip: "TCS-EQ", list: "Watchlist 2" }, ok).text;
    expect(a).not.toBe(b);
  });

  it("a refusal: danger, what was not done, then the server's message whole", () => {
    expect(watchlistToast({ kind: "add", scrip: "INFY-EQ", list: "Watchlist 2" }, { ok: false, message: "Scrip already exists in the market watch" })).toEqual({
      kind: "danger",
      text: "INFY-EQ not added to Watchlist 2: Scrip already exists in the market watch",
    });
    expect(watchlistToast({ kind: "rename", list: "Watchlist 2", to: "A" }, { ok: false, message: "Market watch name already exists" }).text).toBe("Watchlist 2 not renamed to A: Market watch name already exists");
    expect(watchlistToast({ kind: "delete", scrip: "SBIN-EQ", list: "Nifty 50" }, { ok: false, message: "Predefined market watch cannot be edited" }).text).toBe("SBIN-EQ not deleted from Nifty 50: Predefined market watch cannot be edited");
    expect(watchlistToast({ kind: "load" }, { ok: false, message: "" })).toEqual({ kind: "danger", text: "Watchlists not loaded" });
  });
});
