import { observable } from "@legendapp/state";
import { describe, expect, it } from "vitest";
import { emptyQuote, type LiveQuote } from "../../../src/feed/quoteStore";
import { bindLiveCell, CHANGE_CELL, LTP_CELL, PERCENT_CELL, type CellKind, type LiveRow } from "../../../src/panes/cells/liveCell";
import type { PriceMark } from "../../../src/panes/views/priceStale";
import { fakeCell } from "../../support/fakeCell";

const row: LiveRow = { exchange: "NSEEQ", token: 2885, tradingSymbol: "RELIANCE-EQ", ltp: 123456.5, chg: -10, pchg: -0.0081 };

function bind(kind: CellKind) {
  const cell = fakeCell("wl-cell num");
  const quote = observable<LiveQuote>(emptyQuote("NSEEQ", 2885));
  const mark = observable<PriceMark>("live");
  const flashes: string[] = [];
  const unbind = bindLiveCell(cell.el, "wl-cell num", row, kind, { quote, mark, flash: (_el, d) => void flashes.push(d) });
  return { ...cell, quote, mark, flashes, unbind };
}

describe("live cells (watchlist and market grids)", () => {
  it("show the list call's figures until the first frame, in Indian grouping with two decimals for NSE", () => {
    expect(bind(LTP_CELL).text()).toBe("1,23,456.50");
    const chg = bind(CHANGE_CELL);
    expect(chg.text()).toBe("-10.00");
    expect(chg.cls()).toBe("wl-cell num down");
    expect(bind(PERCENT_CELL).text()).toBe("-0.01%");
  });

  it("a frame writes the new price into the cell's one text node, coloured by the day's change", () => {
    const c = bind(LTP_CELL);
    c.quote.assign({ LastRate: 123500, PClose: 123000, chg: 500, pchg: 0.4065 });
    expect(c.text()).toBe("1,23,500.00");
    // LTP is coloured by the change: up.
    expect(c.cls()).toBe("wl-cell num up");
    const p = bind(PERCENT_CELL);
    p.quote.assign({ LastRate: 123500, PClose: 123000, chg: 500, pchg: 0.4065 });
    expect(p.text()).toBe("+0.41%");
  });

  it("writes only what changed: a tick that leaves the shown text alone writes nothing", () => {
    const c = bind(PERCENT_CELL);
    c.quote.assign({ LastRate: 100, PClose: 99, chg: 1, pchg: 1.0101 });
    const after = { ...c.writes };
    // Volume moved and the percent rounds to the same 1.01: neither text nor class is written.
    c.quote.assign({ volume: 500, pchg: 1.0102 });
    expect(c.writes).toEqual(after);
    expect(c.text()).toBe("+1.01%");
  });

  it("flashes the last price up when it rose and down when it fell, not on the first figure shown", () => {
    const c = bind(LTP_CELL);
    expect(c.flashes).toEqual([]);
    c.quote.assign({ LastRate: 123500, chg: 500 });
    c.quote.assign({ LastRate: 123400, chg: 400 });
    c.quote.assign({ volume: 9 });
    expect(c.flashes).toEqual(["up", "down"]);
  });

  it("marks the cell stale while its price is stale (data-stale), and clears it", () => {
    const c = bind(CHANGE_CELL);
    expect(c.el.dataset.stale).toBeUndefined();
    c.mark.set("stale");
    expect(c.el.dataset.stale).toBe("true");
    expect(c.el.title).toBe("");
    c.mark.set("live");
    expect(c.el.dataset.stale).toBeUndefined();
  });

  // FINDINGS-24 §12: in a replay the watchlist showed a share the tape has no ticks of at its reference
  // price in normal colours, where Holdings and the header mark it: "dimmed ... and titled with why" (priceStale.ts).
  it("marks the cell at its reference price in a replay (data-stale) and titles why; a first tick clears both", () => {
    const c = bind(LTP_CELL);
    c.mark.set("reference");
    expect(c.el.dataset.stale).toBe("true");
    expect(c.el.title).toBe("No ticks of RELIANCE-EQ on the replay's tape: at its reference price");
    c.mark.set("live");
    expect(c.el.dataset.stale).toBeUndefined();
    expect(c.el.title).toBe("");
  });

  it("a sign-out's empty quote shows the list's figures again; unbound, the cell no longer follows", () => {
    const c = bind(LTP_CELL);
    c.quote.assign({ LastRate: 123500, chg: 500 });
    c.quote.set(emptyQuote("NSEEQ", 2885));
    expect(c.text()).toBe("1,23,456.50");
    c.unbind();
    c.quote.assign({ LastRate: 1, chg: 1 });
    c.mark.set("stale");
    expect(c.text()).toBe("1,23,456.50");
    expect(c.el.dataset.stale).toBeUndefined();
  });
});
