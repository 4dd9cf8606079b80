import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "./context";

/**
 * Issue 30's other doors, run through the registry: the GTT form's fallback to the order window,
 * the funds page's refresh, and the order window's prompts (Esc and the surveillance answer).
 */
const calls: string[] = [];
vi.mock("../../../src/data/api/orders", async (original) => ({
  ...(await original<typeof import("../../../src/data/api/orders")>()),
  findTypedInstrument: (word: { exchange: string; symbol: string }) => {
    calls.push(`search ${word.exchange} ${word.symbol}`);
    return Promise.resolve({ token: "1244", exchange: word.exchange });
  },
  fetchSecurityInfo: (req: { exchange: string; token: string }) => {
    calls.push(`security/info ${req.exchange} ${req.token}`);
    return Promise.resolve({ status: "Ok", message: "Success", result: [{ exchange: req.exchange, token: req.token, tradingSymbol: "INFY-EQ", ltp: 1500, tickSize: 0.05, lotSize: 1 }] });
  },
  saveAsmGsm: (a: { accepted: boolean }) => {
    calls.push(`asmgsm ${a.accepted}`);
    return Promise.resolve({ status: "Ok", message: "Success", result: [] });
  },
}));
vi.mock("../../../src/commands/orderWindow", async (original) => ({
  ...(await original<typeof import("../../../src/commands/orderWindow")>()),
  openOrderWindow: (init: { exchange?: string; symbol?: string; transactionType: string }) => {
    calls.push(`order window ${init.transactionType} ${init.exchange} ${init.symbol}`);
    return Promise.resolve({ kind: "opened" });
  },
}));
vi.mock("../../../src/data/api/portfolio", async (original) => ({
  ...(await original<typeof import("../../../src/data/api/portfolio")>()),
  fetchLimits: () => {
    calls.push("limits");
    return Promise.resolve({ rows: [{ segment: "EQUITY" }], message: "Success" });
  },
}));

const toasts: string[] = [];
let registry: typeof import("../../../src/commands/all")["registry"];
let ui: typeof import("../../../src/data/stores/ui");
let gttForm: typeof import("../../../src/data/stores/gttForm");
let orderWindow: typeof import("../../../src/data/stores/orderWindow");
let portfolio: typeof import("../../../src/data/stores/portfolio");

beforeAll(async () => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  (await import("../../../src/core/notify")).setToastSink((t) => toasts.push(`${t.kind}: ${t.text}`));
  registry = (await import("../../../src/commands/all")).registry;
  ui = await import("../../../src/data/stores/ui");
  gttForm = await import("../../../src/data/stores/gttForm");
  orderWindow = await import("../../../src/data/stores/orderWindow");
  portfolio = await import("../../../src/data/stores/portfolio");
  (await import("../../../src/data/stores/session")).startSession({ clientCode: "DEMO1", accessToken: "token-1" });
});

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  ui.closeOverlay();
});

const ctx = commandContext("home");
const draft = (exchange: "NSEEQ" | "MCXCOMM") => ({ symbol: exchange === "NSEEQ" ? "INFY" : "GOLDM", exchange, transactionType: "BUY" as const, triggerType: "SINGLE" as const, quantity: 1, leg1: { trigger: 1400, price: 1405 } });

describe("the GTT form's opening", () => {
  it("loads the contract into the form it opens", async () => {
    await registry.run("gtt.line", ctx, draft("NSEEQ"));
    expect(ui.overlay$.top.kind.peek()).toBe("gtt");
    expect(calls).toEqual(["search NSEEQ INFY", "security/info NSEEQ 1244"]);
    expect(gttForm.gttForm$.contract.peek()?.tradingSymbol).toBe("INFY-EQ");
  });

  it("'A GTT type falls back to Regular for commodity segments': the order window opens instead, and a toast says why", async () => {
    await registry.run("gtt.line", ctx, draft("MCXCOMM"));
    expect(ui.overlay$.top.kind.peek()).toBe("none");
    // Looked up first, as every typed symbol is: GTT is asked of the exchange the instrument is found on.
    expect(calls).toEqual(["search MCXCOMM GOLDM", "order window BUY MCXCOMM GOLDM"]);
    expect(toasts).toEqual(["neutral: GTT is not available on MCXCOMM: opening a Regular order"]);
  });
});

describe("funds.refresh", () => {
  it("reads the limits again", async () => {
    portfolio.limits$.set({ rows: [], loaded: false });
    await registry.run("funds.refresh", ctx);
    expect(calls).toEqual(["limits"]);
    expect(portfolio.limits$.peek()).toMatchObject({ loaded: true, rows: [{ segment: "EQUITY" }] });
  });
});

describe("the order window's prompts", () => {
  const windowCtx = commandContext("home", { dialog: "orderWindow" });
  it("Esc closes a prompt, not the window; to the surveillance question it is No, and saved as such", async () => {
    orderWindow.orderWindow$.assign({ open: true, dialog: { kind: "charges" } });
    await registry.run("orderWindow.prompt.back", windowCtx);
    expect(orderWindow.orderWindow$.peek()).toMatchObject({ open: true, dialog: null });
    orderWindow.orderWindow$.assign({ contract: { exchange: "NSEEQ", token: "1244", tradingSymbol: "INFY-EQ", surveillance: "ASM" } as never, dialog: { kind: "asm" } });
    await registry.run("orderWindow.prompt.back", windowCtx);
    expect(calls).toEqual(["asmgsm false"]);
    expect(orderWindow.orderWindow$.peek()).toMatchObject({ open: true, dialog: null, asmAccepted: false });
  });

  it("is not available with no prompt up: Esc then is the dialog's (dialog.close)", () => {
    orderWindow.orderWindow$.assign({ open: true, dialog: null });
    expect(registry.isAvailable(registry.get("orderWindow.prompt.back")!, windowCtx)).toBe(false);
  });
});
