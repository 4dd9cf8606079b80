import { describe, expect, it } from "vitest";
import { enterNotSent, sendFailedText, sendOutlivedText, type WindowAtEnter } from "../../../../src/core/rules/windowEnter";

// The product's rule: "an Enter is either acted on or told". And issue 5's "one submit, one order":
// an Enter during a send is that send's, and says so rather than sending twice.
const shown: WindowAtEnter = { open: true, loading: false, submitting: false, dialog: null, accountRefusal: undefined, loadError: undefined, hasContract: true };

describe("what an Enter in the order window says when it sends nothing", () => {
  it("a shown window with nothing in the way sends: the Enter says nothing of its own", () => {
    expect(enterNotSent(shown)).toBeUndefined();
  });

  it("during a send, the Enter is the same order's, not a second one", () => {
    expect(enterNotSent({ ...shown, submitting: true })).toBe("Sending… (this Enter is the same order, not sent twice)");
  });

  it("while the window loads, nothing is sent until the order shows (the loading line's words)", () => {
    expect(enterNotSent({ ...shown, loading: true, hasContract: false })).toBe("Enter pressed: nothing is sent until the order shows.");
  });

  it("with a prompt up, it names the prompt to answer", () => {
    expect(enterNotSent({ ...shown, dialog: "amo" })).toBe("Nothing was sent: answer the after-market question first");
    expect(enterNotSent({ ...shown, dialog: "commodityInfo" })).toBe("Nothing was sent: answer the contract specification first");
  });

  it("an account that cannot trade here: the reason, and how to leave", () => {
    expect(enterNotSent({ ...shown, accountRefusal: "F&O is not enabled for this account" })).toBe("Nothing was sent: F&O is not enabled for this account. Esc closes the window");
  });

  it("a window that could not load its contract says so, with the failure", () => {
    expect(enterNotSent({ ...shown, hasContract: false, loadError: "No contract for 123" })).toBe("Nothing was sent: the window has no contract (No contract for 123). Esc closes it");
  });

  it("no window open", () => {
    expect(enterNotSent({ ...shown, open: false, hasContract: false })).toBe("No order window is open: nothing was sent");
  });

  it("a send already under way wins over a prompt it raised: the Enter is still the send's", () => {
    expect(enterNotSent({ ...shown, submitting: true, dialog: "asm" })).toBe("Sending… (this Enter is the same order, not sent twice)");
  });
});

describe("what a failed send says", () => {
  it("says where it stopped, what failed, and whether anything reached the broker", () => {
    expect(sendFailedText("checking", "HTTP 403", "new")).toBe("Nothing was sent: reading the contract again failed (HTTP 403). Press Enter to try again");
    expect(sendFailedText("checking", "HTTP 403", "modify")).toBe("Nothing was sent: reading the order again failed (HTTP 403). Press Enter to try again");
    expect(sendFailedText("sending", "HTTP 422", "new")).toBe("The broker did not take the order (HTTP 422): nothing was placed. Press Enter to send it again");
    expect(sendFailedText("sending", "HTTP 422", "modify")).toBe("The broker did not take the modify (HTTP 422): nothing was changed. Press Enter to send it again");
    // Freeze-quantity slices: 2 of 5 taken before the third failed. Their keys are kept, so Enter sends slices 3 to 5 only; "nothing was placed" would be false.
    expect(sendFailedText("sending", "HTTP 422", "new", { placed: 2, of: 5 })).toBe("The broker did not take slice 3 of 5 (HTTP 422): 2 placed. Press Enter to send the rest (the 2 placed are not placed again)");
    // The first slice failed: nothing was placed, as for an order in one piece.
    expect(sendFailedText("sending", "HTTP 422", "new", { placed: 0, of: 5 })).toBe("The broker did not take the order (HTTP 422): nothing was placed. Press Enter to send it again");
    // A sliced order's modify, one request per open slice: which took it is not known here.
    expect(sendFailedText("sending", "HTTP 422", "modify", { placed: undefined, of: 3 })).toBe("The broker did not take the modify of every slice (HTTP 422): see the order book for which changed before sending it again");
    expect(sendFailedText("answered", "x is undefined", "new")).toBe("The broker answered, but the window could not show it (x is undefined): see the order book before sending again");
  });

  it("a window closed under its send: not sent before it went; a lost answer with what to do; an answer told by its own toast", () => {
    expect(sendOutlivedText("checking", "BUY 2 GOLD27FEBFUT")).toBe("BUY 2 GOLD27FEBFUT: not sent, its order window closed before the order went");
    expect(sendOutlivedText("answered", "BUY 2 GOLD27FEBFUT", true)).toBe("BUY 2 GOLD27FEBFUT: no answer from the broker, and its order window has closed: see the order book before sending it again");
    expect(sendOutlivedText("answered", "BUY 2 GOLD27FEBFUT")).toBeUndefined();
  });
});
