import { beforeEach, describe, expect, it, vi } from "vitest";

const submitGtt = vi.fn();
vi.mock("../../../src/data/api/gtt", () => ({ submitGtt: (...a: unknown[]) => submitGtt(...a) }));
vi.mock("../../../src/data/stores/gtt", () => ({ refreshGtt: () => Promise.resolve() }));

const { gttForm$, loadingGttForm, startGttForm } = await import("../../../src/data/stores/gttForm");
const { registry } = await import("../../../src/commands/all");
const { overlay$ } = await import("../../../src/data/stores/ui");
import type { ContractInfo } from "../../../src/core/types/contract";
import { commandContext } from "./context";

const INFY = { exchange: "NSEEQ", token: "1244", tradingSymbol: "INFY", ltp: 1150, tickSize: 0.05, lotSize: 1 } as unknown as ContractInfo;
const ctx = commandContext("orders", { dialog: "gtt" });

describe("gtt.form.submit", () => {
  beforeEach(() => {
    submitGtt.mockReset();
    overlay$.set({ top: { kind: "gtt", init: { symbol: "INFY", transactionType: "BUY" } } });
    const init = { exchange: "NSEEQ", token: "1244", transactionType: "BUY", quantity: 10, leg1: { trigger: 1050, price: 1051 } } as const;
    startGttForm(loadingGttForm(init), init, INFY);
  });

  it("one submit sends one GTT however often it runs while the answer is awaited", async () => {
    let answer: (done: boolean) => void = () => {};
    submitGtt.mockImplementation(() => new Promise<boolean>((r) => (answer = r)));
    const runs = Array.from({ length: 10 }, () => registry.run("gtt.form.submit", ctx));
    expect(submitGtt).toHaveBeenCalledTimes(1);
    expect(submitGtt.mock.calls[0]![0]).toMatchObject({ exchange: "NSEEQ", token: "1244", transactionType: "BUY", triggerType: "SINGLE", quantity: 10, leg1: { trigger: 1050, price: 1051 } });
    answer(true);
    await Promise.all(runs);
    // "After success the order window closes unless it is set to stay open."
    expect(overlay$.top.kind.peek()).toBe("none");
  });

  it("is not available before the form's contract is loaded", async () => {
    gttForm$.assign({ values: null, contract: null });
    expect(await registry.run("gtt.form.submit", ctx)).toBe(false);
    expect(submitGtt).not.toHaveBeenCalled();
  });
});
