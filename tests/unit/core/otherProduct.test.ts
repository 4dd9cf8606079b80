import { describe, expect, it } from "vitest";
import { otherProductWarning } from "../../../src/core/rules/otherProduct";

// FINDINGS-29 s3. trading-core 4: "On opening, defaults come from the saved orderPreference", so
// `sell INFY 10 mkt` opens as INTRADAY (the default kept) against a DELIVERY long of 10: it opens an
// INTRADAY short beside the long. The order window says so before Enter, and names the product that closes it.
describe("the order window says when its order opens a position of another product beside one it does not close", () => {
  const infy = { exchange: "NSEEQ" as const, token: "1594" };
  const window = { placer: "This order" as const, choosable: true };
  const deliveryLong = { ...infy, product: "DELIVERY" as const, netQuantity: 10 };

  it("SELL 10 INTRADAY against DELIVERY +10 (its 10 shares, bought today, also in the demat): opens INTRADAY -10 (0 - 10)", () => {
    expect(otherProductWarning({ ...infy, transactionType: "SELL", quantity: 10 }, [deliveryLong], "INTRADAY", { ...window, dematHeld: 10 })).toBe(
      "This order places INTRADAY: it will open INTRADAY \u221210, not close your DELIVERY +10. Choose DELIVERY to close it",
    );
  });

  it("SELL 5 INTRADAY with 60 shares in the demat and no position: a short sale, not a sale from them", () => {
    expect(otherProductWarning({ ...infy, transactionType: "SELL", quantity: 5 }, [], "INTRADAY", { ...window, dematHeld: 60 })).toBe(
      "This order places INTRADAY: it will open INTRADAY \u22125, not sell from your 60 shares in the demat holdings. Choose DELIVERY to sell from them",
    );
  });

  it("DELIVERY +10 today and 70 in the demat: the 60 settled ones are named apart (70 - 10)", () => {
    expect(otherProductWarning({ ...infy, transactionType: "SELL", quantity: 10 }, [deliveryLong], "INTRADAY", { ...window, dematHeld: 70 })).toBe(
      "This order places INTRADAY: it will open INTRADAY \u221210, not close your DELIVERY +10 or sell from your other 60 shares in the demat holdings. Choose DELIVERY to close it",
    );
  });

  it("an INTRADAY +3 beside DELIVERY +10: SELL 10 INTRADAY takes it to -7 (3 - 10)", () => {
    const positions = [deliveryLong, { ...infy, product: "INTRADAY" as const, netQuantity: 3 }];
    expect(otherProductWarning({ ...infy, transactionType: "SELL", quantity: 10 }, positions, "INTRADAY", { ...window, dematHeld: 10 })).toBe(
      "This order places INTRADAY: it will take your INTRADAY +3 to \u22127, not close your DELIVERY +10. Choose DELIVERY to close it",
    );
  });

  it("F&O: BUY 75 INTRADAY against an NRML short of 75 opens INTRADAY +75", () => {
    const fut = { exchange: "NSEFO" as const, token: "53001" };
    expect(otherProductWarning({ ...fut, transactionType: "BUY", quantity: 75 }, [{ ...fut, product: "NORMAL", netQuantity: -75 }], "INTRADAY", window)).toBe(
      "This order places INTRADAY: it will open INTRADAY +75, not close your NRML \u221275. Choose NRML to close it",
    );
  });

  it("nothing said when the product chosen closes it, the order adds to it, or its own product covers it", () => {
    const sell10 = { ...infy, transactionType: "SELL" as const, quantity: 10 };
    expect(otherProductWarning(sell10, [deliveryLong], "DELIVERY", { ...window, dematHeld: 10 })).toBeUndefined();
    expect(otherProductWarning({ ...sell10, transactionType: "BUY" }, [deliveryLong], "INTRADAY", { ...window, dematHeld: 10 })).toBeUndefined();
    expect(otherProductWarning(sell10, [deliveryLong, { ...infy, product: "INTRADAY", netQuantity: 10 }], "INTRADAY", { ...window, dematHeld: 10 })).toBeUndefined();
    // A DELIVERY -10 is a sale out of the holdings: nothing is open for an INTRADAY buy to close.
    expect(otherProductWarning({ ...sell10, transactionType: "BUY" }, [{ ...infy, product: "DELIVERY", netQuantity: -10 }], "INTRADAY", window)).toBeUndefined();
  });
});
