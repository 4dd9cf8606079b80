import fc from "fast-check";
import { expect } from "vitest";
import { compareBooks, syncFills } from "./compare.js";
import { BooksModel, unitValue, type Contract, type Product, type Side } from "./model.js";
import type { RealBooks } from "./real.js";

/**
 * The commands of the books test. Each acts on the real broker, hands the fills it made to the
 * model, predicts what the model can (a sale beyond the holding is refused; which conversions are
 * allowed), and compares the books after every step.
 */
type Cmd = fc.AsyncCommand<BooksModel, RealBooks>;

/** Whole lots for F&O and currency; commodity quantity counts lots already (rules of section 9). */
const step = (c: Contract): number => (c.segment === "commodity" ? 1 : c.lotSize);
const productsOf = (c: Contract): Product[] => (c.segment === "equity" ? (c.leverage > 0 && c.leverage < 100 ? ["INTRADAY", "DELIVERY", "BNPL"] : ["INTRADAY", "DELIVERY"]) : ["INTRADAY", "NORMAL"]);

async function settle(model: BooksModel, real: RealBooks): Promise<void> {
  await syncFills(model, real);
  await compareBooks(model, real);
}

/** What a sale out of the demat holding may take: the holding less what working sells already claim. */
async function available(model: BooksModel, real: RealBooks, c: Contract, product: "DELIVERY" | "BNPL"): Promise<number> {
  const claimed = (await real.working())
    .filter((o) => o.transactionType === "SELL" && o.product === product && real.contracts.some((x) => x.exchange === o.exchange && String(x.token) === o.token && x.isin === c.isin))
    .reduce((s, o) => s + o.pendingQuantity, 0);
  return (model.holdings.get(`${c.isin}:${product}`)?.total ?? 0) - claimed;
}

/**
 * A market order: one above the contract's freeze quantity is refused (EC939), a sale out of the
 * holding beyond what it holds free too (EC949); anything else is accepted (the pay-in covers any margin).
 */
async function order(model: BooksModel, real: RealBooks, c: Contract, side: Side, qty: number, product: Product): Promise<void> {
  const demat = BooksModel.inDemat(c, product) && side === "SELL";
  const room = demat ? await available(model, real, c, product as "DELIVERY" | "BNPL") : Infinity;
  const r = await real.place(c, side, qty, product);
  if (c.freeze > 0 && qty > c.freeze) expect(r.status, `${qty} above the freeze quantity ${c.freeze}`).toBe("EC939");
  else if (qty > room) expect(r.status, `sell ${qty} with ${room} held`).toBe("EC949");
  else expect(r.status, r.message).toBe("Ok");
}

export class Order implements Cmd {
  constructor(
    readonly c: Contract,
    readonly side: Side,
    readonly lots: number,
    readonly productPick: number,
  ) {}
  get product(): Product {
    const ps = productsOf(this.c);
    return ps[this.productPick % ps.length]!;
  }
  check = () => true;
  async run(model: BooksModel, real: RealBooks) {
    await order(model, real, this.c, this.side, this.lots * step(this.c), this.product);
    await settle(model, real);
  }
  toString = () => `${this.side.toLowerCase()} ${this.lots * step(this.c)} ${this.c.name} ${this.product}`;
}

/** Exit: the opposite side for the whole open quantity, same product, at market (rules/positionActions.ts exitOrderFor). */
export class Exit implements Cmd {
  constructor(
    readonly c: Contract,
    readonly productPick: number,
  ) {}
  get product(): Product {
    const ps = productsOf(this.c);
    return ps[this.productPick % ps.length]!;
  }
  check = () => true;
  async run(model: BooksModel, real: RealBooks) {
    const p = model.positions.get(BooksModel.key(this.c, this.product));
    if (!p || p.net === 0) return;
    await order(model, real, this.c, p.net > 0 ? "SELL" : "BUY", Math.abs(p.net), p.product);
    await settle(model, real);
  }
  toString = () => `exit ${this.c.name} ${this.product}`;
}

/**
 * Convert position: equity INTRADAY <-> DELIVERY, derivatives INTRADAY <-> NORMAL; BNPL does not
 * convert; a short cannot become DELIVERY, and a sale out of the holding cannot be converted;
 * whole lots, at most the open quantity (rules/positionActions.ts, the broker's own checks in
 * server/portfolio/portfolio.ts). A conversion out of DELIVERY gives shares back out of the
 * holding, so it cannot take more than the holding has and no working sell claims.
 */
