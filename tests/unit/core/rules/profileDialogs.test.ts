import { describe, expect, it } from "vitest";
import { dialogsAtLogin } from "../../../../src/core/rules/profileDialogs.js";

// "Accounts with status DORMANT get a dormant dialog. Users with NSEFO or BSEFO see a risk disclosure at login."
describe("dialogs at login", () => {
  it.each([
    [{ accountStatus: "ACTIVE", exchanges: ["NSEEQ", "BSEEQ", "NSEFO"] }, ["riskDisclosure"]],
    [{ accountStatus: "ACTIVE", exchanges: ["BSEFO"] }, ["riskDisclosure"]],
    [{ accountStatus: "ACTIVE", exchanges: ["NSEEQ", "BSEEQ"] }, []],
    [{ accountStatus: "DORMANT", exchanges: ["NSEEQ"] }, ["dormant"]],
    [{ accountStatus: "DORMANT", exchanges: ["NSEFO"] }, ["dormant", "riskDisclosure"]],
    [{}, []],
  ])("%j -> %j", (profile, dialogs) => {
    expect(dialogsAtLogin(profile)).toEqual(dialogs);
  });
});
