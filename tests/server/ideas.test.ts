import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Idea } from "../../src/core/rules/ideas.js";
import { IdeaBook } from "../../server/ideas/book.js";
import { OPEN_TIME, startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * POST /core/v2/client-util/idea/details (access-and-surroundings section 8): "Body: mode "all"
 * and a filters list (by, equal, in, between). Response result[0].data array." The broker runs
 * its ideas on its own clock against the simulated prices (driven here with setPrice).
 */

const PATH = "/core/v2/client-util/idea/details";
let b: TradingBroker;
beforeAll(async () => {
  b = await startTrading(OPEN_TIME);
});
afterAll(() => b.stop());

async function ideas(filters: unknown[]): Promise<Idea[]> {
  const res = await b.call<{ data: Idea[] }>("POST", PATH, { mode: "all", filters });
  expect(res.status).toBe("Ok");
  return res.result[0]!.data;
}

describe("idea filters", () => {
  it("equal keeps the ideas whose field is the value: broker_exchange_type D is F&O", async () => {
    const data = await ideas([{ type: "equal", field: "broker_exchange_type", value: "D" }]);
    expect(data.length).toBeGreaterThan(0);
    expect(new Set(data.map((i) => i.broker_exchange_type))).toEqual(new Set(["D"]));
    expect(data.map((i) => i.symbol)).toContainEqual(expect.stringMatching(/^NIFTY.*FUT$/));
  });

  it("in keeps the ideas whose field is one of the values: status in PENDING and OPEN", async () => {
    const all = await ideas([]);
    const data = await ideas([{ type: "in", field: "status", values: ["PENDING", "OPEN"] }]);
    expect(data.length).toBe(all.filter((i) => i.status === "PENDING" || i.status === "OPEN").length);
    expect(data.some((i) => i.status === "PENDING")).toBe(true);
    expect(data.some((i) => i.status === "OPEN")).toBe(true);
    const pending = await ideas([{ type: "in", field: "status", values: ["PENDING"] }]);
    expect(pending.every((i) => i.status === "PENDING")).toBe(true);
  });

  it("seeds equity, F&O and commodity over the three horizons", async () => {
    const all = await ideas([]);
    expect(new Set(all.map((i) => i.broker_exchange))).toEqual(new Set(["N", "M"]));
    expect(new Set(all.map((i) => i.broker_exchange_type))).toEqual(new Set(["C", "D", "X"]));
    // Priced from the simulator: an OPEN idea's entry range holds the instrument's current price, on a frozen market.
    for (const i of all.filter((x) => x.status === "OPEN")) {
      const ex = i.broker_exchange === "M" ? "MCXCOMM" : i.broker_exchange_type === "D" ? "NSEFO" : "NSEEQ";
      const ltp = b.market.quote(ex, i.broker_code)!.ltp;
      expect(ltp).toBeGreaterThanOrEqual(i.entry_price.from);
      expect(ltp).toBeLessThanOrEqual(i.entry_price.to);
      expect(b.market.instrument(ex, i.broker_code)!.tradingSymbol).toBe(i.symbol);
    }
    for (const t of ["C", "D", "X"]) expect(new Set(all.filter((i) => i.broker_exchange_type === t).map((i) => i.horizon))).toEqual(new Set(["short_term", "long_term", "intraday"]));
  });

  it("by orders the answer by a field", async () => {
    const desc = await ideas([{ type: "by", field: "broker_exchange", value: "desc" }]);
    // "N" sorts after "M": descending puts the NSE ideas first and MCX's last.
    expect(desc[0]!.broker_exchange).toBe("N");
    expect(desc.at(-1)!.broker_exchange).toBe("M");
    const asc = await ideas([{ type: "by", field: "broker_exchange", value: "asc" }]);
    expect(asc[0]!.broker_exchange).toBe("M");
  });

  it("a malformed body or filter answers EC959", async () => {
    for (const body of [
      { filters: [] },
      { mode: "all", filters: [{ type: "like", field: "status", value: "OPEN" }] },
      { mode: "all", filters: [{ type: "equal", field: "password", value: "x" }] },
      { mode: "all", filters: [{ type: "in", field: "status", values: "OPEN" }] },
      { mode: "all", filters: [{ type: "between", field: "closed_date", from: "2026-11-23 08:00:00" }] },
      { mode: "all", filters: [{ type: "by", field: "status", value: "up" }] },
    ]) {
      const res = await b.call("POST", PATH, body);
      expect(res.status).toBe("EC959");
      expect(res.message).toBe("Malformed idea filter");
    }
  });
});

describe("idea life cycle on the broker's clock", () => {
  const closedToday = [{ type: "between", field: "closed_date", from: "2026-11-23 08:00:00", to: "2026-11-23 23:59:00" }];

  it("an open BUY idea closes TARGET_HIT with a closed_date when the price reaches its target", async () => {
    expect(await ideas(closedToday)).toEqual([]);
    const infy = (await ideas([{ type: "equal", field: "status", value: "OPEN" }])).find((i) => i.symbol === "INFY-EQ")!;
    expect(infy.transaction).toBe("BUY");
    b.market.setPrice("NSEEQ", infy.broker_code, infy.target_price);
    const closed = await ideas(closedToday);
    const after = closed.find((i) => i.idea_id === infy.idea_id)!;
    expect(after.status).toBe("TARGET_HIT");
    // OPEN_TIME is 10:30 IST on 23 November 2026; the broker's clock runs on from there.
    expect(after.closed_date).toMatch(/^2026-11-23 10:3\d:\d\d$/);
  });

  it("an open SELL idea closes STOPLOSS_HIT when the price rises to its stop-loss", async () => {
    const rel = (await ideas([{ type: "equal", field: "status", value: "OPEN" }])).find((i) => i.symbol === "RELIANCE-EQ")!;
    expect(rel.transaction).toBe("SELL");
    b.market.setPrice("NSEEQ", rel.broker_code, rel.stoploss_price);
    const after = (await ideas([])).find((i) => i.idea_id === rel.idea_id)!;
    expect(after.status).toBe("STOPLOSS_HIT");
    expect(after.closed_date).toMatch(/^2026-11-23 /);
  });

  it("a PENDING idea opens when the price enters its entry range", async () => {
    const pending = (await ideas([{ type: "equal", field: "status", value: "PENDING" }])).find((i) => i.broker_exchange_type === "D")!;
    b.market.setPrice("NSEFO", pending.broker_code, pending.entry_price.from);
    const after = (await ideas([])).find((i) => i.idea_id === pending.idea_id)!;
    expect(after.status).toBe("OPEN");
    expect(after.closed_date).toBeNull();
  });

  it("an idea expires once its validity day has passed, not on the day itself", () => {
    let now = new Date("2026-11-23T12:00:00.000Z"); // 17:30 IST on the validity day
    const book = new IdeaBook(b.market, () => now);
    const infy = b.market.bySymbol("NSEEQ", "INFY-EQ")!;
    const ltp = b.market.quote("NSEEQ", infy.token)!.ltp;
    const idea = book.add({
      broker_code: infy.token, broker_exchange: "N", broker_exchange_type: "C", symbol: "INFY-EQ", transaction: "BUY", horizon: "intraday", status: "OPEN",
      entry_price: { from: ltp, to: ltp }, target_price: ltp * 2, stoploss_price: ltp / 2, required_margin: ltp, lot_size: 1, validity: 20261123, closed_date: null,
    });
    expect(book.all().find((i) => i.idea_id === idea.idea_id)!.status).toBe("OPEN");
    now = new Date("2026-11-23T18:31:00.000Z"); // 00:01 IST on 24 November
    const after = book.all().find((i) => i.idea_id === idea.idea_id)!;
    expect(after.status).toBe("EXPIRED");
    expect(after.closed_date).toBe("2026-11-24 00:01:00");
    book.stop();
  });
});
