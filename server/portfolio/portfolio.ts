import { ruleError, OK, type RuleResult } from "../../src/core/errors.js";
import { checkSufficientFunds } from "../../src/core/rules/orderValidation.js";
import { holdsInDemat, sortOpenFirst } from "../../src/core/rules/positions.js";
import { checkConversion } from "../../src/core/rules/positionActions.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { Product, TransactionType } from "../../src/core/types/order.js";
import type { ConvertBody } from "../../src/core/wire/portfolio.js";
import type { FundsLimit, Holding, HoldingProduct } from "../../src/core/types/portfolio.js";
import type { MarginBreakdown } from "../../src/core/rules/margin.js";
import { availableMargin, fundsLimits, type FundsLedger, type SegmentUtilisation } from "../../src/core/rules/funds.js";
import type { Db } from "../db.js";
import type { Instrument, Market } from "../market/types.js";
import { fundsSegmentOf } from "../../src/core/rules/funds.js";
import { marginFor } from "./margin.js";
import { emptyPosition, figuresOf, positionRow, isEmptied, takeOpenSide, type PositionRow } from "./positions.js";
import { addShares, averagePriceOf, t1AveragePriceOf, takeShares, totalQuantityOf, type HoldingRecord } from "./holding.js";
import { PortfolioStore, positionBook, type HeldPosition, type PositionFunds, type PositionRecord } from "./store.js";
import { roundToPaisa, toPaise } from "../../src/core/money.js";

/** What working orders hold on one exchange and side, as the funds limits need it. */
export interface WorkingMargin {
  exchange: Exchange;
  transactionType: TransactionType;
  blocked: MarginBreakdown;
}

/** One fill as the portfolio books it. */
export interface BookedFill {
  inst: Instrument;
  product: Product;
  type: PositionRecord["type"];
  transactionType: TransactionType;
  quantity: number;
  price: number;
  charges: number;
}

/** A holdings-call row: the spec's Holding plus the live price the derived fields need. */
export type HoldingRow = Holding;

const ZERO: MarginBreakdown = { span: 0, exposure: 0, premium: 0, cash: 0, total: 0 };

/** A segment's margin utilisation being summed, in paise. */
class Paise {
  private span = 0;
  private exposure = 0;
  private cash = 0;
  private premium = 0;

  add(m: MarginBreakdown): void {
    this.span += toPaise(m.span);
    this.exposure += toPaise(m.exposure);
    this.cash += toPaise(m.cash);
    this.premium += toPaise(m.premium);
  }

  utilisation(): SegmentUtilisation {
    return { span: this.span / 100, exposure: this.exposure / 100, cash: this.cash / 100, premium: this.premium / 100, other: 0 };
  }
}

/** The holding a demat product buys into and sells out of (holdsInDemat, core/rules/positions.ts): BNPL's own, else the delivery one. */
export const holdingProductOf = (product: Product): HoldingProduct => (product === "BNPL" ? "BNPL" : "DELIVERY");

/**
 * Positions, holdings and funds of every client, fed by the matching engine's fills. Funds are
 * kept as a small ledger per segment (opening cash, pay-in, charges) and everything else in the
 * limits is derived, at the moment it is asked, from working orders and open positions: margin
 * is "blocked" by an order while it works and by a position while it is open, and "released"
 * simply by the order or position no longer needing it.
 */
export class Portfolio {
  readonly store: PortfolioStore;
  private isinIndex: Map<string, { nse?: Instrument; bse?: Instrument }> | undefined;

  constructor(
    readonly db: Db,
    private readonly market: Market,
    private readonly workingMargins: (userId: string) => readonly WorkingMargin[],
    /** Shares of a holding the client's working sells claim (server/orders/holdingClaims.ts). */
    private readonly claimedSells: (userId: string, isin: string, product: HoldingProduct) => number,
  ) {
    this.store = new PortfolioStore(db);
  }

  /** Books a fill: the position, the demat holding for equity delivery and BNPL, and the charges. Call inside the engine's transaction. */
  applyFill(userId: string, fill: BookedFill): void {
    const { inst } = fill;
    const book = positionBook({ product: fill.product, type: fill.type });
    const p = this.store.position(userId, inst.exchange, inst.token, book) ?? emptyPosition(inst, fill.product, fill.type);
    if (fill.transactionType === "BUY") {
      p.dayBuyQuantity += fill.quantity;
      p.dayBuyValue += fill.quantity * fill.price;
    } else {
      p.daySellQuantity += fill.quantity;
      p.daySellValue += fill.quantity * fill.price;
    }
    this.store.putPosition(userId, p);
    if (holdsInDemat(inst.exchange, fill.product)) this.moveHolding(userId, inst, holdingProductOf(fill.product), fill.transactionType, fill.quantity, fill.price);
    if (fill.charges > 0) {
      const f = this.store.ledger(userId);
      f.chargesPaid = roundToPaisa(f.chargesPaid + fill.charges);
      this.store.putLedger(userId, f);
    }
  }

