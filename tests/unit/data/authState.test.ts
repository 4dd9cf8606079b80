import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";


const checked: Array<[string, string]> = [];
let answer: { status: string; message: string; result: unknown[] } = { status: "Ok", message: "Success", result: [] };
vi.mock("../../../src/data/api/authClient", () => ({
  authClient: {
    checkToken: async (userId: string, token: string) => {
      checked.push([userId, token]);
      return answer;
    },
  },
}));

let session: typeof import("../../../src/data/stores/session");
let tokenCheck: typeof import("../../../src/data/api/tokenCheck");
let notifyMod: typeof import("../../../src/core/notify");

beforeAll(async () => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage() as unknown as Storage;
  session = await import("../../../src/data/stores/session");
  tokenCheck = await import("../../../src/data/api/tokenCheck");
  notifyMod = await import("../../../src/core/notify");
});

describe("the auth state", () => {
  it("keeps the auth token, mobile and email (section 3: clientCode, clientName, mobile number, email, auth token, access token), in memory and local storage", () => {
    session.startSession({ clientCode: "DEMO1", accessToken: "acc-1", clientName: "Demo Trader One", authToken: "auth-1", mobile: "******0001", email: "d****@tape.example" });
    expect(session.session$.peek()).toEqual({ clientCode: "DEMO1", accessToken: "acc-1", clientName: "Demo Trader One", authToken: "auth-1", mobile: "******0001", email: "d****@tape.example" });
    expect(localStorage.getItem("authToken")).toBe("auth-1");
    expect(localStorage.getItem("mobile")).toBe("******0001");
    expect(localStorage.getItem("email")).toBe("d****@tape.example");
  });
});

describe("token validation on / and in the clientCode + sessionId entry", () => {
  it("asks {auth}check/token with the stored client code and token, and a good one is valid", async () => {
    session.startSession({ clientCode: "DEMO1", accessToken: "acc-1" });
    answer = { status: "Ok", message: "Success", result: [{ clientCode: "DEMO1", valid: true }] };
    expect(await tokenCheck.validateStoredToken()).toBe(true);
    expect(checked.at(-1)).toEqual(["DEMO1", "acc-1"]);
  });

  it("EC044 is treated as a 401: the session-invalid toast and the app resets", async () => {
    const toasts: string[] = [];
    let resets = 0;
    notifyMod.setToastSink((t) => toasts.push(t.text));
    notifyMod.setResetHandler(() => resets++);
    session.startSession({ clientCode: "DEMO1", accessToken: "stale" });
    answer = { status: "EC044", message: "Invalid session", result: [] };
    expect(await tokenCheck.validateStoredToken()).toBe(false);
    expect(checked.at(-1)).toEqual(["DEMO1", "stale"]);
    expect(toasts).toEqual(["Your session has been invalidated. Kindly re-login"]);
    expect(resets).toBe(1);
  });
});
