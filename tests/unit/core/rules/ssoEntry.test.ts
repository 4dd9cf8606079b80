import { describe, expect, it } from "vitest";
import { ssoEntryOf } from "../../../../src/core/rules/ssoEntry.js";

const INVALID = "Invalid App Key: The app key you entered is incorrect. Please double-check and try again.";

// "v=1 together with appkey: fetch the SSO app details. authcode or authCode: store the code and open an authorisation
//  dialog. clientCode together with sessionId: ... validate the token. Anything else: the stage message is 'Invalid App Key: ...'"
describe("SSO entry on /", () => {
  it.each([
    ["", { kind: "none" }],
    ["v=1&appkey=demo-vendor", { kind: "appDetails", appkey: "demo-vendor" }],
    ["appkey=demo-vendor&v=1&x=2", { kind: "appDetails", appkey: "demo-vendor" }],
    ["authcode=abc", { kind: "authorize", authCode: "abc" }],
    ["authCode=xyz", { kind: "authorize", authCode: "xyz" }],
    ["clientCode=DEMO1&sessionId=tok", { kind: "session", clientCode: "DEMO1", sessionId: "tok" }],
    ["v=2&appkey=demo-vendor", { kind: "invalid", message: INVALID }],
    ["appkey=demo-vendor", { kind: "invalid", message: INVALID }],
    ["v=1", { kind: "invalid", message: INVALID }],
    ["v=1&appkey=", { kind: "invalid", message: INVALID }],
    ["clientCode=DEMO1", { kind: "invalid", message: INVALID }],
    ["sessionId=tok", { kind: "invalid", message: INVALID }],
    ["foo=bar", { kind: "invalid", message: INVALID }],
    ["AUTHCODE=abc", { kind: "invalid", message: INVALID }],
  ])("?%s -> %j", (q, entry) => {
    expect(ssoEntryOf(new URLSearchParams(q))).toEqual(entry);
  });
});