  /**
   * A delivery buy lands in the holding as T1 (bought, not yet settled), after first taking the
   * place of settled shares sold today; a sale takes today's shares first, cost and all, then
   * settled ones (holding.ts).
   */
  moveHolding(userId: string, inst: Instrument, product: HoldingProduct, side: TransactionType, quantity: number, price: number): void {
    const h = this.store.holding(userId, inst.isin, product) ?? this.newHolding(inst, product);
    if (side === "BUY") addShares(h, quantity, price);
    else takeShares(h, quantity);
    this.store.putHolding(userId, h);
  }

  newHolding(inst: Instrument, product: HoldingProduct): HoldingRecord {
    const pair = this.listings(inst.isin);
    return {
      isin: inst.isin,
      product,
      nseToken: pair.nse?.token ?? 0,
      bseToken: pair.bse?.token ?? 0,
      nseTradingSymbol: pair.nse?.tradingSymbol ?? "",
      bseTradingSymbol: pair.bse?.tradingSymbol ?? "",
      settledQuantity: 0,
      settledAveragePrice: 0,
      t1Quantity: 0,
      t1Value: 0,
      soldTodayQuantity: 0,
    };
  }

  /** The NSE and BSE listings of a share, by ISIN. */
  listings(isin: string): { nse?: Instrument; bse?: Instrument } {
    if (!this.isinIndex) {
      this.isinIndex = new Map();
      for (const i of this.market.instruments()) {
        if (i.insType !== "EQ") continue;
        const e = this.isinIndex.get(i.isin) ?? {};
        if (i.exchange === "NSEEQ") e.nse = i;
        if (i.exchange === "BSEEQ") e.bse = i;
        this.isinIndex.set(i.isin, e);
      }
    }
    return this.isinIndex.get(isin) ?? {};
  }

  /** Shares of a holding the client may still sell (pending sells are subtracted by the engine). */
  holdingQuantity(userId: string, isin: string, product: HoldingProduct): number {
    const h = this.store.holding(userId, isin, product);
    return h ? totalQuantityOf(h) : 0;
  }

  /** A share's demat quantity held by the client, delivery and BNPL apart: contract info's deliveryQty and bnplQty (trading-core section 3). */
  holdingQuantities(userId: string, inst: Instrument): { deliveryQty: number; bnplQty: number } {
    if (inst.insType !== "EQ") return { deliveryQty: 0, bnplQty: 0 };
    return { deliveryQty: this.holdingQuantity(userId, inst.isin, "DELIVERY"), bnplQty: this.holdingQuantity(userId, inst.isin, "BNPL") };
  }

  positions(userId: string): PositionRow[] {
    const rows: PositionRow[] = [];
    for (const p of this.store.positions(userId)) {
      // A product a conversion emptied (every unit it held moved out, nothing else bought or sold in
      // it) is no position: listed, NRML -> INTRADAY and back left an INTRADAY row of net 0 beside
      // the NRML one, and a closed row that never traded reads as a trade that did.
      if (isEmptied(p)) continue;
      const inst = this.market.instrument(p.exchange, p.token);
      if (!inst) continue;
      rows.push(positionRow(p, inst, this.market.quote(p.exchange, p.token)));
    }
    return sortOpenFirst(rows);
  }

  holdings(userId: string): HoldingRow[] {
    const rows: HoldingRow[] = [];
    for (const h of this.store.holdings(userId)) {
      // Sold out today, kept only so that a buy-back today restores the settled shares.
      if (totalQuantityOf(h) <= 0) continue;
      const nse = h.nseToken ? this.market.quote("NSEEQ", h.nseToken) : undefined;
      const quote = nse ?? (h.bseToken ? this.market.quote("BSEEQ", h.bseToken) : undefined);
      rows.push({
        nseInstrumentId: h.nseToken ? String(h.nseToken) : "",
        bseInstrumentId: h.bseToken ? String(h.bseToken) : "",
        nseTradingSymbol: h.nseTradingSymbol,
        bseTradingSymbol: h.bseTradingSymbol,
        totalQuantity: totalQuantityOf(h),
        t1Quantity: h.t1Quantity,
        t1AveragePrice: t1AveragePriceOf(h),
        averageTradedPrice: averagePriceOf(h),
        previousDayClose: quote?.pClose ?? 0,
        product: h.product,
        ltp: quote?.ltp ?? 0,
        isin: h.isin,
      });
    }
    return rows;
  }