export class Convert implements Cmd {
  constructor(
    readonly c: Contract,
    readonly productPick: number,
    readonly how: "all" | "one lot" | "all but one lot" | "half",
  ) {}
  get product(): Product {
    const ps = productsOf(this.c);
    return ps[this.productPick % ps.length]!;
  }
  /** How many units: the whole open quantity, one lot, all but one lot, or half (rounded to lots). */
  quantity(open: number): number {
    const s = step(this.c);
    const lots = open / s;
    const n = this.how === "all" ? lots : this.how === "one lot" ? 1 : this.how === "all but one lot" ? lots - 1 : Math.round(lots / 2);
    return Math.max(1, n) * s;
  }
  get to(): Product {
    const pair: Product[] = this.c.segment === "equity" ? ["INTRADAY", "DELIVERY"] : ["INTRADAY", "NORMAL"];
    return this.product === pair[0] ? pair[1]! : pair[0]!;
  }
  check = () => true;
  async run(model: BooksModel, real: RealBooks) {
    const c = this.c;
    const p = model.positions.get(BooksModel.key(c, this.product));
    const net = p?.net ?? 0;
    const open = Math.abs(net);
    const qty = this.quantity(open);
    const long = net > 0;
    const allowed =
      this.product !== "BNPL" &&
      net !== 0 &&
      qty <= open &&
      !(this.to === "DELIVERY" && !long) &&
      !(this.product === "DELIVERY" && !long) &&
      !(this.product === "DELIVERY" && qty > (await available(model, real, c, "DELIVERY")));
    const what = `convert ${qty} of ${net} ${c.name} ${this.product} -> ${this.to}`;
    // TESTING.md section 3: a conversion moves units between products, so the contract's P&L summed over its products is what it was (the LTP has not moved).
    // Each row's unrealised P&L is worked out from its average as shown (4 decimals): half a unit of the 4th decimal a unit held, each row before and after, besides a paisa a row.
    const rows = async () => (await real.positions()).filter((p) => p.exchange === c.exchange && p.token === String(c.token));
    const pnlOf = async () => (await rows()).reduce((s, p) => s + p.pnl, 0);
    const within = (await rows()).reduce((s, p) => s + 0.03 + 2 * Math.abs(p.netQuantity) * 0.0001 * unitValue(c), 0);
    const before = await pnlOf();
    const r = await real.convert(c, net >= 0 ? "BUY" : "SELL", qty, this.product, this.to);
    if (allowed) {
      expect(r.status, `${what}: ${r.message}`).toBe("Ok");
      model.convert(c, this.product, this.to, qty);
    } else expect(r.status, `${what} is refused`).not.toBe("Ok");
    const after = await pnlOf();
    if (!(Math.abs(after - before) <= within)) expect.fail(`${what}: the P&L summed over the products moved from ${before} to ${after}`);
    await settle(model, real);
  }
  toString = () => `convert ${this.how} of ${this.c.name} ${this.product} -> ${this.to}`;
}

/** The last price moves: unrealised P&L follows, and a resting remainder may fill. */
export class Tick implements Cmd {
  constructor(
    readonly c: Contract,
    readonly ticks: number,
  ) {}
  check = () => true;
  async run(model: BooksModel, real: RealBooks) {
    real.move(this.c, this.ticks);
    await settle(model, real);
  }
  toString = () => `move ${this.c.name} ${this.ticks > 0 ? "+" : ""}${this.ticks} ticks`;
}

/** Cancel all: what a partly filled order has not filled is dropped; what it filled stays. */
export class CancelAll implements Cmd {
  check = () => true;
  async run(model: BooksModel, real: RealBooks) {
    const had = (await real.working()).length;
    const r = await real.cancelAll();
    expect(r.status).toBe(had > 0 ? "Ok" : "EC938");
    await settle(model, real);
  }
  toString = () => "cancel all";
}

/**
 * The commands over the contracts: small orders, and now and then one larger than the five
 * levels of depth, so that it fills in part and rests.
 */
export function bookCommands(contracts: readonly Contract[]): Array<fc.Arbitrary<Cmd>> {
  // Shares twice as often as each derivative: they have the holdings, the BNPL and the most ways to convert.
  const contract = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...contracts.filter((c) => c.segment === "equity")) }, { weight: 1, arbitrary: fc.constantFrom(...contracts.filter((c) => c.segment !== "equity")) });
  const side = fc.constantFrom<Side>("BUY", "SELL");
  const lots = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.integer({ min: 20, max: 60 }) });
  return [
    fc.tuple(contract, side, lots, fc.nat(5)).map(([c, s, l, p]) => new Order(c, s, c.segment === "equity" ? l * (l >= 20 ? 150 : 5) : Math.min(l, c.freeze > 0 ? Math.floor(c.freeze / step(c)) : l), p)),
    fc.tuple(contract, side, fc.integer({ min: 1, max: 3 }), fc.nat(5)).map(([c, s, l, p]) => new Order(c, s, l, p)),
    fc.tuple(contract, fc.nat(5)).map(([c, p]) => new Exit(c, p)),
    fc.tuple(contract, fc.nat(5), fc.constantFrom("all" as const, "one lot" as const, "all but one lot" as const, "half" as const)).map(([c, p, h]) => new Convert(c, p, h)),
    fc.tuple(contract, fc.integer({ min: -30, max: 30 })).map(([c, t]) => new Tick(c, t)),
    fc.constant(new CancelAll()),
  ];
}
