import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The SIP dialog's instrument is read as every typed instrument is (data/api/orders.ts findTypedInstrument:
 * "a trading symbol names one contract ... found wherever it is listed", core/search/typedSymbol.ts), and
 * "SIPs are for cash equity (shares and ETFs)" (core/rules/sip.ts SIP_EXCHANGES: NSEEQ, BSEEQ) is asked of
 * the exchange that lists it: a bare MCX contract is refused naming MCXCOMM, not judged by the NSEFO its shape suggests.
 */
type Word = { exchange: string; symbol: string; exchangeTyped: boolean };
// The search's answer: INFY is NSEEQ's 1594; GOLD27FEBFUT is listed on MCXCOMM only (454818).
const findTypedInstrument = vi.fn((word: Word) => {
  if (word.symbol === "INFY" && word.exchange === "NSEEQ") return Promise.resolve({ token: "1594", exchange: "NSEEQ" });
  const across = !word.exchangeTyped && word.exchange === "NSEFO";
  if (word.symbol === "GOLD27FEBFUT" && (across || word.exchange === "MCXCOMM")) return Promise.resolve({ token: "454818", exchange: "MCXCOMM", ...(across ? { note: "Found on MCXCOMM" } : {}) });
  return Promise.resolve(undefined);
});
vi.mock("../../../src/data/api/orders", () => ({ findTypedInstrument: (word: Word) => findTypedInstrument(word) }));
const createSip = vi.fn();
vi.mock("../../../src/data/api/alerts", async (actual) => ({ ...(await actual<object>()), createSip: (...a: unknown[]) => createSip(...a) }));

const { registry } = await import("../../../src/commands/all");
const { formState } = await import("../../../src/data/stores/forms");
import { commandContext } from "./context";

const ctx = commandContext("sips", { dialog: "sip" });
// A Monday far ahead: no start-date refusal whatever today is.
const form = (instrument: string) => ({ instrument, quantity: 2, amount: 0, frequency: "WEEKLY", startDate: "2099-01-05", count: 4 });

describe("the SIP dialog's instrument", () => {
  beforeEach(() => {
    findTypedInstrument.mockClear();
    createSip.mockReset();
  });

  it("GOLD27FEBFUT typed bare is found on MCXCOMM and refused there: SIPs are for NSE or BSE shares", async () => {
    await registry.run("sip.submit", ctx, form("GOLD27FEBFUT"));
    expect(findTypedInstrument).toHaveBeenCalledWith({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", exchangeTyped: false });
    expect(formState("sip").problem).toBe("GOLD27FEBFUT is listed on MCXCOMM: SIPs are for NSE or BSE shares and ETFs");
    expect(createSip).not.toHaveBeenCalled();
  });

  it("INFY is found on NSEEQ and its SIP is sent on that share", async () => {
    createSip.mockResolvedValue({ status: "Ok", message: "Success", result: [{ sipId: 1, exchange: "NSEEQ", token: 1594 }] });
    await registry.run("sip.submit", ctx, form("INFY"));
    expect(createSip).toHaveBeenCalledTimes(1);
    expect(createSip.mock.calls[0]![0]).toMatchObject({ exchange: "NSEEQ", token: 1594, quantity: 2, frequency: "WEEKLY", count: 4 });
  });
});
