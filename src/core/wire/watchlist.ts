import { ECMW, type EcmwKey } from "../watchlist/ecmw";
import { defineCall } from "./call";
import { ContractNaming } from "./market";
import { Envelope, Exchange, refused, Type, WholeOrText, type Static } from "./schema";

/**
 * Watchlists under /core (access-and-surroundings section 7). Refusals answer the ECMW codes of
 * src/core/watchlist/ecmw.ts with their messages; a success carries its ECMW code in result[0].code.
 */

const ecmw = (key: EcmwKey) => refused(ECMW[key].code, ECMW[key].message);

/** A watchlist row: the contract's fields and its price now. */
export const WatchlistScrip = Type.Object({
  ...ContractNaming,
  isIndex: Type.Boolean(),
  pdc: Type.Number(),
  ltp: Type.Number(),
  chg: Type.Number(),
  pchg: Type.Number(),
  sortingOrder: Type.Number(),
});
export type WatchlistScrip = Static<typeof WatchlistScrip>;

export const Watchlist = Type.Object({
  mwId: Type.Number(),
  mwName: Type.String(),
  isDefault: Type.Boolean(),
  isEdit: Type.Boolean({ description: "False for the predefined lists" }),
  scrips: Type.Array(WatchlistScrip),
});
export type Watchlist = Static<typeof Watchlist>;

/** What an edit answers: its ECMW code, the list, and the list's rows (or its new name). */
export const WatchlistChange = Type.Object({
  code: Type.String(),
  mwId: Type.Number(),
  mwName: Type.Optional(Type.String()),
  scrips: Type.Optional(Type.Array(WatchlistScrip)),
});
export type WatchlistChange = Static<typeof WatchlistChange>;

/** A body that is not even an object names no list: ECMW006, as a missing mwId. */
const mwId = WholeOrText({ ...ecmw("invalidId"), description: "The list's id (user lists from 302; predefined lists cannot be edited, ECMW011)" });

/** A scrip by exchange and token (or instrumentId, another name for it). */
export const ScripRef = Type.Object({
  exchange: Exchange(),
  token: Type.Optional(WholeOrText()),
  instrumentId: Type.Optional(WholeOrText({ description: "Another name for token" })),
});

const scrips = Type.Array(ScripRef, { minItems: 1, ...ecmw("invalidScrip") });

export const watchlists = defineCall({
  method: "GET",
  service: "core",
  path: "marketWatch/getAllMwScripsDetails",
  tag: "watchlist",
  summary: "The user's lists, then the predefined ones (default tab ids 302 and 1)",
  answer: Envelope(Watchlist),
});

export const addScrips = defineCall({
  method: "POST",
  service: "core",
  path: "addscrip",
  tag: "watchlist",
  summary: "Adds scrips to a list (ECMW004; at most 50 scrips, ECMW010; a scrip already there, ECMW012)",
  body: Type.Object({ mwId, scrips }, ecmw("invalidId")),
  answer: Envelope(WatchlistChange),
});

export const deleteScrips = defineCall({
  method: "POST",
  service: "core",
  path: "deletescrip",
  tag: "watchlist",
  summary: "Deletes scrips from a list (ECMW003); an expired contract may be deleted too",
  body: Type.Object({ mwId, scrips }, ecmw("invalidId")),
  answer: Envelope(WatchlistChange),
});

export const sortScrips = defineCall({
  method: "POST",
  service: "core",
  path: "sortMwScrips",
  tag: "watchlist",
  summary: "Sets the order of a list's scrips (ECMW005)",
  body: Type.Object(
    {
      mwId,
      scripData: Type.Array(Type.Object({ exchange: Exchange(), token: WholeOrText(), sortingOrder: WholeOrText() }), { minItems: 1, ...ecmw("invalidScrip") }),
    },
    ecmw("invalidId"),
  ),
  answer: Envelope(WatchlistChange),
});

export const renameWatchlist = defineCall({
  method: "POST",
  service: "core",
  path: "renameMW",
  tag: "watchlist",
  summary: "Renames a list (ECMW014; empty ECMW015, over 40 characters ECMW007, taken ECMW008)",
  body: Type.Object({ mwId, mwName: Type.String(ecmw("nameEmpty")) }, ecmw("invalidId")),
  answer: Envelope(WatchlistChange),
});

export const recentlyViewed = defineCall({
  method: "GET",
  service: "core",
  path: "scrip/recentlyViewed",
  tag: "watchlist",
  summary: "The instruments the user looked up last, newest first",
  answer: Envelope(WatchlistScrip),
});