  /** The margin an open position holds: its open quantity at its own average price. */
  positionMargin(p: Readonly<PositionRecord>, inst: Instrument, f = figuresOf(p, inst)): MarginBreakdown {
    if (f.netQuantity === 0) return ZERO;
    const long = f.netQuantity > 0;
    return marginFor(this.market, inst, {
      product: p.product,
      orderComplexity: p.type === "" ? "REGULAR" : p.type,
      transactionType: long ? "BUY" : "SELL",
      quantity: Math.abs(f.netQuantity),
      price: long ? f.buyPrice : f.sellPrice,
    });
  }

  /** The open quantity (long above zero, short below) of one position, from what the funds limits keep on it; undefined when there is none. */
  netQuantity(userId: string, inst: Instrument, book: string): number | undefined {
    const held = this.store.heldPosition(userId, inst.exchange, inst.token, book);
    return held ? this.positionFunds(held)?.figures.netQuantity : undefined;
  }

  /**
   * What a held position adds to the funds limits, kept on it until its record is replaced, or,
   * for a derivative, until its underlying's price moves (the margin of option writing follows it).
   */
  private positionFunds(held: HeldPosition): PositionFunds | undefined {
    const p = held.record;
    const kept = held.funds;
    const inst = kept?.inst ?? this.market.instrument(p.exchange, p.token);
    if (!inst) return undefined;
    const u = inst.underlying;
    const underlyingPrice = u ? this.market.quote(u.exchange, u.token)?.ltp : undefined;
    if (kept && kept.underlyingPrice === underlyingPrice) return kept;
    const figures = kept?.figures ?? figuresOf(p, inst);
    return (held.funds = { inst, figures, margin: this.positionMargin(p, inst, figures), underlyingPrice });
  }

  /**
   * The funds limits by segment through the shared rule (src/core/rules/funds.ts): one cash pool
   * per client, CASH and FO rows showing their segment's utilisation. What the broker feeds it:
   *   openingCashLimit, intradayPayin, intradayPayout, adhocMargin, otherCollateral: the ledger;
   *   realizedMTOM: realised P&L of every position less the charges of every fill (what the
   *     contract notes settle; charges are a realised cost);
   *   creditForCashSell: value of today's sales of shares out of the demat holdings;
   *   utilisation: margin held by working orders and open positions, by component;
   *   upfrontSellMargin: the part held by working sell orders; stockCollatateral 0 (no pledges).
   */
  limits(userId: string): FundsLimit[] {
    const { ledger, utilised } = this.fundsInputs(userId);
    return fundsLimits(ledger, utilised);
  }

  /** What a new order may still use: the pool's trading limit (the order window's available margin). */
  tradingLimit(userId: string): number {
    const { ledger, utilised } = this.fundsInputs(userId);
    return availableMargin(ledger, utilised);
  }

  /** What the funds rule is fed for a client (limits). */
  private fundsInputs(userId: string): { ledger: FundsLedger; utilised: { CASH: SegmentUtilisation; FO: SegmentUtilisation } } {
    let realized = 0;
    let credit = 0;
    let upfrontSell = 0;
    // Utilisation by segment, summed in paise: every margin is rounded to the paisa, so the sum is
    // exact, and no object is made per position (every order's funds check comes here).
    const cash = new Paise();
    const fo = new Paise();
    // What each held position adds is worked out once (positionFunds).
    for (const held of this.store.heldPositions(userId)) {
      const p = held.record;
      const funds = this.positionFunds(held);
      if (!funds) continue;
      const f = funds.figures;
      realized += f.realizedPnl;
      (fundsSegmentOf(p.exchange) === "CASH" ? cash : fo).add(funds.margin);
      if (holdsInDemat(p.exchange, p.product) && f.netQuantity < 0) credit += -f.netQuantity * f.sellPrice;
    }
    for (const o of this.workingMargins(userId)) {
      (fundsSegmentOf(o.exchange) === "CASH" ? cash : fo).add(o.blocked);
      if (o.transactionType === "SELL") upfrontSell += o.blocked.total;
    }
    const utilised = { CASH: cash.utilisation(), FO: fo.utilisation() };
    const l = this.store.ledger(userId);
    const ledger: FundsLedger = {
      openingCashLimit: l.openingCashLimit,
      intradayPayin: l.intradayPayin,
      intradayPayout: l.intradayPayout,
      adhocMargin: l.adhocMargin,
      realizedMTOM: roundToPaisa(realized - l.chargesPaid),
      creditForCashSell: roundToPaisa(credit),
      stockCollatateral: 0,
      otherCollateral: l.otherCollateral,
      upfrontSellMargin: roundToPaisa(upfrontSell),
    };
    return { ledger, utilised };
  }

