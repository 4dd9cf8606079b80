import type { FastifyInstance } from "fastify";
import { isExchange } from "../../src/core/types/exchange.js";
import { DEFAULT_USER_MW_ID, ECMW, type EcmwKey } from "../../src/core/watchlist/ecmw.js";
import { fitsInWatchlist, isPredefinedWatchlist, watchlistNameProblem } from "../../src/core/watchlist/rules.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { PREDEFINED_LISTS } from "./predefined.js";
import { addScrips, deleteScrips, listScrips, recentlyViewed, renameList, sortScrips, userLists, type ScripRef, type StoredScrip } from "./store.js";
import { numberIn } from "../http/read.js";

/**
 * Watchlists under /core (access-and-surroundings section 7): GET marketWatch/getAllMwScripsDetails,
 * POST addscrip, deletescrip, sortMwScrips, renameMW, GET scrip/recentlyViewed. Business
 * errors answer 200 with the ECMW codes of src/core/watchlist/ecmw.ts.
 */

const refuse = (key: EcmwKey) => fail(ECMW[key].code, ECMW[key].message);
const done = (key: EcmwKey, result: Record<string, unknown> = {}) => ok([{ code: ECMW[key].code, ...result }], ECMW[key].message);

function body(req: { body: unknown }): Record<string, unknown> {
  return typeof req.body === "object" && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

/** Scrip references from a body list; null when any entry is malformed or unknown to the master. */
function readScrips(value: unknown, market: Market): ScripRef[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const out: ScripRef[] = [];
  for (const v of value) {
    if (typeof v !== "object" || v === null) return null;
    const r = v as Record<string, unknown>;
    const token = numberIn(r.token ?? r.instrumentId);
    if (!isExchange(r.exchange) || !Number.isInteger(token) || !market.instrument(r.exchange, token)) return null;
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

function readMwId(b: Record<string, unknown>): number | null {
  const id = numberIn(b.mwId);
  return Number.isInteger(id) ? id : null;
}

export function registerWatchlists(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const { db } = ctx;
  const userListIds = (userId: string) => new Set(userLists(db, userId).map((l) => l.mwId));

  /** The user lists, then the predefined ones; the default tab ids are 302 and 1. */
  app.get("/core/marketWatch/getAllMwScripsDetails", async (req) => {
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
  const editable = (userId: string, mwId: number | null): EcmwKey | null => {
    if (mwId === null) return "invalidId";
    if (isPredefinedWatchlist(mwId) || PREDEFINED_LISTS.some((p) => p.mwId === mwId)) return "notEditable";
    return userListIds(userId).has(mwId) ? null : "invalidId";
  };

  app.post("/core/addscrip", async (req) => {
    const b = body(req);
    const mwId = readMwId(b);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    const scrips = readScrips(b.scrips, market);
    if (!scrips) return refuse("invalidScrip");
    const existing = listScrips(db, req.userId, mwId as number);
    const fresh = scrips.filter((s) => !existing.some((e) => e.exchange === s.exchange && e.token === s.token));
    if (fresh.length === 0) return refuse("duplicate");
    if (!fitsInWatchlist(existing.length, fresh.length)) return refuse("full");
    addScrips(db, req.userId, mwId as number, fresh, ctx.clock.now());
    return done("added", { mwId, scrips: rows(market, listScrips(db, req.userId, mwId as number)) });
  });

  app.post("/core/deletescrip", async (req) => {
    const b = body(req);
    const mwId = readMwId(b);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    // Deleting names scrips by exchange and token; an expired contract may be deleted too.
    const list = Array.isArray(b.scrips) ? b.scrips : [];
    const scrips = list.flatMap((v): ScripRef[] => {
      const r = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
      const token = numberIn(r.token ?? r.instrumentId);
      return isExchange(r.exchange) && Number.isInteger(token) ? [{ exchange: r.exchange, token }] : [];
    });
    if (scrips.length === 0 || scrips.length !== list.length) return refuse("invalidScrip");
    if (deleteScrips(db, req.userId, mwId as number, scrips) === 0) return refuse("invalidScrip");
    return done("deleted", { mwId, scrips: rows(market, listScrips(db, req.userId, mwId as number)) });
  });

  app.post("/core/sortMwScrips", async (req) => {
    const b = body(req);
    const mwId = readMwId(b);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    if (!Array.isArray(b.scripData) || b.scripData.length === 0) return refuse("invalidScrip");
    const order: StoredScrip[] = [];
    for (const v of b.scripData) {
      const r = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
      const token = numberIn(r.token);
      const sortingOrder = numberIn(r.sortingOrder);
      if (!isExchange(r.exchange) || !Number.isInteger(token) || !Number.isInteger(sortingOrder)) return refuse("invalidScrip");
      order.push({ exchange: r.exchange, token, sortingOrder });
    }
    sortScrips(db, req.userId, mwId as number, order);
    return done("sorted", { mwId, scrips: rows(market, listScrips(db, req.userId, mwId as number)) });
  });

  app.post("/core/renameMW", async (req) => {
    const b = body(req);
    const mwId = readMwId(b);
    const problem = editable(req.userId, mwId);
    if (problem) return refuse(problem);
    const name = typeof b.mwName === "string" ? b.mwName : "";
    const others = [...userLists(db, req.userId).filter((l) => l.mwId !== mwId).map((l) => l.mwName), ...PREDEFINED_LISTS.map((p) => p.mwName)];
    const nameProblem = watchlistNameProblem(name, others);
    if (nameProblem) return refuse(nameProblem);
    renameList(db, req.userId, mwId as number, name.trim());
    return done("renamed", { mwId, mwName: name.trim() });
  });

  app.get("/core/scrip/recentlyViewed", async (req) => {
    return ok(recentlyViewed(db, req.userId).flatMap((s, i) => scripRow(market, s, i + 1) ?? []));
  });
}
