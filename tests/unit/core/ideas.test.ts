import { describe, expect, it } from "vitest";
import {
  daysLeft,
  defaultIdeaQuantity,
  ideaExchange,
  ideaOrderPrefill,
  ideaQueries,
  ideasShown,
  ideaView,
  mergeIdeas,
  splitIdeas,
  stepQuantity,
  typedQuantity,
  type Idea,
} from "../../../src/core/rules/ideas.js";
import { mwTopic } from "../../../src/core/topics.js";

/** Ideas: access-and-surroundings sections 3 (entity), 4, 5, 8 and 9. */

const idea = (over: Partial<Idea> = {}): Idea => ({
  idea_id: 1,
  broker_code: 1594,
  broker_exchange: "N",
  broker_exchange_type: "C",
  symbol: "INFY-EQ",
  transaction: "BUY",
  horizon: "short_term",
  status: "OPEN",
  entry_price: { from: 1500, to: 1510 },
  target_price: 1600,
  stoploss_price: 1450,
  required_margin: 1505,
  lot_size: 1,
  validity: 20261130,
  closed_date: null,
  ...over,
});

describe("derived fields", () => {
  it("equity: quantity 10, buyPrice the mean of entry, investment at the order's price × quantity (issue 29), return and max profit to target", () => {
    const v = ideaView(idea(), { ltp: 1503.4, pdc: 1490 }, defaultIdeaQuantity(idea()), "2026-11-23");
    expect(v.token).toBe(1594);
    expect(v.exchange).toBe("NSEEQ");
    expect(v.topic).toBe(mwTopic("NSEEQ", 1594));
    expect(v.ltp).toBe(1503.4);
    expect(v.pdc).toBe(1490);
    // "Quantity for equity is 10 by default."
    expect(v.quantity).toBe(10);
    // buyPrice = (1500 + 1510) / 2 = 1505
    expect(v.buyPrice).toBe(1505);
    // Issue 29: the investment is at the price the order opens at, the entry's lower bound for a
    // buy (ideaOrderPrefill): 1500 × 10 = 15000, not the margin's 1505 × 10 = 15050.
    expect(v.investment).toBe(15000);
    expect(ideaOrderPrefill(idea(), 10, "BUY").price! * 10).toBe(v.investment);
    // A sell opens at the upper bound: 1510 × 10 = 15100.
    expect(ideaView(idea({ transaction: "SELL" }), undefined, 10, "2026-11-23").investment).toBe(15100);
    // returnPercent = (1600 − 1505) / 1505 × 100 = 6.3122… → 6.31
    expect(v.returnPercent).toBe(6.31);
    // maxProfit = (1600 − 1505) × 10 = 950
    expect(v.maxProfit).toBe(950);
    // 30 November − 23 November = 7 days
    expect(v.daysLeft).toBe(7);
  });

  it("F&O: quantity is the lot size; a SELL idea's profit is the fall to target", () => {
    const fo = idea({ broker_exchange_type: "D", lot_size: 75, transaction: "SELL", entry_price: { from: 26000, to: 26100 }, target_price: 25300, required_margin: 5200.5 });
    const v = ideaView(fo, undefined, defaultIdeaQuantity(fo), "2026-11-23");
    expect(v.exchange).toBe("NSEFO");
    expect(v.quantity).toBe(75);
    // buyPrice = (26000 + 26100) / 2 = 26050; investment = 5200.5 × 75 = 390037.5
    expect(v.buyPrice).toBe(26050);
    expect(v.investment).toBe(390037.5);
    // maxProfit = (26050 − 25300) × 75 = 56250; returnPercent = 750 / 26050 × 100 = 2.879… → 2.88
    expect(v.maxProfit).toBe(56250);
    expect(v.returnPercent).toBe(2.88);
    // No quote yet: ltp and pdc 0.
    expect(v.ltp).toBe(0);
  });

  it("commodity ideas are MCXCOMM with the lot size as quantity", () => {
    const c = idea({ broker_exchange: "M", broker_exchange_type: "X", lot_size: 1 });
    expect(ideaExchange("M", "X")).toBe("MCXCOMM");
    expect(ideaExchange("M", "Y")).toBe("MCXCOMM");
    expect(ideaExchange("B", "C")).toBe("BSEEQ");
    expect(ideaExchange("B", "D")).toBe("BSEFO");
    expect(defaultIdeaQuantity(c)).toBe(1);
  });

  it("days left: 0 on the validity day and 0 after it, never negative", () => {
    expect(daysLeft(20261130, "2026-11-29")).toBe(1);
    expect(daysLeft(20261130, "2026-11-30")).toBe(0);
    expect(daysLeft(20261130, "2026-12-02")).toBe(0);
    // Across a month end: 2 December − 28 November = 4 days.
    expect(daysLeft(20261202, "2026-11-28")).toBe(4);
  });

  it("changing quantity recomputes investment and max profit at once", () => {
    const v = ideaView(idea(), undefined, 11, "2026-11-23");
    // 1500 × 11 = 16500; (1600 − 1505) × 11 = 1045
    expect(v.investment).toBe(16500);
    expect(v.maxProfit).toBe(1045);
  });

  it("- and + step one share for equity and one lot otherwise, never below one step; typing keeps a positive whole number", () => {
    expect(stepQuantity(idea(), 10, 1)).toBe(11);
    expect(stepQuantity(idea(), 1, -1)).toBe(1);
    const fo = idea({ broker_exchange_type: "D", lot_size: 75 });
    expect(stepQuantity(fo, 75, 1)).toBe(150);
    expect(stepQuantity(fo, 75, -1)).toBe(75);
    expect(typedQuantity("25", 10)).toBe(25);
    expect(typedQuantity("2.5", 10)).toBe(10);
    expect(typedQuantity("", 10)).toBe(10);
    expect(typedQuantity("-3", 10)).toBe(10);
  });
});

