import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "./context";

/**
 * Issue 30, "every dialog's submit goes through its command, always the same way": each form
 * runs its command with the fields, the command works through submitDialog, which keeps one
 * submit in flight, shows the refusal under the fields and closes the dialog when done. These
 * run the commands through the registry, with the broker's answers stubbed at the API.
 */
const sent: string[] = [];
let feedbackAnswer: () => Promise<unknown> = () => Promise.resolve({ status: "Ok", message: "Success", result: [{ feedbackId: 1 }] });
vi.mock("../../../src/data/api/profile", () => ({
  sendFeedback: (body: { Rating: number; Comments: string }) => {
    sent.push(`feedback ${body.Rating} ${body.Comments}`);
    return feedbackAnswer();
  },
  fetchProfile: () => Promise.resolve({ status: "Ok", message: "Success", result: [{ isTotpEnabled: false }] }),
  fetchSessions: () => Promise.resolve({ status: "Ok", message: "Success", result: [] }),
  revokeOtherSessions: () => Promise.resolve({ status: "Ok", message: "Success", result: [{ revoked: 0 }] }),
}));
vi.mock("../../../src/data/api/authClient", () => ({
  authClient: {
    changePassword: (_token: string, oldPassword: string, newPassword: string) => {
      sent.push(`pwd/change ${oldPassword} ${newPassword}`);
      return Promise.resolve({ status: "Ok", message: "Your password has been changed successfully", result: [] });
    },
    generateScanner: (userId: string) => {
      sent.push(`scanner/generate ${userId}`);
      return Promise.resolve({ status: "Ok", message: "OTP sent to your mobile", result: [] });
    },
    getScanner: (userId: string, code: string) => {
      sent.push(`scanner/get ${userId} ${code}`);
      return Promise.resolve({ status: "Ok", message: "Success", result: [{ secret: "JBSWY3DPEHPK3PXP", qrCode: "data:image/png;base64," }] });
    },
    enableTotp: (userId: string, code: string) => {
      sent.push(`totp/enable ${userId} ${code}`);
      return Promise.resolve({ status: "Ok", message: "Your TOTP Registration, is successful!", result: [] });
    },
  },
  ssoClient: {},
}));
let aliasesHeld = [{ name: "old", body: "buy $1 ATM CE $2" }];
vi.mock("../../../src/data/api/aliases", () => ({
  listAliases: () => Promise.resolve({ status: "Ok", message: "Success", result: aliasesHeld }),
  saveAlias: (a: { name: string; body: string }) => {
    sent.push(`alias save ${a.name}`);
    aliasesHeld = [...aliasesHeld.filter((x) => x.name !== a.name), a];
    return Promise.resolve({ status: "Ok", message: "Success", result: aliasesHeld });
  },
  deleteAlias: (name: string) => {
    sent.push(`alias delete ${name}`);
    aliasesHeld = aliasesHeld.filter((x) => x.name !== name);
    return Promise.resolve({ status: "Ok", message: "Success", result: aliasesHeld });
  },
}));

const toasts: string[] = [];
let registry: typeof import("../../../src/commands/all")["registry"];
let ui: typeof import("../../../src/data/stores/ui");
let forms: typeof import("../../../src/data/stores/forms");
let session: typeof import("../../../src/data/stores/session");
let security: typeof import("../../../src/data/stores/security");
let aliases: typeof import("../../../src/data/stores/aliases");

beforeAll(async () => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  (await import("../../../src/core/notify")).setToastSink((t) => toasts.push(`${t.kind}: ${t.text}`));
  registry = (await import("../../../src/commands/all")).registry;
  ui = await import("../../../src/data/stores/ui");
  forms = await import("../../../src/data/stores/forms");
  session = await import("../../../src/data/stores/session");
  security = await import("../../../src/data/stores/security");
  aliases = await import("../../../src/data/stores/aliases");
  session.startSession({ clientCode: "DEMO1", accessToken: "token-1" });
});

beforeEach(() => {
  sent.length = 0;
  toasts.length = 0;
});

const ctx = (dialog?: "feedback" | "changePassword") => commandContext("home", { dialog });

