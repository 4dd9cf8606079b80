import { describe, expect, it } from "vitest";
import { betaLockedOut, windowAccountRefusal } from "../../../../src/core/rules/orderWindowAccess";
import { validateOrder } from "../../../../src/core/rules/orderValidation";

/**
 * Issue 29: "an equity-only account is told at opening that it cannot trade F&O, not after filling
 * the window." The two rules are the spec's: "Some services are unavailable for certain account
 * types (EC076)" and "Dormant, frozen and voluntary-freeze accounts cannot trade (EC803 to EC805)".
 */
const EQUITY_ONLY = { accountStatus: "ACTIVE" as const, exchanges: ["NSEEQ" as const, "BSEEQ" as const] };

describe("what stops an account trading in the window, known at opening", () => {
  it("an equity-only account (DEMO2's NSEEQ, BSEEQ) opening an NSEFO contract is told EC076, in the trader's words", () => {
    const r = windowAccountRefusal(EQUITY_ONLY, "NSEFO");
    expect(r?.code).toBe("EC076");
    expect(r?.message).toBe("Your account cannot trade F&O on NSEFO. It trades NSEEQ, BSEEQ. (Profile lists your segments.)");
  });

  it("the same account on its own exchanges opens the form", () => {
    expect(windowAccountRefusal(EQUITY_ONLY, "NSEEQ")).toBeUndefined();
    expect(windowAccountRefusal(EQUITY_ONLY, "BSEEQ")).toBeUndefined();
  });

  it("a dormant, frozen or voluntary-freeze account is told before its exchanges (EC803, EC804, EC805)", () => {
    expect(windowAccountRefusal({ accountStatus: "DORMANT", exchanges: ["NSEEQ"] }, "NSEEQ")?.code).toBe("EC803");
    expect(windowAccountRefusal({ accountStatus: "FROZEN", exchanges: ["NSEEQ"] }, "NSEEQ")?.code).toBe("EC804");
    expect(windowAccountRefusal({ accountStatus: "VOLUNTARY_FREEZE", exchanges: ["NSEEQ"] }, "NSEFO")?.code).toBe("EC805");
  });

  it("the broker refuses the filled window with the same code: the window never says less than the broker would", () => {
    const req = { exchange: "NSEFO", instrumentId: "45001", transactionType: "BUY", quantity: 75, product: "NORMAL", orderComplexity: "REGULAR", orderType: "LIMIT", price: 100, validity: "DAY" } as unknown as Parameters<typeof validateOrder>[0];
    const v = validateOrder(req, undefined, EQUITY_ONLY, { kind: "place" });
    expect(v.ok).toBe(false);
    expect(v.ok ? "" : v.code).toBe("EC076");
  });

  it("a beta feature the profile names as locked is said at opening (EC876: opens the beta-access dialog); another is not", () => {
    expect(betaLockedOut({ betaLocked: ["sip"] }, "sip")).toBe(true);
    expect(betaLockedOut({ betaLocked: [] }, "sip")).toBe(false);
    expect(betaLockedOut({ betaLocked: ["sip"] }, "alerts")).toBe(false);
  });
});