  /** Paper mode's add funds: a pay-in to the client's cash pool. */
  addFunds(userId: string, amount: number): void {
    const f = this.store.ledger(userId);
    f.intradayPayin = roundToPaisa(f.intradayPayin + amount);
    this.store.putLedger(userId, f);
  }

  /**
   * Convert position (PUT v2/positions): the shared conversion rule (src/core/rules/positionActions.ts)
   * decides what may convert; the broker adds that transactionType names the open side (BUY
   * converts longs, SELL shorts), that a sale out of the holdings cannot be converted, that the
   * new product's margin must fit the trading limit (EC919), and moves the holding: a long moving
   * into DELIVERY lands in it as T1, one moving out of DELIVERY leaves it, today's shares first,
   * cost and all (holding.ts), and only as many as the holding has free.
   */
  convert(userId: string, r: ConvertBody): RuleResult {
    const { oldProduct, newProduct } = r;
    const side = r.transactionType;
    const quantity = Number(r.quantity);
    const inst = this.market.instrument(r.exchange, Number(r.instrumentId));
    if (!inst) return ruleError("EC902");
    // A BO or CO position is an INTRADAY one kept apart: found so that the shared rule refuses it (EC957).
    const p =
      this.store.position(userId, inst.exchange, inst.token, oldProduct) ??
      (oldProduct === "INTRADAY" ? (this.store.position(userId, inst.exchange, inst.token, "BO") ?? this.store.position(userId, inst.exchange, inst.token, "CO")) : undefined);
    if (!p) return ruleError("EC950");
    const f = figuresOf(p, inst);
    const shared = checkConversion({ exchange: inst.exchange, netQuantity: f.netQuantity, product: p.product, type: p.type, lotsize: inst.lotSize }, newProduct, quantity);
    if (!shared.ok) return shared;
    // The broker's bookkeeping on top of the shared rule: the request names the open side, and a
    // sale out of the demat holdings stays a delivery sale (its shares have left the holding).
    const long = f.netQuantity > 0;
    if ((side === "BUY") !== long) return ruleError("EC952", `open quantity ${f.netQuantity}`);
    if (!long && holdsInDemat(inst.exchange, oldProduct)) return ruleError("EC951", "a sale out of the holdings cannot be converted");
    // Out of DELIVERY the shares leave the holding again: only shares it still has, and no working sell claims.
    if (long && holdsInDemat(inst.exchange, oldProduct)) {
      const product = holdingProductOf(oldProduct);
      const free = this.holdingQuantity(userId, inst.isin, product) - this.claimedSells(userId, inst.isin, product);
      if (quantity > free) return ruleError("EC951", `only ${Math.max(0, free)} of these shares are in the holding and not claimed by a working sell`);
    }

    // Today's units first, then carried ones, each at its own cost (takeOpenSide says when not).
    const { from, moved } = takeOpenSide(p, quantity, long);
    const price = (moved.dayValue + moved.carriedValue) / quantity;
    const existing = this.store.position(userId, inst.exchange, inst.token, newProduct);
    const to = existing ? { ...existing } : emptyPosition(inst, newProduct, "");
    if (long) {
      to.dayBuyQuantity += moved.day;
      to.dayBuyValue += moved.dayValue;
      to.cfBuyQuantity += moved.carried;
      to.cfBuyValue += moved.carriedValue;
    } else {
      to.daySellQuantity += moved.day;
      to.daySellValue += moved.dayValue;
      to.cfSellQuantity += moved.carried;
      to.cfSellValue += moved.carriedValue;
    }
    const before = this.positionMargin(p, inst).total + (existing ? this.positionMargin(existing, inst).total : 0);
    const after = this.positionMargin(from, inst).total + this.positionMargin(to, inst).total;
    const funds = checkSufficientFunds(after - before, this.tradingLimit(userId));
    if (!funds.ok) return funds;

    this.db.transaction(() => {
      this.store.putPosition(userId, from);
      this.store.putPosition(userId, to);
      if (long && holdsInDemat(inst.exchange, oldProduct)) this.moveHolding(userId, inst, holdingProductOf(oldProduct), "SELL", quantity, price);
      if (long && holdsInDemat(inst.exchange, newProduct)) this.moveHolding(userId, inst, holdingProductOf(newProduct), "BUY", quantity, price);
    })();
    return OK;
  }
}
