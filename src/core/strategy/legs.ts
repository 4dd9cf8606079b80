import { isExchange, type Exchange } from "../types/exchange";
import { PRODUCTS, type Product } from "../types/order";

/**
 * The legs of a strategy pane (issue 31), pure: what the pane keeps in the saved layout and how
 * the trader's keys edit it. A leg has the shape resolveStrategy answers (src/core/strategy/resolve.ts:
 * the contract, its side and lots) and, when the trader typed one, its entry price; without one
 * the entry is the leg's live price.
 */
/** EQ: the share itself (a covered call, a protective put, a collar). */
export type DeskOptionType = "CE" | "PE" | "FUT" | "EQ";

export interface DeskLeg {
  token: number;
  /** The contract's trading symbol. */
  symbol: string;
  exchange: Exchange;
  optionType: DeskOptionType;
  /** 0 for a future or a share. */
  strike: number;
  /** YYYY-MM-DD; "" for a share. */
  expiry: string;
  side: "BUY" | "SELL";
  /** Whole lots, at least 1. */
  lots: number;
  lotSize: number;
  /** The price the trader typed for the leg, per unit; none: the live price. A held leg's: the position's average. */
  entry?: number;
  /** The leg is an open position ("Analyse positions"): what is held of it. Placing sends only lots beyond these. */
  held?: HeldLots;
  /**
   * What the leg holds in other books than those in effect (heldBooks.ts legInBooks): a live position
   * while a replay runs, a replay's while on the live market. Not shown, not counted, not sent on:
   * kept so the leg is held again when those books are back.
   */
  heldElsewhere?: ReadonlyArray<HeldMark>;
}

/** A held mark kept for other books: the lots, and for an analysed leg the position's average there (its entry in those books). */
export interface HeldMark {
  held: HeldLots;
  average?: number;
}

/**
 * What a leg holds already (issue 31's "Analyse positions"): the open position's lots on the leg's
 * side and its product. The leg's entry is the position's average price; placing the strategy
 * sends none of these lots again (placement.ts orderToPlace).
 */
export interface HeldLots {
  lots: number;
  product: Product;
  /**
   * The lots are the book's open positions ("Analyse positions"), so the leg's entry is read from
   * the positions as they stand (fills.ts bookHeld): lots added and placed here are averaged in as
   * they fill, as the book averages them. Not set on a leg held because the pane placed it: its
   * entry is its order's fill or the price the trader typed.
   */
  fromPositions?: true;
  /**
   * When the positions of more than one product are this one leg (an NRML and an INTRADAY position
   * of one contract on one side, analyse.ts): the lots each product holds, in the book's order, so
   * the leg says what is held where ("held · 1 NRML + 1 INTRADAY"); `product` alone named only the
   * first, and read as if every lot were NRML (F8). Absent when one product holds them all.
   */
  byProduct?: ReadonlyArray<{ product: Product; lots: number }>;
  /**
   * The broker's books the lots are held in (brokerBooks.ts booksAnswering: "live", "replay <date>
   * <run>"): a replay has books of its own (issue 35). Absent: the live books (a layout saved
   * before marks named their books; the app starts on live books), or, before the pane's state is
   * written (heldBooks.ts markedIn), the books in effect.
   */
  books?: string;
}

/** The underlying whose spot the payoff is drawn over (an index, a share, a commodity's future). */
export interface DeskUnderlying {
  symbol: string;
  exchange: Exchange;
  token: number;
  /** An index has no depth: its live price comes on the index topic. */
  isIndex: boolean;
}

/** A strategy pane's saved state: its underlying and legs, in the order they were added. */
export interface PaneStrategy {
  underlying: DeskUnderlying;
  legs: DeskLeg[];
  /** What it was loaded as ("NIFTY iron condor", a saved strategy's name), for the toasts; gone once its legs are changed into another shape. */
  name?: string;
  /**
   * What of the book "Analyse positions" did not take (analyse.ts: a share position of the
   * underlying), said on the pane so its payoff and greeks are not read as the whole book's.
   * Kept while the pane shows that analysis, edited or not; a strategy put in its place has none.
   */
  leftOut?: string;
}

export const MAX_NAME = 60;
/** A left-out line runs to a few positions' names; a longer one (a hand edit) is not trusted. */
const MAX_LEFT_OUT = 600;

/** How toasts name a strategy: its name, else its underlying ("Strategy on NIFTY placed: ..."). */
export const strategyName = (s: PaneStrategy): string => s.name ?? `on ${s.underlying.symbol}`;

export const MAX_LEGS = 12;

const sameContract = (a: DeskLeg, b: DeskLeg) => a.exchange === b.exchange && a.token === b.token;

/**
 * Adds a leg. The same contract on the same side is one leg with more lots (pressing `a` twice on
 * a strike buys two lots); on the other side it is a leg of its own (a trader may sell what the
 * set also buys: a ratio spread is written that way). At MAX_LEGS a new contract is not added.
 */
