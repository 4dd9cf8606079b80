/**
 * The reference model of the paper broker's books: positions, holdings and funds limits, written
 * from the rules below and nothing else. It imports nothing from server/ or src/: if it needed the
 * code under test to be right, the test would prove nothing. Fills come from the real system (the
 * model takes each trade's quantity, price and charges as given); the model does the bookkeeping.
 *
 * The rules it follows, and where they are written:
 *  - trading-core section 9: "Unrealised P&L uses quantity for equity and F&O", "for commodity
 *    multiplies by multiplier and lot size", "for other exchanges uses quantity times multiplier".
 *    The same value of one unit prices realised P&L and margin.
 *  - trading-core section 4: "Positions with netQuantity 0 are closed and are listed after open
 *    ones"; "BNPL holdings are merged into the matching delivery holding by exchange and token.
 *    BNPL-only holdings are appended."
 *  - a position by the average method (src/core/rules/positions.ts states the method Tape
 *    chose): buyPrice is the average of all buys, sellPrice of all sells, and the matched
 *    quantity min(bought, sold) realises sellPrice - buyPrice a unit.
 *  - a position keeps what was carried in from earlier days apart from what was traded today
 *    (trading-core's position fields: cfBuyQuantity "Carried forward from earlier days", the day's
 *    buy and sell quantities and prices).
 *  - a conversion takes today's units first, cost and all, then carried ones at their cost
 *    (access-and-surroundings, Holdings: "converting the position to INTRADAY takes today's shares
 *    first, cost and all, so the average of the shares held before does not move"); today's land
 *    in the other product as today's, carried ones as carried. Tape's decision for a position partly
 *    closed (the other side traded too): by the average method the units left must keep the open
 *    side's average for what was realised to stay where it was earned, so the units move at that
 *    average. A product a conversion leaves with no unit bought or sold is not listed (listed()).
 *  - issue 28, the holding: today's bought shares (T1) and their cost are kept apart from the
 *    settled shares. A sale, or a conversion out of DELIVERY/BNPL, takes today's shares first,
 *    cost and all, then settled shares, which leaves the settled average as it was; settled shares
 *    sold today and bought back the same day come back at the settled average (the day's buys and
 *    sells of a share net). totalQuantity includes t1Quantity (trading-core section 3); the
 *    average shown is the cost of all shares held over their number.
 *  - the funds limits (src/core/rules/funds.ts header, the broker's reading of section 3's
 *    fields): cashAvailable = opening cash + pay-in - payout + realizedMTOM; realizedMTOM is the
 *    realised P&L of every position less the charges of every fill; creditForCashSell the value
 *    of shares sold out of the demat holdings (a DELIVERY/BNPL position's net short quantity at its
 *    sell price); utilisation the margin each open position holds on its net quantity at its own
 *    average price, by the margin table (src/core/rules/margin.ts header): equity INTRADAY 20 %;
 *    DELIVERY buy 100 %; BNPL buy (100 - leverage) %; a sale out of the holdings 0; futures SPAN +
 *    exposure 9 + 3 % (equity F&O), 2 + 1 % (currency), 8 + 2 % (commodity) of the value; an option
 *    bought its premium; an option written like a future on its underlying's price.
 *    tradingLimit = cash + credit for sales - everything utilised.
 */

export type Segment = "equity" | "fo" | "currency" | "commodity";
export type Product = "INTRADAY" | "DELIVERY" | "BNPL" | "NORMAL";
export type Side = "BUY" | "SELL";

/** What the model knows of a contract: facts of the instrument master, not rules. */
export interface Contract {
  name: string;
  exchange: string;
  token: number;
  isin: string;
  segment: Segment;
  kind: "share" | "future" | "option";
  lotSize: number;
  multiplier: number;
  /** BNPL leverage in percent (shares). */
  leverage: number;
  /** Most one order may ask for (the exchange's freeze quantity), in order quantity; 0 for none. */
  freeze: number;
  underlying?: { exchange: string; token: number };
}

/** Rupees one unit of quantity is worth per rupee of price (trading-core section 9). */
export function unitValue(c: Contract): number {
  if (c.segment === "commodity") return c.multiplier * c.lotSize;
  if (c.segment === "currency") return c.multiplier;
  return 1;
}

const r2 = (x: number): number => Math.round((x + Math.sign(x) * 1e-9) * 100) / 100;

