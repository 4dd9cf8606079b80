import { productLabel } from "../format";
import type { Toast } from "../notify";
import { basketLegKey } from "../rules/basket";
import { listed, orderHead } from "../rules/orderToast";
import { legRefusal, type LegReport } from "../rules/basketRun";
import { PRODUCTS, type Product } from "../types/order";
import { legIdentity, legNumber } from "./placement";
import type { DeskLeg } from "./legs";

/**
 * A strategy pane's last placement run, kept in the pane's state beside its legs (PaneState
 * strategyRun), so it outlives a reload of the page or the window as the legs do.
 * Decision (the spec is silent on where): the run is kept with the pane, and the broker's order
 * book is asked only for the orders the run heard no answer for. The keys must outlive the page
 * anyway (the book is searched by them, and a retry must send under them), and a book read before
 * every Enter would make a working retry wait on, or fail with, a call that tells nothing new.
 */
export interface DeskRun {
  runId: string;
  /** legsKey of the legs the run places: other legs are another run. */
  key: string;
  /** The identity of each leg the run places (placement.ts legIdentity). */
  legs: string[];
  /** Each order the run sends (placement.ts orderSignature): a later Enter sending only these, unplaced, retries the run (retriesRun). */
  sent: string[];
  /**
   * Each leg's answer by its identity, not its row: rows are removed and reordered after a run. A leg
   * this run does not send (held: placed by an earlier run) keeps the earlier run's answer, so the
   * pane still says under it where it went. A leg of `legs` with no answer here was being placed
   * when the page went (a reload mid-run): what the broker did with it is unknown.
   */
  results: Record<string, LegReport>;
  /** The broker's books the run placed in ("live", "replay <date> <run>"; absent: live): its order numbers are theirs (heldBooks.ts runInBooks). */
  books?: string;
}

const isText = (x: unknown): x is string => typeof x === "string";
const texts = (x: unknown): string[] | undefined => (Array.isArray(x) && x.every(isText) ? x : undefined);

function readReport(x: unknown): LegReport | undefined {
  if (!x || typeof x !== "object") return undefined;
  const r = x as Record<string, unknown>;
  if (typeof r.scripId !== "number" || !Number.isInteger(r.scripId)) return undefined;
  if (r.placed === true) return isText(r.orderNo) ? { scripId: r.scripId, placed: true, orderNo: r.orderNo, ...(r.foundInBook === true ? { foundInBook: true as const } : {}) } : undefined;
  if (r.placed !== false || !isText(r.code) || !isText(r.message)) return undefined;
  const part = texts(r.partPlaced);
  return {
    scripId: r.scripId,
    placed: false,
    code: r.code,
    message: r.message,
    ...(part && part.length > 0 ? { partPlaced: part } : {}),
    ...(r.unanswered === true ? { unanswered: true as const } : {}),
    ...(r.heldBack === true ? { heldBack: true as const } : {}),
  };
}

/** A run as the saved layout has it, trusted field by field (a layout is the user's storage, any shape). undefined: none, or unreadable. */
export function readDeskRun(x: unknown): DeskRun | undefined {
  if (!x || typeof x !== "object") return undefined;
  const r = x as Record<string, unknown>;
  const legs = texts(r.legs);
  const sent = texts(r.sent);
  if (!isText(r.runId) || r.runId === "" || !isText(r.key) || !legs || !sent || !r.results || typeof r.results !== "object") return undefined;
  const results: Record<string, LegReport> = {};
  for (const [id, v] of Object.entries(r.results as Record<string, unknown>)) {
    const report = readReport(v);
    if (report) results[id] = report;
  }
  return { runId: r.runId, key: r.key, legs, sent, results, ...(isText(r.books) && r.books !== "" ? { books: r.books } : {}) };
}

/**
 * The legs of a run whose orders got no answer, whose fate only the broker's book knows: answered
 * neither placed nor refused (a timeout, the network: basketRun.ts `unanswered`), or not answered at
 * all (the page went while they were placed). A leg whose slices went out in part is not one of
 * them: a retry sends under the run's keys and the broker answers the slices it has, and a new run
 * is refused for it (placement.ts partPlacedInNewRun).
 */
export function unansweredLegs(run: DeskRun | undefined): string[] {
  if (!run) return [];
  return run.legs.filter((id) => {
    const r = run.results[id];
    return !r || (!r.placed && r.unanswered === true && !r.partPlaced);
  });
}

/** An order-book row as far as finding a run's orders goes. */
export interface BookRow {
  orderNo: string;
  clientOrderKey: string;
  exchange: string;
  instrumentId: string;
  transactionType: string;
  quantity: number;
  product: string;
}

/** What the book holds of a leg of a run: its orders' numbers, their units in all, and their product. */
export interface BookedOfLeg {
  orderNos: string[];
  qty: number;
  product: Product;
}

/**
 * The orders of run `runId` the book holds for the legs `ids`, by leg identity: each order the run
 * sends carries a key made from the run (basketLegKey `bk-{runId}-{n}`, a slice's with its slice
 * suffix), so a row under such a key is one of the run's, and its contract and side name its leg.
 */
export function bookedOfRun(runId: string, ids: readonly string[], rows: readonly BookRow[]): Record<string, BookedOfLeg> {
  const prefix = basketLegKey(runId, 0).replace(/0$/, "");
  const out: Record<string, BookedOfLeg> = {};
  for (const row of rows) {
    if (!row.clientOrderKey.startsWith(prefix)) continue;
    const id = legIdentity({ exchange: row.exchange as DeskLeg["exchange"], token: Number(row.instrumentId), side: row.transactionType as DeskLeg["side"] });
    const product = PRODUCTS.find((p) => p === row.product);
    if (!ids.includes(id) || !product) continue;
    const was = out[id];
    out[id] = { orderNos: [...(was?.orderNos ?? []), row.orderNo], qty: (was?.qty ?? 0) + row.quantity, product };
  }
  return out;
}