export function addLeg(legs: readonly DeskLeg[], leg: DeskLeg): DeskLeg[] {
  const i = legs.findIndex((l) => sameContract(l, leg) && l.side === leg.side);
  if (i >= 0) return legs.map((l, j) => (j === i ? { ...l, lots: l.lots + leg.lots } : l));
  return legs.length >= MAX_LEGS ? [...legs] : [...legs, leg];
}

export function removeLeg(legs: readonly DeskLeg[], index: number): DeskLeg[] {
  return legs.filter((_, j) => j !== index);
}

/**
 * BUY becomes SELL and back; the typed entry stays (the same price, the other side). A held leg
 * flipped is no longer the position: its lots are a new leg of the other side at the live price, all of them placed. When the set
 * already holds the contract on that side, the flipped lots join that leg (as adding them would),
 * so a contract is never two legs of one side.
 */
export function flipLeg(legs: readonly DeskLeg[], index: number): DeskLeg[] {
  const leg = legs[index];
  if (!leg) return [...legs];
  const side = leg.side === "BUY" ? "SELL" : "BUY";
  const other = legs.findIndex((l) => sameContract(l, leg) && l.side === side);
  if (other >= 0) return legs.flatMap((l, j) => (j === index ? [] : j === other ? [{ ...l, lots: l.lots + leg.lots }] : [l]));
  // A held leg's entry was the position's average, not a price the trader asked for the other side: it goes at the live price.
  const { held: _held, entry: _average, heldElsewhere: _other, ...fresh } = leg;
  // Held in other books (heldElsewhere) is the contract on the side it had: the flipped leg is not that either.
  const { heldElsewhere: _away, ...unmarked } = leg;
  const flipped = leg.held ? fresh : unmarked;
  return legs.map((l, j) => (j === index ? { ...flipped, side } : l));
}

/**
 * Whether `after` is still the strategy `before` was (FINDINGS-25 s8: one lot more on a straddle's
 * PE leg, a 1:2 strip, was confirmed and toasted as "long straddle"): the same contracts and sides,
 * in the same rows, their lots in the same ratio (every leg x2 is still a straddle), or, with
 * `anyLots`, in any number. Entries do not change what the strategy is.
 */
export function sameShape(before: readonly DeskLeg[], after: readonly DeskLeg[], anyLots = false): boolean {
  if (before.length !== after.length) return false;
  const [b0, a0] = [before[0], after[0]];
  return before.every((b, i) => {
    const a = after[i]!;
    // a.lots / b.lots the same for every leg, cross-multiplied so as to stay in whole numbers.
    return sameContract(a, b) && a.side === b.side && (anyLots || a.lots * b0!.lots === b.lots * a0!.lots);
  });
}

/**
 * The strategy with its legs edited: it keeps the name it was loaded as ("NIFTY long straddle")
 * only while it is still that strategy (sameShape); a leg flipped, removed or its lots out of the
 * ratio make it another, which the toasts then name by its underlying. An analysis of the book
 * ("NIFTY positions", its legs held from the positions) is named for the positions, not a shape:
 * lots changed on its legs go into those positions, so it keeps its name while its legs are the
 * same contracts and sides. What "Analyse positions" left out of the book (leftOut) is still left
 * out, whatever the edit.
 */
export function editedStrategy(s: PaneStrategy, legs: DeskLeg[]): PaneStrategy {
  const { name: _name, ...rest } = s;
  const ofBook = s.legs.some((l) => l.held?.fromPositions);
  return sameShape(s.legs, legs, ofBook) ? { ...s, legs } : { ...rest, legs };
}

/** Lots up or down by `by`; never below one lot (removing a leg is its own key). */
export function stepLots(legs: readonly DeskLeg[], index: number, by: number): DeskLeg[] {
  return legs.map((l, j) => (j === index ? { ...l, lots: Math.max(1, l.lots + by) } : l));
}

/**
 * Why a leg's entry cannot be typed: a held leg's entry is the position's average, which the book
 * paid and the trader cannot change from here. Refused, not taken as a what-if price: a typed price
 * on a held leg would read as the average in the pane, the confirmation and the saved layout.
 */
export function entryNotEditable(leg: DeskLeg): string | undefined {
  return leg.held ? "A held leg's entry is the position's average; it is not edited here" : undefined;
}

/** The typed entry price of a leg; undefined goes back to the live price. A held leg keeps its average (entryNotEditable). */
export function setEntry(legs: readonly DeskLeg[], index: number, entry: number | undefined): DeskLeg[] {
  return legs.map((l, j) => {
    if (j !== index || entryNotEditable(l)) return l;
    const { entry: _old, ...rest } = l;
    return entry === undefined ? rest : { ...rest, entry };
  });
}

/** Units of a leg: lots x lot size. */
export const legQuantity = (l: DeskLeg): number => l.lots * l.lotSize;

