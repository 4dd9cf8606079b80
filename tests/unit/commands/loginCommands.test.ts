import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "./context";
import type { LoginStage } from "../../../src/core/rules/loginStage";

/**
 * The login page's actions are commands (issue 30, "one door"): each stage's Enter and Esc are
 * keys of that stage's scope, and they send what the stage's fields hold in login$.
 */
const calls: string[] = [];
vi.mock("../../../src/data/api/authClient", () => ({
  authClient: {
    verifyClient: (userId: string) => {
      calls.push(`verifyClient ${userId}`);
      return Promise.resolve({ status: "Ok", message: "Success", result: [{ clientCode: "DEMO1", clientName: "Demo Trader One" }] });
    },
    handshake: () => Promise.resolve({}),
    validatePassword: (userId: string, password: string) => {
      calls.push(`validatePassword ${userId} ${password}`);
      return Promise.resolve({ status: "EC001", message: "Invalid userId or password", result: [] });
    },
    verifyUnblock: (userId: string, code: string, dob: string) => {
      calls.push(`verifyUnblock ${userId} ${code} ${dob}`);
      return Promise.resolve({ status: "Ok", message: "Your account has been successfully unblocked!", result: [] });
    },
  },
  ssoClient: {},
}));

let registry: typeof import("../../../src/commands/all")["registry"];
let keymap: typeof import("../../../src/commands/keymap");
let login: typeof import("../../../src/data/stores/login");

beforeAll(async () => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  registry = (await import("../../../src/commands/all")).registry;
  keymap = await import("../../../src/commands/keymap");
  login = await import("../../../src/data/stores/login");
});

beforeEach(() => {
  calls.length = 0;
  login.login$.set(login.initialLogin());
});

const onStage = (loginStage: LoginStage) => commandContext("home", { clientCode: undefined, loginStage, focusedView: undefined, focusedPaneId: undefined });

/** What a key pressed on the login page at `stage` runs, as the one key listener resolves it. */
function keyAt(key: string, stage: LoginStage): string | undefined {
  const all = registry.all();
  const ctx = onStage(stage);
  const out = keymap.resolveKey(keymap.defaultKeymap(all), all, key, { view: undefined, dialog: undefined, loginStage: stage }, (c) => registry.whyNot(c, ctx), () => "");
  return out.kind === "run" ? out.command.id : undefined;
}

describe("the login stages' keys", () => {
  it("Enter is each stage's own action, where the stage has one", () => {
    expect(keyAt("enter", "mobile")).toBe("login.mobile.submit");
    expect(keyAt("enter", "password")).toBe("login.password.submit");
    expect(keyAt("enter", "accBlock")).toBe("login.accBlock.unblock");
    expect(keyAt("enter", "setNewPassword")).toBe("login.setNewPassword.submit");
    expect(keyAt("enter", "success_msg")).toBe("login.success_msg.continue");
    expect(keyAt("enter", "authorize")).toBe("login.authorize.approve");
    expect(keyAt("enter", "forgotPassword")).toBe("login.resend");
    expect(keyAt("enter", "totpGenerate")).toBe("login.totpGenerate.sendOtp");
    // The code stages send their code as the boxes fill: Enter is the browser's there.
    expect(keyAt("enter", "otp")).toBeUndefined();
  });

  it("Esc goes back one stage from every stage but the first, and declines from authorize", () => {
    expect(keyAt("escape", "mobile")).toBeUndefined();
    for (const s of ["password", "otp", "totp", "accBlock", "timerPage", "totpGenerate", "registerTotp", "unblockAccountVerify", "forgotPassword", "forgotPasswordVerify", "setNewPassword", "success_msg", "sso_auth_msg", "authorize"] as const) {
      expect(keyAt("escape", s)).toBe(`login.${s}.back`);
    }
    expect(registry.get("login.authorize.back")?.title).toBe("Decline the app");
  });

  it("a stage's keys are live on that stage only, and nowhere off the login page", async () => {
    const { isLive } = await import("../../../src/commands/scopes");
    const liveLogin = (key: string, place: { view: string | undefined; dialog: undefined; loginStage: LoginStage | undefined }) =>
      registry.all().filter((c) => c.scope?.startsWith("login.") && keymap.defaultKeymap([c])[c.id]?.includes(key) && isLive(c.scope, key, place)).map((c) => c.id);
    expect(liveLogin("enter", { view: undefined, dialog: undefined, loginStage: "password" })).toEqual(["login.password.submit"]);
    expect(liveLogin("escape", { view: undefined, dialog: undefined, loginStage: "otp" })).toEqual(["login.otp.back"]);
    expect(liveLogin("enter", { view: "orders", dialog: undefined, loginStage: undefined })).toEqual([]);
    expect(liveLogin("escape", { view: "orders", dialog: undefined, loginStage: undefined })).toEqual([]);
  });
});

describe("the login commands send what the stage shows", () => {
  it("Enter on the client id sends the id typed; Esc on the password goes back to it", async () => {
    login.login$.userId.set("demo1");
    expect(await registry.run("login.mobile.submit", onStage("mobile"))).toBe(true);
    expect(calls).toEqual(["verifyClient demo1"]);
    expect(login.login$.stage.peek()).toBe("password");
    expect(await registry.run("login.password.back", onStage("password"))).toBe(true);
    expect(login.login$.stage.peek()).toBe("mobile");
  });

  it("Enter on the password sends the password typed; a refusal stays on the field, the password kept for Ctrl+A", async () => {
    login.login$.assign({ stage: "password", userId: "DEMO1", password: "Wrong@1" });
    await registry.run("login.password.submit", onStage("password"));
    expect(calls).toEqual(["validatePassword DEMO1 Wrong@1"]);
    expect(login.login$.peek()).toMatchObject({ stage: "password", fieldError: "Invalid userId or password", password: "Wrong@1", busy: false });
  });

  it("an unblock code is not sent without a date of birth; with one it is sent as MMDDYYYY", async () => {
    login.login$.assign({ stage: "unblockAccountVerify", userId: "DEMO2", dob: "01/01" });
    await registry.run("login.code", onStage("unblockAccountVerify"), { code: "1234" });
    expect(calls).toEqual([]);
    expect(login.login$.dobError.peek()).toBe("Type your date of birth as DD/MM/YYYY");
    // "date of birth format MMDDYYYY": 01/01/1990 goes as 01011990.
    login.login$.assign({ dob: "01/01/1990", dobError: "" });
    await registry.run("login.code", onStage("unblockAccountVerify"), { code: "1234" });
    expect(calls).toEqual(["verifyUnblock DEMO2 1234 01011990"]);
    expect(login.login$.stage.peek()).toBe("success_msg");
  });

  it("is not available on another stage: the password's Enter does nothing on the OTP stage", async () => {
    login.login$.assign({ stage: "otp", userId: "DEMO1", password: "Tape@2026" });
    expect(await registry.run("login.password.submit", onStage("otp"))).toBe(false);
    expect(calls).toEqual([]);
  });
});
