import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * Settings › Markets: "Set the default exchange for search". core/search/defaultExchange.ts: the
 * default decides "which one a typed equity symbol means when no exchange is named ("buy INFY 10")".
 * A share typed bare means the same exchange wherever it is typed: the order window and the GTT form
 * read it so, and so do the basket line, the SIP dialog and the alert dialog. With the default set to
 * BSE, INFY is looked for on BSEEQ (not exchange-typed), and what is made is made on BSEEQ's INFY.
 */
type Word = { exchange: string; symbol: string; exchangeTyped: boolean };
// The search's answer: INFY is listed on both, NSEEQ's 1594 and BSEEQ's 500209.
const findTypedInstrument = vi.fn((word: Word) => {
  if (word.symbol === "INFY" && word.exchange === "NSEEQ") return Promise.resolve({ token: "1594", exchange: "NSEEQ" });
  if (word.symbol === "INFY" && word.exchange === "BSEEQ") return Promise.resolve({ token: "500209", exchange: "BSEEQ" });
  return Promise.resolve(undefined);
});
vi.mock("../../../src/data/api/orders", () => ({
  findTypedInstrument: (word: Word) => findTypedInstrument(word),
  findInstrumentToken: (exchange: string, symbol: string) => findTypedInstrument({ exchange, symbol, exchangeTyped: true }).then((f) => f?.token),
  fetchSecurityInfo: () => Promise.resolve({ status: "Ok", message: "", result: [] }),
}));
const createSip = vi.fn();
const createAlert = vi.fn();
vi.mock("../../../src/data/api/alerts", async (actual) => ({
  ...(await actual<object>()),
  createSip: (...a: unknown[]) => createSip(...a),
  createAlert: (...a: unknown[]) => createAlert(...a),
  getAlerts: () => Promise.resolve({ status: "Ok", message: "Success", result: [] }),
}));
const getBaskets = vi.fn();
const getBasketLegs = vi.fn();
const addBasketLegs = vi.fn();
vi.mock("../../../src/data/api/baskets", () => ({
  createBasket: vi.fn(),
  addBasketLegs: (...a: unknown[]) => addBasketLegs(...a),
  getBaskets: (...a: unknown[]) => getBaskets(...a),
  getBasketLegs: (...a: unknown[]) => getBasketLegs(...a),
}));

const { registry } = await import("../../../src/commands/all");
const { parseBasketCommand } = await import("../../../src/commands/grammar/basket");
const { baskets$ } = await import("../../../src/data/stores/baskets");
const { settings$ } = await import("../../../src/data/stores/settings");
const { readInstrumentWord } = await import("../../../src/commands/instrumentWord");
const { resolveLineLeg } = await import("../../../src/commands/aliasRun");
const { parseOrderCommand } = await import("../../../src/commands/grammar/order");
const { chartLineParser } = await import("../../../src/commands/defs/chart");
import { commandContext } from "./context";

const ok = <T>(result: T[]) => ({ status: "Ok", message: "Success", result });
const INFY_ON_BSE: Word = { exchange: "BSEEQ", symbol: "INFY", exchangeTyped: false };

describe("a share typed without an exchange, with the default exchange set to BSE", () => {
  beforeEach(() => {
    settings$.defaultExchange.set("BSE");
    findTypedInstrument.mockClear();
    createSip.mockReset();
    createAlert.mockReset();
    getBaskets.mockReset();
    getBasketLegs.mockReset();
    addBasketLegs.mockReset();
    baskets$.baskets.set([]);
  });
  afterEach(() => settings$.defaultExchange.set("NSE"));

  it("a dialog's instrument word INFY reads as BSEEQ's", () => {
    expect(readInstrumentWord("INFY")).toEqual(INFY_ON_BSE);
  });

  it("the SIP dialog: INFY's SIP is sent on BSEEQ's INFY", async () => {
    createSip.mockResolvedValue(ok([{ sipId: 1, exchange: "BSEEQ", token: 500209 }]));
    // A Monday far ahead: no start-date refusal whatever today is.
    await registry.run("sip.submit", commandContext("sips", { dialog: "sip" }), { instrument: "INFY", quantity: 2, amount: 0, frequency: "WEEKLY", startDate: "2099-01-05", count: 4 });
    expect(findTypedInstrument).toHaveBeenCalledWith(INFY_ON_BSE);
    expect(createSip.mock.calls[0]![0]).toMatchObject({ exchange: "BSEEQ", token: 500209 });
  });

  it("the alert dialog: INFY's alert is set on BSEEQ's INFY", async () => {
    createAlert.mockResolvedValue(ok([]));
    await registry.run("alert.submit", commandContext("alerts", { dialog: "alert" }), { instrument: "INFY", condition: "ABOVE", value: 1600 });
    expect(findTypedInstrument).toHaveBeenCalledWith(INFY_ON_BSE);
    expect(createAlert.mock.calls[0]![0]).toMatchObject({ exchange: "BSEEQ", token: 500209 });
  });

  it("the basket line: basket add carried INFY 5 buy adds BSEEQ's INFY", async () => {
    getBaskets.mockResolvedValue(ok([{ basketId: 51, basketName: "Carried", createdBy: "DEMO1", scripCount: 0 }]));
    getBasketLegs.mockResolvedValue(ok([]));
    addBasketLegs.mockResolvedValue(ok([]));
    const parsed = parseBasketCommand("basket add carried INFY 5 buy");
    if (!parsed.ok) throw new Error(parsed.message);
    await registry.run("basket.line", commandContext("watchlist"), { line: parsed.line });
    expect(findTypedInstrument).toHaveBeenCalledWith(INFY_ON_BSE);
    expect(JSON.stringify(addBasketLegs.mock.calls[0])).toContain('"exchange":"BSEEQ"');
  });

  it("an alias's or an alert's order line: buy INFY 5 is looked for on BSEEQ", async () => {
    const parsed = parseOrderCommand("buy INFY 5");
    if (!parsed.ok) throw new Error("buy INFY 5 did not parse");
    await resolveLineLeg(parsed.draft, "buy INFY 5", 1);
    expect(findTypedInstrument).toHaveBeenCalledWith(INFY_ON_BSE);
  });

  it("a chart line: chart INFY 5m opens BSEEQ's INFY, and the palette's line says so; an exchange written stays", () => {
    const bare = chartLineParser.parse("chart INFY 5m");
    expect(bare).toMatchObject({ ok: true, title: "Open chart: INFY on BSEEQ, 5m", args: { line: { exchange: "BSEEQ", symbol: "INFY", exchangeTyped: false } } });
    expect(chartLineParser.parse("chart NSEEQ:INFY 5m")).toMatchObject({ ok: true, args: { line: { exchange: "NSEEQ", exchangeTyped: true } } });
  });
});
