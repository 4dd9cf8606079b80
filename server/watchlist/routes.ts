import type { FastifyInstance } from "fastify";
import { DEFAULT_USER_MW_ID, ECMW, type EcmwKey } from "../../src/core/watchlist/ecmw.js";
import { fitsInWatchlist, isPredefinedWatchlist, watchlistNameProblem } from "../../src/core/watchlist/rules.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { PREDEFINED_LISTS } from "./predefined.js";
import { addScrips, deleteScrips, listScrips, recentlyViewed, renameList, sortScrips, userLists, type ScripRef, type StoredScrip } from "./store.js";
import { route } from "../http/wire.js";
import type { Static } from "../../src/core/wire/schema.js";
import {
  addScrips as addScripsCall,
  deleteScrips as deleteScripsCall,
  recentlyViewed as recentlyViewedCall,
  renameWatchlist,
  sortScrips as sortScripsCall,
  watchlists,
  type ScripRef as WireScripRef,
  type WatchlistChange,
} from "../../src/core/wire/watchlist.js";

/**
 * Watchlists under /core (access-and-surroundings section 7): GET marketWatch/getAllMwScripsDetails,
 * POST addscrip, deletescrip, sortMwScrips, renameMW, GET scrip/recentlyViewed. Business
 * errors answer 200 with the ECMW codes of src/core/watchlist/ecmw.ts.
 */

const refuse = (key: EcmwKey) => fail(ECMW[key].code, ECMW[key].message);
const done = (key: EcmwKey, result: Omit<WatchlistChange, "code">) => ok<WatchlistChange>([{ code: ECMW[key].code, ...result }], ECMW[key].message);

/** Scrip references from a body list; null when any entry names no token or an instrument unknown to the master. */
function readScrips(list: ReadonlyArray<Static<typeof WireScripRef>>, market: Market): ScripRef[] | null {
  const out: ScripRef[] = [];
  for (const r of list) {
    const t = r.token ?? r.instrumentId;
    const token = Number(t);
    if (t === undefined || !market.instrument(r.exchange, token)) return null;
    if (!out.some((s) => s.exchange === r.exchange && s.token === token)) out.push({ exchange: r.exchange, token });
  }
  return out;
}

/** The row a watchlist shows for a scrip: contract fields and the current price. */
export function scripRow(market: Market, s: ScripRef, sortingOrder: number) {
  const inst = market.instrument(s.exchange, s.token);
  if (!inst) return null;
  const q = market.quote(s.exchange, s.token);
  return {
    exchange: inst.exchange,
    token: inst.token,
    tradingSymbol: inst.tradingSymbol,
    symbol: inst.symbol,
    formattedInsName: inst.formattedInsName,
    companyName: inst.companyName,
    insType: inst.insType,
    expiry: inst.expiry,
    strikePrice: inst.strikePrice,
    optionType: inst.optionType ?? "",
    lotSize: inst.lotSize,
    tickSize: inst.tickSize,
    isIndex: inst.isIndex,
    pdc: q?.pClose ?? inst.referencePrice,
    ltp: q?.ltp ?? inst.referencePrice,
    chg: q?.chg ?? 0,
    pchg: q?.pchg ?? 0,
    sortingOrder,
  };
}

type Row = NonNullable<ReturnType<typeof scripRow>>;
const rows = (market: Market, list: readonly StoredScrip[]): Row[] =>
  // A contract that has expired since it was added is no longer in the master: it is not shown.
  list.flatMap((s) => scripRow(market, s, s.sortingOrder) ?? []);

export function registerWatchlists(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const { db } = ctx;
  const userListIds = (userId: string) => new Set(userLists(db, userId).map((l) => l.mwId));

  /** The user lists, then the predefined ones; the default tab ids are 302 and 1. */
  route(app, watchlists, async (req) => {
    const user = userLists(db, req.userId).map((l) => ({
      mwId: l.mwId,
      mwName: l.mwName,
      isDefault: l.mwId === DEFAULT_USER_MW_ID,
      isEdit: true,
      scrips: rows(market, listScrips(db, req.userId, l.mwId)),
    }));
    const predefined = PREDEFINED_LISTS.map((p) => ({
      mwId: p.mwId,
      mwName: p.mwName,
      isDefault: p.mwId === 1,
      isEdit: false,
      scrips: p.scrips(market).flatMap((s, i) => scripRow(market, s, i + 1) ?? []),
    }));
    return ok([...user, ...predefined]);
  });

  /** Checks the list id: a predefined list cannot be edited; an unknown id is invalid. */
  const editable = (userId: string, mwId: number): EcmwKey | null => {
    if (isPredefinedWatchlist(mwId) || PREDEFINED_LISTS.some((p) => p.mwId === mwId)) return "notEditable";
    return userListIds(userId).has(mwId) ? null : "invalidId";
  };

  route(app, addScripsCall, async (req) => {
    const mwId = Number(req.body.mwId);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    const scrips = readScrips(req.body.scrips, market);
    if (!scrips) return refuse("invalidScrip");
    const existing = listScrips(db, req.userId, mwId);
    const fresh = scrips.filter((s) => !existing.some((e) => e.exchange === s.exchange && e.token === s.token));
    if (fresh.length === 0) return refuse("duplicate");
    if (!fitsInWatchlist(existing.length, fresh.length)) return refuse("full");
    addScrips(db, req.userId, mwId, fresh, ctx.clock.now());
    return done("added", { mwId, scrips: rows(market, listScrips(db, req.userId, mwId)) });
  });

  route(app, deleteScripsCall, async (req) => {
    const mwId = Number(req.body.mwId);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    // Deleting names scrips by exchange and token; an expired contract may be deleted too.
    const list = req.body.scrips;
    const scrips = list.flatMap((r): ScripRef[] => {
      const t = r.token ?? r.instrumentId;
      return t === undefined ? [] : [{ exchange: r.exchange, token: Number(t) }];
    });
    if (scrips.length !== list.length) return refuse("invalidScrip");
    if (deleteScrips(db, req.userId, mwId, scrips) === 0) return refuse("invalidScrip");
    return done("deleted", { mwId, scrips: rows(market, listScrips(db, req.userId, mwId)) });
  });

  route(app, sortScripsCall, async (req) => {
    const mwId = Number(req.body.mwId);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    const order: StoredScrip[] = req.body.scripData.map((r) => ({ exchange: r.exchange, token: Number(r.token), sortingOrder: Number(r.sortingOrder) }));
    sortScrips(db, req.userId, mwId, order);
    return done("sorted", { mwId, scrips: rows(market, listScrips(db, req.userId, mwId)) });
  });

  route(app, renameWatchlist, async (req) => {
    const mwId = Number(req.body.mwId);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    const name = req.body.mwName;
    const others = [...userLists(db, req.userId).filter((l) => l.mwId !== mwId).map((l) => l.mwName), ...PREDEFINED_LISTS.map((p) => p.mwName)];
    const nameProblem = watchlistNameProblem(name, others);
    if (nameProblem) return refuse(nameProblem);
    renameList(db, req.userId, mwId, name.trim());
    return done("renamed", { mwId, mwName: name.trim() });
  });

  route(app, recentlyViewedCall, async (req) => {
    return ok(recentlyViewed(db, req.userId).flatMap((s, i) => scripRow(market, s, i + 1) ?? []));
  });
}