describe("feedback.send", () => {
  it("a refusal by the rule stays under the fields, nothing sent; the dialog stays open", async () => {
    ui.openOverlay({ kind: "feedback" });
    await registry.run("feedback.send", ctx("feedback"), { rating: undefined, comments: "quick" });
    // "Rating must be a whole number from 1 to 5" (EC975, src/core/rules/feedback.ts).
    expect(forms.formState("feedback")).toEqual({ busy: false, problem: "Rating must be a whole number from 1 to 5" });
    expect(ui.overlay$.top.kind.peek()).toBe("feedback");
    expect(sent).toEqual([]);
  });

  it("sends once however often it runs while the answer is awaited, then closes and thanks", async () => {
    ui.openOverlay({ kind: "feedback" });
    let answer: (v: unknown) => void = () => {};
    feedbackAnswer = () => new Promise((r) => (answer = r));
    const runs = [1, 2, 3].map(() => registry.run("feedback.send", ctx("feedback"), { rating: 4, comments: "  The order window is quick.  " }));
    expect(sent).toEqual(["feedback 4 The order window is quick."]);
    expect(forms.formState("feedback").busy).toBe(true);
    answer({ status: "Ok", message: "Success", result: [{ feedbackId: 1 }] });
    await Promise.all(runs);
    expect(ui.overlay$.top.kind.peek()).toBe("none");
    expect(toasts).toEqual(["success: Thank you: your feedback was sent"]);
  });

  it("the broker's refusal is shown in the dialog, which stays as typed", async () => {
    ui.openOverlay({ kind: "feedback" });
    feedbackAnswer = () => Promise.resolve({ status: "EC976", message: "Comments must be 1 to 500 characters", result: [] });
    await registry.run("feedback.send", ctx("feedback"), { rating: 4, comments: "x" });
    expect(forms.formState("feedback").problem).toBe("Comments must be 1 to 500 characters");
    expect(ui.overlay$.top.kind.peek()).toBe("feedback");
  });

  it("a dialog opens again with no refusal left from its last opening", () => {
    forms.setFormState("feedback", { busy: false, problem: "old" });
    ui.openOverlay({ kind: "feedback" });
    expect(forms.formState("feedback").problem).toBeUndefined();
  });
});

describe("session.changePassword.send", () => {
  it("checks the two fields and the spec's rule before sending", async () => {
    ui.openOverlay({ kind: "changePassword" });
    await registry.run("session.changePassword.send", ctx("changePassword"), { oldPassword: "Tape@2026", newPassword: "Other#2026", confirm: "Other#2027" });
    expect(forms.formState("changePassword").problem).toBe("The two passwords do not match");
    await registry.run("session.changePassword.send", ctx("changePassword"), { oldPassword: "Tape@2026", newPassword: "nospecial", confirm: "nospecial" });
    expect(forms.formState("changePassword").problem).toMatch(/one special character/);
    expect(sent).toEqual([]);
  });

  it("sends what was typed; the success is a toast and the dialog closes", async () => {
    ui.openOverlay({ kind: "changePassword" });
    await registry.run("session.changePassword.send", ctx("changePassword"), { oldPassword: "Tape@2026", newPassword: "Other#2026", confirm: "Other#2026" });
    expect(sent).toEqual(["pwd/change Tape@2026 Other#2026"]);
    expect(toasts).toEqual(["success: Your password has been changed successfully"]);
    expect(ui.overlay$.top.kind.peek()).toBe("none");
  });
});

describe("the authenticator set-up in Settings", () => {
  it("totp.setup.start, .otp and .enable walk totpGenerate and registerTotp to on", async () => {
    await registry.run("totp.setup.start", ctx());
    expect(security.security$.totp.peek()).toEqual({ step: "otp", message: "OTP sent to your mobile" });
    await registry.run("totp.setup.otp", ctx(), { code: "1234" });
    expect(security.security$.totp.peek()).toMatchObject({ step: "scan", secret: "JBSWY3DPEHPK3PXP" });
    await registry.run("totp.setup.enable", ctx(), { code: "123456" });
    expect(security.security$.peek()).toMatchObject({ totp: { step: "done" }, totpEnabled: true, totpProblem: "" });
    expect(sent).toEqual(["scanner/generate DEMO1", "scanner/get DEMO1 1234", "totp/enable DEMO1 123456"]);
  });
});

describe("alias.save and alias.delete (the aliases table's Enter and Delete)", () => {
  it("a renamed row saves the new name first, then deletes the old one", async () => {
    await aliases.refreshAliases();
    await registry.run("alias.save", ctx(), { name: " Straddle ", body: "buy $1 ATM CE $2", replaces: "old" });
    expect(sent).toEqual(["alias save straddle", "alias delete old"]);
    expect(aliases.aliases$.list.peek().map((a) => a.name)).toEqual(["straddle"]);
    await registry.run("alias.delete", ctx(), { name: "straddle" });
    expect(aliases.aliases$.list.peek()).toEqual([]);
  });
});

describe("dialog.confirm", () => {
  it("runs the command the confirmation carries, with its arguments, and closes it", async () => {
    const { workspace } = await import("../../../src/data/stores/workspace");
    const pane = workspace.focusedPane()!.id;
    ui.openOverlay({ kind: "confirm", title: "Reload", lines: [], confirmLabel: "Reload", commandId: "pane.reload", args: { paneId: pane } });
    const { paneReloads$ } = await import("../../../src/data/stores/paneReload");
    const before = paneReloads$[pane]!.peek() ?? 0;
    expect(await registry.run("dialog.confirm", commandContext("home", { dialog: "confirm", focusedPaneId: pane }))).toBe(true);
    expect(paneReloads$[pane]!.peek()).toBe(before + 1);
    expect(ui.overlay$.top.kind.peek()).toBe("none");
  });
});