/** Units of one side of a position, carried in or traded today, and what they cost (or brought). */
export class Bucket {
  qty = 0;
  value = 0;
  add(qty: number, value: number): void {
    this.qty += qty;
    this.value += value;
  }
  /** Takes `n` units at their own average cost; returns that cost. */
  take(n: number): number {
    const v = n === this.qty ? this.value : (n * this.value) / this.qty;
    this.qty -= n;
    this.value -= v;
    return v;
  }
}

export class PositionModel {
  readonly carriedBuys = new Bucket();
  readonly todayBuys = new Bucket();
  readonly carriedSells = new Bucket();
  readonly todaySells = new Bucket();
  constructor(
    readonly contract: Contract,
    readonly product: Product,
  ) {}

  get buyQty(): number {
    return this.carriedBuys.qty + this.todayBuys.qty;
  }
  get buyValue(): number {
    return this.carriedBuys.value + this.todayBuys.value;
  }
  get sellQty(): number {
    return this.carriedSells.qty + this.todaySells.qty;
  }
  get sellValue(): number {
    return this.carriedSells.value + this.todaySells.value;
  }
  get net(): number {
    return this.buyQty - this.sellQty;
  }
  get buyAvg(): number {
    return this.buyQty > 0 ? this.buyValue / this.buyQty : 0;
  }
  get sellAvg(): number {
    return this.sellQty > 0 ? this.sellValue / this.sellQty : 0;
  }
  realised(): number {
    return Math.min(this.buyQty, this.sellQty) * (this.sellAvg - this.buyAvg) * unitValue(this.contract);
  }
  unrealised(ltp: number): number {
    const u = unitValue(this.contract);
    if (this.net > 0) return (ltp - this.buyAvg) * this.net * u;
    if (this.net < 0) return (this.sellAvg - ltp) * -this.net * u;
    return 0;
  }
  /** A trade today, or (carried) what the position brought in from earlier days. */
  fill(side: Side, qty: number, price: number, carried = false): void {
    const b = side === "BUY" ? (carried ? this.carriedBuys : this.todayBuys) : carried ? this.carriedSells : this.todaySells;
    b.add(qty, qty * price);
  }
}

export class HoldingModel {
  settledQty = 0;
  settledAvg = 0;
  t1Qty = 0;
  t1Value = 0;
  /** Settled shares sold today: a buy the same day brings them back first. */
  soldToday = 0;
  constructor(
    readonly isin: string,
    readonly product: "DELIVERY" | "BNPL",
  ) {}

  get total(): number {
    return this.settledQty + this.t1Qty;
  }
  get average(): number {
    return this.total > 0 ? (this.settledQty * this.settledAvg + this.t1Value) / this.total : 0;
  }
  buy(qty: number, price: number): void {
    const back = Math.min(qty, this.soldToday);
    this.soldToday -= back;
    this.settledQty += back;
    this.t1Qty += qty - back;
    this.t1Value += (qty - back) * price;
  }
  sell(qty: number): void {
    const today = Math.min(qty, this.t1Qty);
    this.t1Value = today === this.t1Qty ? 0 : this.t1Value - today * (this.t1Value / this.t1Qty);
    this.t1Qty -= today;
    this.settledQty -= qty - today;
    this.soldToday += qty - today;
  }
}

export interface ModelTrade {
  contract: Contract;
  product: Product;
  side: Side;
  qty: number;
  price: number;
  charges: number;
}

export interface MarginParts {
  span: number;
  exposure: number;
  cash: number;
  premium: number;
}

export class BooksModel {
  readonly positions = new Map<string, PositionModel>();

  /**
   * The positions the broker lists: every product with a unit bought or sold in it. A product a
   * conversion emptied (all it held moved out, nothing else traded in it) is none: Tape's decision,
   * written in server/portfolio/portfolio.ts positions (it was listed as a closed row of net 0).
   */
  listed(): PositionModel[] {
    return [...this.positions.values()].filter((p) => p.buyQty > 0 || p.sellQty > 0);
  }
  readonly holdings = new Map<string, HoldingModel>();
  openingCash = 0;
  payin = 0;
  charges = 0;

  static key(c: Contract, product: Product): string {
    return `${c.exchange}:${c.token}:${product}`;
  }

  position(c: Contract, product: Product): PositionModel {
    const k = BooksModel.key(c, product);
    let p = this.positions.get(k);
    if (!p) this.positions.set(k, (p = new PositionModel(c, product)));
    return p;
  }

