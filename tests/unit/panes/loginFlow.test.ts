import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "../commands/context";

const calls: string[] = [];
let releaseVerify: () => void = () => {};
vi.mock("../../../src/data/api/authClient", () => ({
  authClient: {
    // The client id's answer is held back: what the flow starts meanwhile is what the test sees.
    verifyClient: (userId: string) => {
      calls.push(`verifyClient ${userId}`);
      return new Promise((resolve) => {
        releaseVerify = () => resolve({ status: "Ok", message: "Success", result: [{ clientCode: userId, clientName: "Demo Trader One" }] });
      });
    },
    handshake: () => {
      calls.push("handshake");
      return Promise.resolve({ pair: { publicKeyPem: "", privateKeyPem: "" }, kid: "k", serverKey: "s" });
    },
  },
  ssoClient: {},
}));

let registry: typeof import("../../../src/commands/all")["registry"];
let login: typeof import("../../../src/data/stores/login");

beforeAll(async () => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage() as unknown as Storage;
  registry = (await import("../../../src/commands/all")).registry;
  login = await import("../../../src/data/stores/login");
});

describe("the client id stage", () => {
  it("starts the key exchange while the client id is checked, so the password's Enter does not wait for a key pair and get/encKey", async () => {
    login.login$.userId.set("DEMO1");
    const done = registry.run("login.mobile.submit", commandContext("home", { clientCode: undefined, loginStage: "mobile" }));
    // Issue 18: password Enter to the OTP stage within 150 ms; the exchange (an RSA-2048 key pair
    // and a round trip) is made while the trader types the password, not after Enter.
    expect(calls).toEqual(["verifyClient DEMO1", "handshake"]);
    releaseVerify();
    await done;
    expect(login.login$.stage.peek()).toBe("password");
  });
});
