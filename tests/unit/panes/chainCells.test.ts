import { observable } from "@legendapp/state";
import { describe, expect, it } from "vitest";
import type { OptionChain, OptionChainSide } from "../../../src/core/types/optionChain";
import { emptyQuote, type LiveQuote } from "../../../src/feed/quoteStore";
import { liveQuote } from "../../../src/feed/session";
import { bindCell } from "../../../src/panes/cells/liveCell";
import { fakeCell } from "../../support/fakeCell";
import { CHAIN_CELLS, chainFigure, type LiveField } from "../../../src/panes/chain/cells";
import { GREEK_CELLS, strikeSource } from "../../../src/panes/chain/greeks";
import type { PriceMark } from "../../../src/panes/views/priceStale";

const contract: OptionChainSide = {
  exchange: "NSEFO", token: 4001, tradingSymbol: "NIFTY24000CE", ltp: 152.5, chg: -3.25, volume: 125_000, oi: 2_50_000, oiChg: 10_000, bid: 152.4, ask: 152.6,
  iv: 15, delta: null, gamma: null, theta: null, vega: null,
};

function bindField(field: LiveField, c: OptionChainSide = contract, replay = false) {
  const span = fakeCell("chain-val");
  const quote = observable<LiveQuote>(emptyQuote("NSEFO", 4001));
  const mark = observable<PriceMark>("live");
  const unbind = bindCell(span.el, "chain-val", "NSEFO", CHAIN_CELLS[field], { read: () => chainFigure(c, field, quote.peek(), undefined, undefined, replay), watch: (c) => quote.onChange(c) }, { mark });
  return { ...span, quote, mark, unbind };
}

describe("option chain live cells", () => {
  it("show the chain call's figures until the contract's first frame, then the feed's", () => {
    const ltp = bindField("ltp");
    expect(ltp.text()).toBe("152.50");
    ltp.quote.assign({ LastRate: 153.05, chg: -2.7 });
    expect(ltp.text()).toBe("153.05");
  });

  it("sign and colour a change: a fall reads as it is and goes red, a rise gets a + and goes green", () => {
    const chg = bindField("chg");
    expect(chg.text()).toBe("-3.25");
    expect(chg.cls()).toBe("chain-val down");
    chg.quote.assign({ LastRate: 158, chg: 2.25 });
    expect(chg.text()).toBe("+2.25");
    expect(chg.cls()).toBe("chain-val up");
  });

  it("count volume and open interest; the OI change is counted from the load's opening OI (2,50,000 - 10,000), a whole number of contracts (issue 29: no paise), abbreviated from a thousand as the spec says (K at 1e3)", () => {
    const oiChg = bindField("oiChg");
    expect(oiChg.text()).toBe("+10.00K");
    // 2,30,000 now against an opening 2,40,000: down 10,000.
    oiChg.quote.assign({ LastRate: 150, openinterest: 2_30_000 });
    expect(oiChg.text()).toBe("-10.00K");
    expect(oiChg.cls()).toBe("chain-val down");
    // 2,40,750 against 2,40,000: up 750 contracts, not 750.00.
    oiChg.quote.assign({ LastRate: 150, openinterest: 2_40_750 });
    expect(oiChg.text()).toBe("+750");
    // Open interest of 2,50,000 is in lakhs; a volume of 90,090 in thousands (the BANKNIFTY chain showed "90,090" among "12.93L").
    const oi = bindField("oi");
    expect(oi.text()).toBe("2.50L");
    const vol = bindField("volume");
    vol.quote.assign({ LastRate: 150, volume: 90_090 });
    expect(vol.text()).toBe("90.09K");
  });

  it("in a replay, a contract the day has no OI of shows a dash for its OI and OI change, not 0 and +0; one with OI shows it; live, a 0 is a 0", () => {
    const modelled: OptionChainSide = { ...contract, oi: 0, oiChg: 0 };
    const oi = bindField("oi", modelled, true);
    const oiChg = bindField("oiChg", modelled, true);
    oi.quote.assign({ LastRate: 150, openinterest: 0 });
    oiChg.quote.assign({ LastRate: 150, openinterest: 0 });
    expect(oi.text()).toBe("–");
    expect(oiChg.text()).toBe("–");
    expect(oiChg.cls()).toBe("chain-val");
    // A recorded OI in the same replay: 2,50,000 against the load's opening 2,40,000.
    const recorded = bindField("oiChg", contract, true);
    expect(recorded.text()).toBe("+10.00K");
    // Live, the same modelled contract's 0 is the exchange's own.
    const liveOi = bindField("oi", modelled, false);
    expect(liveOi.text()).toBe("0");
    const liveChg = bindField("oiChg", modelled, false);
    expect(liveChg.text()).toBe("0");
  });

  it("write nothing when a tick leaves the cell's text as it was, and nothing after unbinding", () => {
    const vol = bindField("volume");
    vol.quote.assign({ LastRate: 150, volume: 125_001 });
    const writes = vol.writes.text;
    vol.quote.assign({ LastRate: 151, volume: 125_002 }); // still 1.25L
    expect(vol.writes.text).toBe(writes);
    vol.unbind();
    vol.quote.assign({ LastRate: 151, volume: 9_000_000 });
    expect(vol.writes.text).toBe(writes);
  });

  it("mark a priced cell stale and clear the mark", () => {
    const ltp = bindField("ltp");
    ltp.mark.set("stale");
    expect(ltp.el.dataset.stale).toBe("true");
    ltp.mark.set("live");
    expect(ltp.el.dataset.stale).toBeUndefined();
  });
});

describe("option chain greek cells", () => {
  const spotToken = 4900;
  const chain = {
    symbol: "T", underlying: { exchange: "NSEEQ", token: spotToken, tradingSymbol: "T", isIndex: true }, spot: 24_000, expiry: "2099-12-30", expiries: ["2099-12-30"], lotSize: 50, riskFreeRate: 0.065,
    strikes: [],
  } as unknown as OptionChain;
  const row = { strike: 24_000, ce: { ...contract, token: 4901 }, pe: { ...contract, token: 4902, tradingSymbol: "NIFTY24000PE" } };

  it("work a strike's figures out once for the ten cells, and again when a price they rest on moves", () => {
    const source = strikeSource(chain, row);
    const first = source.read();
    expect(source.read()).toBe(first);
    let calls = 0;
    const off = source.watch(() => calls++);
    liveQuote("NSEFO", 4901).LastRate.set(160);
    expect(calls).toBe(1);
    expect(source.read()).not.toBe(first);
    liveQuote("NSEEQ", spotToken).LastRate.set(24_010);
    expect(calls).toBe(2);
    off();
    liveQuote("NSEFO", 4902).LastRate.set(140);
    expect(calls).toBe(2);
  });

  it("read IV in percent to two places, a side with no price as --", () => {
    const f = { ce: { iv: 0.1523, delta: 0.5123, gamma: 0.00012, theta: -5.5, vega: 12.25 }, pe: { iv: null } };
    const text = (side: "CE" | "PE", g: "iv" | "delta" | "gamma") => GREEK_CELLS[side][g].text(f, "NSEFO");
    expect(text("CE", "iv")).toBe("15.23");
    expect(text("CE", "delta")).toBe("0.51");
    expect(text("CE", "gamma")).toBe("0.0001");
    expect(text("PE", "iv")).toBe("--");
  });
});