describe("queries and the open/closed split", () => {
  it("per tab: open is status in PENDING and OPEN, closed is closed_date between today 08:00:00 and 23:59:00", () => {
    const fo = ideaQueries(1, "intraday", "2026-11-23");
    expect(fo.open).toEqual({
      mode: "all",
      filters: [
        { type: "in", field: "broker_exchange", values: ["N", "B"] },
        { type: "equal", field: "broker_exchange_type", value: "D" },
        { type: "equal", field: "horizon", value: "intraday" },
        { type: "in", field: "status", values: ["PENDING", "OPEN"] },
      ],
    });
    expect(fo.closed.filters.at(-1)).toEqual({ type: "between", field: "closed_date", from: "2026-11-23 08:00:00", to: "2026-11-23 23:59:00" });
    expect(ideaQueries(0, "short_term", "2026-11-23").open.filters[1]).toEqual({ type: "equal", field: "broker_exchange_type", value: "C" });
    expect(ideaQueries(2, "long_term", "2026-11-23").open.filters[0]).toEqual({ type: "equal", field: "broker_exchange", value: "M" });
  });

  it("open and closed are merged, each idea once; status OPEN goes to open ideas, every other status to closed", () => {
    const a = idea({ idea_id: 1, status: "OPEN" });
    const p = idea({ idea_id: 2, status: "PENDING" });
    const t = idea({ idea_id: 3, status: "TARGET_HIT", closed_date: "2026-11-23 10:00:00" });
    const merged = mergeIdeas([a, p], [t, a]);
    expect(merged.map((i) => i.idea_id)).toEqual([1, 2, 3]);
    expect(splitIdeas(merged).open.map((i) => i.idea_id)).toEqual([1]);
    expect(splitIdeas(merged).closed.map((i) => i.idea_id)).toEqual([2, 3]);
    expect(ideasShown(merged, "all").length).toBe(3);
    expect(ideasShown(merged, "open").map((i) => i.idea_id)).toEqual([1]);
    expect(ideasShown(merged, "closed").map((i) => i.idea_id)).toEqual([2, 3]);
  });
});

describe("order defaults", () => {
  it("LIMIT, Regular, DAY, disclosed 0, DELIVERY, the idea's quantity and entry price", () => {
    expect(ideaOrderPrefill(idea(), 12, "BUY")).toEqual({
      transactionType: "BUY", priceType: "LIMIT", orderType: "Regular", validity: "DAY", disclosedQuantity: 0, pcode: "DELIVERY", quantity: 12, price: 1500,
    });
  });

  it("DELIVERY off equity is the window's NRML (the same NORMAL product)", () => {
    expect(ideaOrderPrefill(idea({ broker_exchange_type: "D", lot_size: 75 }), 75, "BUY").pcode).toBe("NRML");
    expect(ideaOrderPrefill(idea({ broker_exchange: "M", broker_exchange_type: "X" }), 1, "BUY").pcode).toBe("NRML");
  });

  it("INTRADAY for the intraday horizon; a sell at the entry's upper bound", () => {
    const p = ideaOrderPrefill(idea({ horizon: "intraday" }), 10, "SELL");
    expect(p.pcode).toBe("INTRADAY");
    expect(p.price).toBe(1510);
  });
});
