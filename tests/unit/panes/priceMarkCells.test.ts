import { observe } from "@legendapp/state";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeMarketSnapshot } from "../../../src/core/frameCodec";
import type { Position } from "../../../src/core/types";
import type { OptionChain } from "../../../src/core/types/optionChain";
import type { MarketRow } from "../../../src/core/wire/discover";
import { brokerClock$ } from "../../../src/data/stores/brokerClock";
import { feedHealth$ } from "../../../src/feed/health";
import { quoteStore } from "../../../src/feed/session";
import { ChainBar } from "../../../src/panes/chain/ChainView";
import { FigureCell, WeekDistanceCell } from "../../../src/panes/discover/MarketGrid";
import { BestBidAsk } from "../../../src/panes/orderWindow/BestBidAsk";
import { DayPnlCell, PnlCell, UnrealisedCell } from "../../../src/panes/portfolio/PositionCells";
import { PositionInfoDialog } from "../../../src/panes/portfolio/PositionInfoDialog";
import { atReferenceNow, totalStaleNow } from "../../../src/panes/portfolio/live";

/**
 * "Stale is an error": every price on screen is live or marked. In a replay an instrument the tape has no
 * ticks of stands at its reference price, its quote of sequence 0 (server/replay/market.ts quoteOf); the
 * watchlist marks such a price dimmed (data-stale) and titled why. These cells marked only a stale price.
 */

/** A quote of the replay's broker: sequence 0 is an instrument's reference quote, 1 on its tape's rows. Prices in paise (divisor 100). */
function quote(token: number, seq: number, lastRate: number): Uint8Array {
  return encodeMarketSnapshot({
    exchange: "NSEEQ", token, lastRate, lastQty: 1, totalQty: 10, high: lastRate, low: lastRate, openRate: lastRate, pClose: 77200, avgRate: lastRate,
    bidQty: 0, bidRate: 0, offQty: 0, offRate: 0, tBidQ: 0, tOffQ: 0, priceDivisor: 100, lastTradedTime: 1, bids: [], asks: [], seq,
  });
}

function arrive(token: number, seq: number, lastRate: number): void {
  quoteStore.applyFrame(quote(token, seq, lastRate));
  quoteStore.flush();
}

const html = (el: ReactElement): string => renderToStaticMarkup(el);

/** The watchlist's title for such a price (priceStale.ts atReferenceTitle), written out. */
const WHY = "No ticks of HDFCBANK-EQ on the replay's tape: at its reference price";
const MARKED = `data-stale="true" title="${WHY.replace(/'/g, "&#x27;")}"`;

let mode: ReturnType<typeof brokerClock$.mode.peek>;
beforeEach(() => {
  mode = brokerClock$.mode.peek();
  brokerClock$.mode.set("replay");
});
afterEach(() => brokerClock$.mode.set(mode));

const row = (token: number): MarketRow => ({
  ScripCode: token, exchange: "NSEEQ", token, topic: "", pdc: 772, ltp: 772, chg: 0, pchg: 0, h: 772, o: 772, l: 772, volume: 10,
  symbol: "HDFCBANK", tradingSymbol: "HDFCBANK-EQ", formattedInsName: "HDFCBANK", companyName: "HDFC Bank", weekHigh: 800, weekLow: 700,
});

const position = (token: number): Position => ({
  exchange: "NSEEQ", token: String(token), instrumentId: String(token), tradingSymbol: "HDFCBANK-EQ", product: "INTRADAY", netQuantity: 1, buyQuantity: 1, sellQuantity: 0,
  buyPrice: 770, sellPrice: 0, dayBuyPrice: 770, daySellPrice: 0, dayBuyQuantity: 1, daySellQuantity: 0, cfBuyQuantity: 0, cfSellQuantity: 0,
  realizedPnl: 0, unRealizedPnl: 2, pnl: 2, previousDayClose: 772, ltp: 772,
  multiplier: 1, lotsize: 1, type: "", topic: `prod/marketfeed/mw/v1/NSEEQ/${token}`,
});