/** A key of the legs' contracts, sides and lots: what the margin and the run depend on (entries change only the prices). */
export function legsKey(legs: readonly DeskLeg[]): string {
  return legs.map((l) => `${l.exchange}:${l.token}:${l.side}:${l.lots}:${l.entry ?? ""}${l.held ? `:held ${l.held.lots} ${l.held.product}` : ""}`).join("|");
}

const isWhole = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x);

function readLeg(x: unknown): DeskLeg | undefined {
  if (!x || typeof x !== "object") return undefined;
  const l = x as Record<string, unknown>;
  if (!isWhole(l.token) || typeof l.symbol !== "string" || typeof l.exchange !== "string" || !isExchange(l.exchange)) return undefined;
  if (l.optionType !== "CE" && l.optionType !== "PE" && l.optionType !== "FUT" && l.optionType !== "EQ") return undefined;
  if (typeof l.strike !== "number" || !(l.strike >= 0) || typeof l.expiry !== "string" || !(l.optionType === "EQ" ? l.expiry === "" : /^\d{4}-\d{2}-\d{2}$/.test(l.expiry))) return undefined;
  if (l.side !== "BUY" && l.side !== "SELL") return undefined;
  if (!isWhole(l.lots) || l.lots < 1 || !isWhole(l.lotSize) || l.lotSize < 1) return undefined;
  const leg: DeskLeg = { token: l.token, symbol: l.symbol, exchange: l.exchange, optionType: l.optionType, strike: l.strike, expiry: l.expiry, side: l.side, lots: l.lots, lotSize: l.lotSize };
  const priced = typeof l.entry === "number" && l.entry >= 0 && Number.isFinite(l.entry) ? { ...leg, entry: l.entry } : leg;
  const held = readHeld(l.held);
  const marks = Array.isArray(l.heldElsewhere) ? l.heldElsewhere.flatMap((m: unknown) => readHeldMark(m) ?? []) : [];
  const heldPriced = held ? { ...priced, held } : priced;
  return marks.length > 0 ? { ...heldPriced, heldElsewhere: marks } : heldPriced;
}

function readHeld(x: unknown): HeldLots | undefined {
  if (!x || typeof x !== "object") return undefined;
  const h = x as Record<string, unknown>;
  const product = PRODUCTS.find((p) => p === h.product);
  if (!isWhole(h.lots) || h.lots < 1 || !product) return undefined;
  const base: HeldLots = h.fromPositions === true ? { lots: h.lots, product, fromPositions: true } : { lots: h.lots, product };
  const byProduct = Array.isArray(h.byProduct) ? h.byProduct.flatMap((x: unknown) => readProductLots(x) ?? []) : [];
  const books = typeof h.books === "string" && h.books !== "" && h.books.length <= MAX_BOOKS ? { books: h.books } : {};
  return byProduct.length > 1 ? { ...base, byProduct, ...books } : { ...base, ...books };
}

/** "replay 2026-11-23 <run>": a name longer than this is no books' (a hand edit). */
const MAX_BOOKS = 80;

function readHeldMark(x: unknown): HeldMark | undefined {
  if (!x || typeof x !== "object") return undefined;
  const m = x as Record<string, unknown>;
  const held = readHeld(m.held);
  if (!held) return undefined;
  return typeof m.average === "number" && m.average >= 0 && Number.isFinite(m.average) ? { held, average: m.average } : { held };
}

function readProductLots(x: unknown): { product: Product; lots: number } | undefined {
  if (!x || typeof x !== "object") return undefined;
  const o = x as Record<string, unknown>;
  const product = PRODUCTS.find((p) => p === o.product);
  return product && isWhole(o.lots) && o.lots >= 1 ? { product, lots: o.lots } : undefined;
}

/** A saved pane's strategy, trusted leg by leg (an older build or a hand edit): a malformed leg is dropped, a malformed underlying drops the set. */
export function readPaneStrategy(x: unknown): PaneStrategy | undefined {
  if (!x || typeof x !== "object") return undefined;
  const s = x as Record<string, unknown>;
  const u = s.underlying as Record<string, unknown> | undefined;
  if (!u || typeof u.symbol !== "string" || typeof u.exchange !== "string" || !isExchange(u.exchange) || !isWhole(u.token)) return undefined;
  const legs = Array.isArray(s.legs) ? s.legs.flatMap((l) => readLeg(l) ?? []).slice(0, MAX_LEGS) : [];
  const underlying = { symbol: u.symbol, exchange: u.exchange, token: u.token, isIndex: u.isIndex === true };
  const named = typeof s.name === "string" && s.name.trim() !== "" && s.name.length <= MAX_NAME ? { name: s.name } : {};
  const leftOut = typeof s.leftOut === "string" && s.leftOut.trim() !== "" && s.leftOut.length <= MAX_LEFT_OUT ? { leftOut: s.leftOut } : {};
  return { underlying, legs, ...named, ...leftOut };
}
