import { mwTopic } from "../../src/core/topics.js";
import {
  EQUITY_LIST_TOP, ETF_GROUPS, isNearWeekHigh, isNearWeekLow, rankGainers, rankLosers, SCANNER_TOP,
  type EquityList, type EtfGroupList, type GainerLoserList, type MarketRow,
} from "../../src/core/rules/discover.js";
import { ETF_BY_SYMBOL } from "../market/instruments/etfs.js";
import type { Instrument, Market } from "../market/types.js";

/** An instrument's row from the simulator's live quote. */
export function marketRow(market: Market, inst: Instrument): MarketRow | undefined {
  const q = market.quote(inst.exchange, inst.token);
  if (!q) return undefined;
  return {
    ScripCode: inst.token,
    exchange: inst.exchange,
    token: inst.token,
    topic: mwTopic(inst.exchange, inst.token),
    pdc: q.pClose,
    ltp: q.ltp,
    chg: q.chg,
    pchg: q.pchg,
    h: q.high,
    o: q.open,
    l: q.low,
    volume: q.volume,
    symbol: inst.symbol,
    tradingSymbol: inst.tradingSymbol,
    formattedInsName: inst.formattedInsName,
    companyName: inst.companyName,
    weekHigh: q.weekHigh,
    weekLow: q.weekLow,
  };
}

const rowsOf = (market: Market, list: readonly Instrument[]): MarketRow[] => list.flatMap((i) => marketRow(market, i) ?? []);

/**
 * The scanner's universe: each NSE F&O underlying's near-month future (index and stock futures).
 * Options are left out: their percent changes dwarf every future's, so the list would be options
 * alone, which is not what a gainers and losers scanner of F&O shows.
 */
export function nearFutures(market: Market, today: string): Instrument[] {
  const known = nearByDay.get(market);
  if (known?.day === today) return known.list;
  const near = new Map<string, Instrument>();
  for (const i of market.instruments()) {
    if (i.exchange !== "NSEFO" || (i.insType !== "FUTIDX" && i.insType !== "FUTSTK") || i.expiry < today) continue;
    const held = near.get(i.symbol);
    if (!held || i.expiry < held.expiry) near.set(i.symbol, i);
  }
  const list = [...near.values()];
  nearByDay.set(market, { day: today, list });
  return list;
}

/** The master does not change while the broker runs: each universe is found once (per day for expiries). */
const nearByDay = new WeakMap<Market, { day: string; list: Instrument[] }>();
const sharesOf = new WeakMap<Market, Instrument[]>();
const etfsOf = new WeakMap<Market, Instrument[]>();

/** GetFOGainerLooserList: gainers by pchg descending, losers ascending, the top 20 of each. */
export function gainersAndLosers(market: Market, today: string): GainerLoserList {
  const rows = rowsOf(market, nearFutures(market, today));
  return { Gainer: rankGainers(rows, SCANNER_TOP), Looser: rankLosers(rows, SCANNER_TOP) };
}

/** NSE's cash shares (ETFs are listed as shares but are funds: they have their own page). */
export function nseShares(market: Market): Instrument[] {
  let list = sharesOf.get(market);
  if (!list) sharesOf.set(market, (list = market.instruments().filter((i) => i.exchange === "NSEEQ" && i.insType === "EQ" && !ETF_BY_SYMBOL.has(i.symbol))));
  return list;
}

/** One of Invest Equity's lists over NSE's cash shares. */
export function equityList(market: Market, list: EquityList): MarketRow[] {
  const rows = rowsOf(market, nseShares(market));
  switch (list) {
    case "topGainers":
      return rankGainers(rows, EQUITY_LIST_TOP);
    case "topLosers":
      return rankLosers(rows, EQUITY_LIST_TOP);
    // Nearest the extreme first: a share at its high leads the 52 Week High list.
    case "weekHigh":
      return rows.filter((r) => isNearWeekHigh(r.ltp, r.weekHigh)).sort((a, b) => b.ltp / b.weekHigh - a.ltp / a.weekHigh || a.token - b.token);
    case "weekLow":
      return rows.filter((r) => isNearWeekLow(r.ltp, r.weekLow)).sort((a, b) => a.ltp / a.weekLow - b.ltp / b.weekLow || a.token - b.token);
  }
}

/** Every ETF group with its funds, in the page's tab order; a group lists its funds by symbol. */
export function etfGroups(market: Market): EtfGroupList[] {
  let etfs = etfsOf.get(market);
  if (!etfs) etfsOf.set(market, (etfs = market.instruments().filter((i) => i.exchange === "NSEEQ" && ETF_BY_SYMBOL.has(i.symbol))));
  return ETF_GROUPS.map((group) => ({
    group,
    scrips: rowsOf(market, etfs!.filter((i) => ETF_BY_SYMBOL.get(i.symbol)!.group === group)).sort((a, b) => a.symbol.localeCompare(b.symbol)),
  }));
}