describe("a replay's reference price is marked as the watchlist marks it, in every React price cell", () => {
  it("the option chain's spot: dimmed and titled at its reference quote, unmarked from the tape's first row", () => {
    const chain: OptionChain = { symbol: "HDFCBANK", underlying: { exchange: "NSEEQ", token: 91333, tradingSymbol: "HDFCBANK-EQ", isIndex: false }, spot: 772, expiry: "2026-11-25", expiries: [], lotSize: 550, riskFreeRate: 0.065, strikes: [] };
    const spot = () => html(createElement(ChainBar, { chain, count: 0, buildUpMinutes: 0, sign: undefined })).match(/<span class="num" data-testid="chain-spot-price"[^>]*>/)![0];
    arrive(91333, 0, 77200);
    expect(spot()).toContain(MARKED);
    arrive(91333, 1, 77250);
    expect(spot()).not.toContain("data-stale");
    expect(spot()).not.toContain("title");
  });

  it("Discover's figures (high, 52-week distance)", () => {
    arrive(91334, 0, 77200);
    expect(html(createElement(FigureCell, { r: row(91334), field: "h" }))).toContain(MARKED);
    expect(html(createElement(WeekDistanceCell, { r: row(91334), field: "fromHigh" }))).toContain(MARKED);
  });

  it("the order window's best bid and ask", () => {
    arrive(91335, 0, 77200);
    expect(html(createElement(BestBidAsk, { exchange: "NSEEQ", token: 91335, symbol: "HDFCBANK-EQ" }))).toContain(`<span class="ow-touch" ${MARKED}>`);
  });

  it("a position's P&L cells (dimmed as its LTP is) and its info dialog's live figures", () => {
    arrive(91336, 0, 77200);
    const p = position(91336);
    for (const cell of [PnlCell, DayPnlCell, UnrealisedCell]) expect(html(createElement(cell, { p, at: { "data-col": "pnl" } }))).toContain('data-stale="true"');
    const dialog = html(createElement(PositionInfoDialog, { position: p }));
    for (const field of ["ltp", "unRealizedPnl", "pnl"]) expect(dialog).toContain(`data-field="${field}" ${MARKED}`);
    expect(dialog).toContain('data-field="buyPrice">');
  });

  it("outside a replay a quote of sequence 0 is no reference price: unmarked", () => {
    brokerClock$.mode.set("live");
    arrive(91337, 0, 77200);
    expect(html(createElement(BestBidAsk, { exchange: "NSEEQ", token: 91337, symbol: "HDFCBANK-EQ" }))).not.toContain("data-stale");
  });
});

describe("the totals' notes (portfolio/live.ts)", () => {
  it("useAtReference stops naming a share once the tape's first row of it is played, even at the reference price itself; its other ticks do not run it", () => {
    const rows = [{ exchange: "NSEEQ" as const, token: 91338, symbol: "HDFCBANK-EQ" }];
    const seen: string[] = [];
    const stop = observe(() => {
      seen.push(atReferenceNow(rows));
    });
    arrive(91338, 0, 77200);
    // A bar opening flat: the tape's first row trades at the reference price, so the price does not move.
    arrive(91338, 1, 77200);
    expect(seen.at(-1)).toBe("");
    arrive(91338, 2, 77300);
    arrive(91338, 3, 77400);
    stop();
    expect(seen).toEqual(["", "HDFCBANK-EQ", ""]);
  });

  it("a Total follows its rows: at its reference it is not dimmed by its stale part, and is once a played price goes stale", () => {
    const rows = [{ exchange: "NSEEQ" as const, token: 91339 }];
    const health = feedHealth$.state.peek();
    feedHealth$.state.set("live");
    const seen: boolean[] = [];
    const stop = observe(() => {
      seen.push(totalStaleNow(rows));
    });
    // The shared timer's step (feed/health.ts) long after the last tick, its market open: no tick for 10 s.
    const late = () => quoteStore.markStale(Number.MAX_SAFE_INTEGER, () => true, 10_000);
    arrive(91339, 0, 77200);
    late();
    // The tape's first row, at the reference price itself: the tick clears the stale flag.
    arrive(91339, 1, 77200);
    late();
    stop();
    feedHealth$.state.set(health);
    // Before any quote; at its reference and stale (feed up: not dimmed, issue 35); played; played and stale.
    expect(seen).toEqual([false, false, false, true]);
  });
});