/**
 * The legs once the book showed orders of theirs the run heard no answer for: each such leg is held
 * at what the book has of it (its lots held before, and the booked units in whole lots, a part lot
 * counted whole: a lot booked is never sent again), in the booked order's product. Its lots as the
 * pane shows them stay: more than held sends the difference, as for any held leg, once confirmed.
 */
export function holdBooked(legs: readonly DeskLeg[], booked: Readonly<Record<string, BookedOfLeg>>): DeskLeg[] {
  return legs.map((l) => {
    const b = booked[legIdentity(l)];
    if (!b) return l;
    const lots = Math.ceil(b.qty / l.lotSize);
    const was = l.held?.byProduct;
    const byProduct = was ? (was.some((x) => x.product === b.product) ? was.map((x) => (x.product === b.product ? { ...x, lots: x.lots + lots } : x)) : [...was, { product: b.product, lots }]) : undefined;
    return { ...l, held: { ...l.held, lots: (l.held?.lots ?? 0) + lots, product: l.held?.product ?? b.product, ...(byProduct ? { byProduct } : {}) } };
  });
}

/** What a SELL held back for its BUY says once every BUY is found placed (withFound). */
const HELD_BACK_FREED = "Not sent: held back while its BUY's fate was unknown; the BUY is found placed now, so Enter places this leg";

/**
 * A run's results once legs that got no answer were found booked (`found`, by leg): those are placed.
 * A SELL held back because a BUY was not placed (placement.ts sellsHeldBack) keeps no "Held back: BUY
 * leg 1 was not placed" once every BUY is found placed: that would contradict the BUY's "Placed …"
 * beside it. It was never sent, and says so and that Enter places it (an answer stays under it: a
 * leg of the run with none reads as one the page went while placing). While another BUY is still not
 * placed, the SELLs stay held back as they were.
 */
export function withFound(results: Readonly<Record<string, LegReport>>, found: Readonly<Record<string, LegReport>>): Record<string, LegReport> {
  const merged = { ...results, ...found };
  const buyMissing = Object.values(merged).some((r) => !r.placed && r.heldBack !== true);
  if (buyMissing) return merged;
  return Object.fromEntries(Object.entries(merged).map(([id, r]) => [id, !r.placed && r.heldBack === true ? { ...r, message: HELD_BACK_FREED } : r]));
}

/** The report of a leg found booked in the book: placed, under its order numbers, marked as found there (its answer never came). */
export const foundReport = (legs: readonly DeskLeg[], id: string, b: BookedOfLeg): LegReport => ({
  scripId: legNumber(Math.max(0, legs.findIndex((l) => legIdentity(l) === id))),
  placed: true,
  orderNo: b.orderNos.join(", "),
  foundInBook: true,
});

/**
 * What Enter says when the book showed orders of the last run that got no answer (issue 31, "toasts
 * say what happened to what"): each such leg with its side, quantity, contract, product and order
 * numbers, that it is held now, and that nothing was sent: the legs on screen changed, and the
 * trader confirms what goes from them, not from the legs the confirmation showed before.
 *   "Strategy NIFTY bull call spread: no answer came for Qty 150 BUY NIFTY24500CE NRML, and the order
 *    book has it booked (order 2612…): the leg is held at 2 lots. Nothing was sent: check the legs and
 *    press Enter to place the rest"
 */
export function foundToast(name: string, legs: readonly DeskLeg[], booked: Readonly<Record<string, BookedOfLeg>>): Toast {
  const found = legs.flatMap((l) => {
    const b = booked[legIdentity(l)];
    if (!b) return [];
    const orders = `order${b.orderNos.length === 1 ? "" : "s"} ${b.orderNos.join(", ")}`;
    return [`${orderHead(b.qty, l.side, l.symbol)} ${productLabel(b.product)} (${orders})`];
  });
  const held = holdBooked(legs, booked).flatMap((l) => (booked[legIdentity(l)] && l.held ? [`${l.side} ${l.symbol} at ${l.held.lots} lot${l.held.lots === 1 ? "" : "s"}`] : []));
  const them = found.length === 1 ? "it" : "them";
  return {
    kind: "danger",
    text: `Strategy ${name}: no answer came for ${listed(found)}, and the order book has ${them} booked. Held now: ${listed(held)}. Nothing was sent: check the legs and press Enter to place the rest`,
  };
}

/**
 * What the last run did with a leg, in the pane's Result column: "Placed 2612…", a refusal in the
 * words the baskets' Last run and the order window use (basketRun.ts legRefusal: the broker's
 * sentence, its code only for the risk desk's EC710-EC719), "Placing…" on its way, or nothing. An
 * order that got no answer says that Enter asks the book before it goes again
 * (data/stores/strategy.ts holdUnansweredBooked), and one found booked there says so.
 */
export function legResultText(report: LegReport | undefined, placing: "sending" | "unheard" | undefined): string {
  const lookedUp = "Enter looks it up in the order book before sending it again";
  if (!report) return placing === "sending" ? "Placing…" : placing === "unheard" ? `No answer: the page was reloaded while it was placed. ${lookedUp}` : "";
  if (report.placed) return report.foundInBook ? `Placed ${report.orderNo}: no answer came, the order book has it booked` : `Placed ${report.orderNo}`;
  const said = legRefusal(report);
  return report.unanswered && !report.partPlaced ? `${said}. ${lookedUp}` : said;
}