  holding(isin: string, product: "DELIVERY" | "BNPL"): HoldingModel {
    const k = `${isin}:${product}`;
    let h = this.holdings.get(k);
    if (!h) this.holdings.set(k, (h = new HoldingModel(isin, product)));
    return h;
  }

  /** Equity DELIVERY and BNPL trades move the demat holding; INTRADAY and derivatives do not. */
  static inDemat(c: Contract, product: Product): product is "DELIVERY" | "BNPL" {
    return c.segment === "equity" && (product === "DELIVERY" || product === "BNPL");
  }

  trade(t: ModelTrade): void {
    this.position(t.contract, t.product).fill(t.side, t.qty, t.price);
    if (BooksModel.inDemat(t.contract, t.product)) {
      const h = this.holding(t.contract.isin, t.product);
      if (t.side === "BUY") h.buy(t.qty, t.price);
      else h.sell(t.qty);
    }
    this.charges += t.charges;
  }

  /**
   * Moves `qty` open units of one product to another: today's first, then carried ones, each at
   * its own cost; a position partly closed moves them at the open side's average (see the header).
   */
  convert(c: Contract, from: Product, to: Product, qty: number): void {
    const p = this.position(c, from);
    const q = this.position(c, to);
    const long = p.net > 0;
    const [today, carried] = long ? [p.todayBuys, p.carriedBuys] : [p.todaySells, p.carriedSells];
    const [toToday, toCarried] = long ? [q.todayBuys, q.carriedBuys] : [q.todaySells, q.carriedSells];
    const fromToday = Math.min(qty, today.qty);
    const fromCarried = qty - fromToday;
    const partlyClosed = long ? p.sellQty > 0 : p.buyQty > 0;
    let value: number;
    if (partlyClosed) {
      const price = long ? p.buyAvg : p.sellAvg;
      today.qty -= fromToday;
      carried.qty -= fromCarried;
      today.value = today.qty * price;
      carried.value = carried.qty * price;
      toToday.add(fromToday, fromToday * price);
      toCarried.add(fromCarried, fromCarried * price);
      value = qty * price;
    } else {
      const todayValue = today.take(fromToday);
      const carriedValue = carried.take(fromCarried);
      toToday.add(fromToday, todayValue);
      toCarried.add(fromCarried, carriedValue);
      value = todayValue + carriedValue;
    }
    if (long && BooksModel.inDemat(c, from)) this.holding(c.isin, from).sell(qty);
    if (long && BooksModel.inDemat(c, to)) this.holding(c.isin, to).buy(qty, value / qty);
  }

  /** The margin an open position holds (the margin table; see the header). */
  static margin(p: PositionModel, underlyingLtp: number | undefined): MarginParts {
    const none = { span: 0, exposure: 0, cash: 0, premium: 0 };
    const c = p.contract;
    const net = p.net;
    if (net === 0) return none;
    const price = net > 0 ? p.buyAvg : p.sellAvg;
    const value = Math.abs(net) * price * unitValue(c);
    if (c.segment === "equity") {
      if (p.product === "INTRADAY") return { ...none, cash: r2(value * 0.2) };
      if (net < 0) return none;
      if (p.product === "BNPL") return { ...none, cash: r2((value * (100 - c.leverage)) / 100) };
      return { ...none, cash: r2(value) };
    }
    const [span, exposure] = c.segment === "currency" ? [2, 1] : c.segment === "commodity" ? [8, 2] : [9, 3];
    if (c.kind === "option") {
      if (net > 0) return { ...none, premium: r2(value) };
      const notional = Math.abs(net) * (underlyingLtp ?? 0) * unitValue(c);
      return { ...none, span: r2((notional * span) / 100), exposure: r2((notional * exposure) / 100) };
    }
    return { ...none, span: r2((value * span) / 100), exposure: r2((value * exposure) / 100) };
  }

  realisedTotal(): number {
    let s = 0;
    for (const p of this.positions.values()) s += r2(p.realised());
    return s;
  }

  /** The value of shares sold out of the demat holdings: DELIVERY/BNPL positions' net short at their sell price. */
  creditForCashSell(): number {
    let s = 0;
    for (const p of this.positions.values()) if (BooksModel.inDemat(p.contract, p.product) && p.net < 0) s += -p.net * p.sellAvg;
    return r2(s);
  }

  realizedMTOM(): number {
    return r2(this.realisedTotal() - this.charges);
  }

  cashAvailable(): number {
    return r2(this.openingCash + this.payin + this.realizedMTOM());
  }
}
