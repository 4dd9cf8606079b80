import { describe, expect, it } from "vitest";
import { legResultText } from "../../../../src/core/strategy/run";

/**
 * The strategy pane's Result column reads a refused leg by the one rule the baskets' Last run and
 * the order window use (riskMessage.ts refusalText): "the broker's sentence, its code only for the
 * risk desk's EC710-EC719" ("EC710: Kill switch …"). It read "EC710 Kill switch …" and
 * "EC918 Price is outside …", a form of its own.
 */
describe("a leg's result in the strategy pane", () => {
  const ks = "Kill switch is on for this segment: no new orders: F&O until 08/12/2026 22:02:44 IST";

  it("refused by the risk desk's kill switch: its code, a colon, the sentence", () => {
    expect(legResultText({ scripId: 1, placed: false, code: "EC710", message: ks }, undefined)).toBe(`EC710: ${ks}`);
  });

  it("refused by a loss limit (EC712, the risk desk's too): with its code", () => {
    expect(legResultText({ scripId: 1, placed: false, code: "EC712", message: "Daily loss limit reached" }, undefined)).toBe("EC712: Daily loss limit reached");
  });

  it("refused past the circuit (EC918): the broker's sentence, no code", () => {
    expect(legResultText({ scripId: 2, placed: false, code: "EC918", message: "Price is outside the circuit limits" }, undefined)).toBe("Price is outside the circuit limits");
  });

  it("held back by the app (no code): the sentence as it is", () => {
    expect(legResultText({ scripId: 2, placed: false, code: "", message: "Held back: BUY leg 1 was not placed" }, undefined)).toBe("Held back: BUY leg 1 was not placed");
  });

  it("no answer: the sentence, no code, and that Enter asks the book first", () => {
    expect(legResultText({ scripId: 1, placed: false, code: "EC999", message: "No answer from the broker", unanswered: true }, undefined)).toBe(
      "No answer from the broker. Enter looks it up in the order book before sending it again",
    );
  });

  it("placed: its order number", () => {
    expect(legResultText({ scripId: 1, placed: true, orderNo: "2612070000013" }, undefined)).toBe("Placed 2612070000013");
  });
});
