import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { emptyOrderWindowState } from "../../../src/core/rules/orderWindow";
import type { ContractInfo } from "../../../src/core/types/contract";
import { marginInputsKey, marginStanding } from "../../../src/core/rules/marginInputs";

/**
 * A window kept open for order after order must not show the funds from before its fills: it
 * checks again on every order update and funds read (the feed's signals), marks the figures as
 * being rechecked until then, and a check asked before the funds moved never overwrites the later
 * one. The broker's margin check is stubbed at the API: each call answers `availableMargin` as
 * the test sets it, when the test releases it.
 */
interface Pending {
  available: number;
  answer: () => void;
}
const asked: Pending[] = [];
vi.mock("../../../src/data/api/orders", async (original) => ({
  ...(await original<typeof import("../../../src/data/api/orders")>()),
  checkMargin: () =>
    new Promise((resolve) => {
      const p: Pending = {
        available: funds,
        answer: () => resolve({ status: "Ok", message: "Success", result: [{ requiredMargin: 3027.5, currentOrderMargin: 3027.5, availableMargin: p.available, basis: "Delivery: 100% of value" }] }),
      };
      asked.push(p);
    }),
}));

/** The broker's funds as a check asked now would answer them. */
let funds = 1_709_100.2;

let margin: typeof import("../../../src/commands/orderWindowMargin");
let store: typeof import("../../../src/data/stores/orderWindow");
let events: typeof import("../../../src/core/events");

beforeAll(async () => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  margin = await import("../../../src/commands/orderWindowMargin");
  store = await import("../../../src/data/stores/orderWindow");
  events = await import("../../../src/core/events");
});

const itc = { exchange: "NSEEQ", token: 1660, tradingSymbol: "ITC-EQ", tickSize: 0.05, lotSize: 1, multiplier: 1, ltp: 302.75, freezeQty: 0, sliceEnable: false } as unknown as ContractInfo;

/** Lets the stubbed answers' promises settle (the timers are fake: only setTimeout is). */
const settle = () => new Promise<void>((r) => setImmediate(r));

/** ITC 10 at MARKET, open and showing ₹17,09,100.20 available, as checked at its opening. */
function openWindow(): void {
  const g = store.orderWindow$.generation.peek() + 1;
  store.orderWindow$.set({
    ...store.closedWindow(g),
    open: true,
    contract: itc,
    state: { ...emptyOrderWindowState(), quantity: 10, priceType: "MARKET" },
    margin: { required: 3027.5, available: 1_709_100.2, basis: "Delivery: 100% of value" },
  });
}

const shown = () => store.orderWindow$.peek();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  asked.length = 0;
  funds = 1_709_100.2;
});
afterEach(() => vi.useRealTimers());

describe("the order window checks its margin again while it stays open", () => {
  it("an order update marks the figures as being rechecked, then shows the funds the broker answers now", async () => {
    openWindow();
    // The explorer's first fill: /core/limits OVERALL said 1,706,070.11 after it.
    funds = 1_706_070.11;
    events.emitSignal("orders.refresh");
    expect(shown().marginRechecking).toBe(true);
    // "The margin check runs 200 ms after inputs change": the recheck waits the same, so a burst of updates is one check.
    events.emitSignal("orders.refresh");
    events.emitSignal("limits.refresh");
    vi.advanceTimersByTime(200);
    expect(asked).toHaveLength(1);
    asked[0]!.answer();
    await settle();
    expect(shown().margin?.available).toBe(1_706_070.11);
    expect(shown().marginRechecking).toBe(false);
  });

  it("a funds read (limits.refresh) alone checks again too", async () => {
    openWindow();
    funds = 1_703_040.02;
    events.emitSignal("limits.refresh");
    vi.advanceTimersByTime(200);
    asked[0]!.answer();
    await settle();
    expect(shown().margin?.available).toBe(1_703_040.02);
  });

  it("a check asked before the funds moved, answering late, does not replace the recheck's figure", async () => {
    openWindow();
    void margin.runMarginCheck();
    expect(asked).toHaveLength(1);
    // The fill's update arrives while that check is on its way.
    funds = 1_706_070.11;
    events.emitSignal("orders.refresh");
    vi.advanceTimersByTime(200);
    expect(asked).toHaveLength(2);
    asked[1]!.answer();
    await settle();
    asked[0]!.answer();
    await settle();
    expect(shown().margin?.available).toBe(1_706_070.11);
    expect(shown().marginRechecking).toBe(false);
  });

  it("a placement answered (recheckMargin) checks again; a closed window asks nothing", async () => {
    openWindow();
    funds = 1_706_070.11;
    margin.recheckMargin();
    vi.advanceTimersByTime(200);
    asked[0]!.answer();
    await settle();
    expect(shown().margin?.available).toBe(1_706_070.11);
    store.orderWindow$.open.set(false);
    events.emitSignal("orders.refresh");
    vi.advanceTimersByTime(200);
    expect(asked).toHaveLength(1);
  });

  it("refused for funds, the window shows the broker's figures; a check asked before does not replace them, nor does an update under the prompt", async () => {
    openWindow();
    void margin.runMarginCheck();
    // Enter: the broker refuses at the price of that moment (server: checkSufficientFunds's words).
    store.orderWindow$.dialog.set({ kind: "insufficient", message: "Insufficient funds: required ₹3,031.00, available ₹2,000.00" });
    margin.adoptRefusalFigures("Insufficient funds: required ₹3,031.00, available ₹2,000.00", shown().state);
    expect(shown().margin).toEqual({ required: 3031, available: 2000, basis: "Delivery: 100% of value" });
    asked[0]!.answer();
    await settle();
    events.emitSignal("orders.refresh");
    vi.advanceTimersByTime(200);
    expect(asked).toHaveLength(1);
    expect(shown().margin?.required).toBe(3031);
  });

  it("the figures are of the inputs their check was asked for: typed over while it was on its way, they stand for the previous inputs", async () => {
    openWindow();
    const tenAtMarket = { ...shown().state };
    void margin.runMarginCheck();
    // Quantity 40 typed while the check of 10 is with the broker.
    store.orderWindow$.state.quantity.set(40);
    asked[0]!.answer();
    await settle();
    expect(shown().marginFor).toBe(marginInputsKey(itc.token, tenAtMarket));
    expect(marginStanding(shown().marginFor, marginInputsKey(itc.token, shown().state), false)).toBe("inputsChanged");
    // The check of 40 answers: the figures are of the inputs on screen.
    void margin.runMarginCheck();
    asked[1]!.answer();
    await settle();
    expect(marginStanding(shown().marginFor, marginInputsKey(itc.token, shown().state), false)).toBe("current");
  });

  it("refused for funds after the trader typed over the order sent: the refused order's figures are not taken as the window's", () => {
    openWindow();
    const sent = { ...shown().state };
    store.orderWindow$.state.quantity.set(40);
    margin.adoptRefusalFigures("Insufficient funds: required ₹3,031.00, available ₹2,000.00", sent);
    expect(shown().margin?.required).toBe(3027.5);
  });
});
