import { productLabel } from "../format";
import type { Exchange } from "../types/exchange";
import { segmentOf } from "../types/exchange";
import { instrumentKind } from "../types/contract";
import type { OrderComplexity, OrderType, Product, TransactionType } from "../types/order";
import { valuePerUnit } from "./contractValue";
import { roundPercent, roundToPaisa } from "../money";

/** "The margin check runs 200 ms after inputs change" (trading-core section 4): the order window's and the strategy pane's. */
export const MARGIN_DEBOUNCE_MS = 200;

/**
 * The paper broker's margin model (the spec shows neither the margin-check answer nor how margin
 * is computed). A simple, defensible model:
 *
 * | what                                   | margin                                                        |
 * |----------------------------------------|---------------------------------------------------------------|
 * | equity DELIVERY (and NORMAL) buy       | 100% of value (cash)                                          |
 * | equity BNPL buy                        | (100 - productLeverage)% of value: the broker funds the rest  |
 * | equity sell from DELIVERY/BNPL         | 0 (the holding covers it; the broker checks the holding)      |
 * | equity INTRADAY, BO, CO                | 20% of value (5x leverage), either side                       |
 * | equity futures, either side            | SPAN 9% + exposure 3% = 12% of contract value                 |
 * | option buy                             | the premium (price x quantity)                                |
 * | option sell                            | like a future on the underlying (strike when no underlying)   |
 * | currency futures                       | SPAN 2% + exposure 1% = 3%                                    |
 * | commodity futures                      | SPAN 8% + exposure 2% = 10% (or the contract's own percent)   |
 *
 * Value is quantity x price x valuePerUnit (rules/contractValue.ts).
 */
export const MARGIN_PERCENT = {
  equityIntraday: 20,
  equityFuturesSpan: 9,
  equityFuturesExposure: 3,
  currencyFuturesSpan: 2,
  currencyFuturesExposure: 1,
  commodityFuturesSpan: 8,
  commodityFuturesExposure: 2,
} as const;

/**
 * The price an order's margin (and its charges estimate) is computed at: its price for LIMIT
 * and SL, its trigger for SLM, and the last price for MARKET, which has no price of its own.
 */
export function marginPrice(order: { orderType: OrderType; price: number; slTriggerPrice: number }, ltp: number): number {
  switch (order.orderType) {
    case "LIMIT":
    case "SL":
      return order.price;
    case "SLM":
      return order.slTriggerPrice;
    case "MARKET":
      return ltp;
  }
}

export interface MarginInput {
  exchange: Exchange;
  insType: string;
  product: Product;
  orderComplexity: OrderComplexity;
  transactionType: TransactionType;
  quantity: number;
  /** The order price, or the last price for a MARKET order. For options, the premium. */
  price: number;
  multiplier: number;
  lotSize: number;
  productLeverage: number;
  /** For option writing: the underlying's price; the strike is used when absent. */
  underlyingPrice?: number;
  strikePrice?: number;
  /** A contract's own SPAN+exposure percent (commodity contracts differ); overrides the table. */
  marginPercent?: number;
}

export interface MarginBreakdown {
  span: number;
  exposure: number;
  premium: number;
  cash: number;
  total: number;
}

function breakdown(span: number, exposure: number, premium: number, cash: number): MarginBreakdown {
  const s = roundToPaisa(span), e = roundToPaisa(exposure), p = roundToPaisa(premium), c = roundToPaisa(cash);
  return { span: s, exposure: e, premium: p, cash: c, total: roundToPaisa(s + e + p + c) };
}

function futuresPercents(exchange: Exchange, override: number | undefined): [number, number] {
  if (override !== undefined && override > 0) return [override * 0.8, override * 0.2];
  switch (segmentOf(exchange)) {
    case "currency":
      return [MARGIN_PERCENT.currencyFuturesSpan, MARGIN_PERCENT.currencyFuturesExposure];
    case "commodity":
      return [MARGIN_PERCENT.commodityFuturesSpan, MARGIN_PERCENT.commodityFuturesExposure];
    default:
      return [MARGIN_PERCENT.equityFuturesSpan, MARGIN_PERCENT.equityFuturesExposure];
  }
}

/** Which row of the margin table an order falls in: the one decision computeMargin and marginBasis share. */
export type MarginCase = "intraday" | "coveredSell" | "bnpl" | "delivery" | "optionBuy" | "optionSell" | "futures";

export function marginCase(input: Pick<MarginInput, "exchange" | "insType" | "product" | "orderComplexity" | "transactionType">): MarginCase {
  const buying = input.transactionType === "BUY";
  if (segmentOf(input.exchange) === "equity") {
    if (input.product === "INTRADAY" || input.orderComplexity === "BO" || input.orderComplexity === "CO") return "intraday";
    if (!buying) return "coveredSell";
    return input.product === "BNPL" ? "bnpl" : "delivery";
  }
  if (instrumentKind(input.insType) === "option") return buying ? "optionBuy" : "optionSell";
  return "futures";
}

const bnplLeverage = (productLeverage: number): number => Math.min(100, Math.max(0, productLeverage));

export function computeMargin(input: MarginInput): MarginBreakdown {
  const unit = valuePerUnit(input.exchange, input.multiplier, input.lotSize);
  const qty = Math.abs(input.quantity);
  const value = qty * input.price * unit;
  const [spanPct, exposurePct] = futuresPercents(input.exchange, input.marginPercent);
  switch (marginCase(input)) {
    case "intraday":
      return breakdown(0, 0, 0, (value * MARGIN_PERCENT.equityIntraday) / 100);
    case "coveredSell":
      return breakdown(0, 0, 0, 0);
    case "bnpl":
      return breakdown(0, 0, 0, (value * (100 - bnplLeverage(input.productLeverage))) / 100);
    case "delivery":
      return breakdown(0, 0, 0, value);
    case "optionBuy":
      return breakdown(0, 0, value, 0);
    case "optionSell": {
      const underlying = input.underlyingPrice && input.underlyingPrice > 0 ? input.underlyingPrice : (input.strikePrice ?? input.price);
      const notional = qty * underlying * unit;
      return breakdown((notional * spanPct) / 100, (notional * exposurePct) / 100, 0, 0);
    }
    case "futures":
      return breakdown((value * spanPct) / 100, (value * exposurePct) / 100, 0, 0);
  }
}

const pct = (x: number): string => `${roundPercent(x)}%`;

/**
 * Why an order needs the margin it does, in a trader's words: the margin table's row with its
 * rate. Rates differ by product (delivery 100 %, intraday 20 %), by the share's BNPL leverage and
 * by segment, so the order window shows this beside the figure.
 */
export function marginBasis(input: MarginInput): string {
  const [spanPct, exposurePct] = futuresPercents(input.exchange, input.marginPercent);
  switch (marginCase(input)) {
    case "intraday":
      // The product in the words the product select beside it shows (productLabel): INTRADAY, BO, CO.
      return `${productLabel(input.orderComplexity === "BO" || input.orderComplexity === "CO" ? input.orderComplexity : "INTRADAY")}: ${pct(MARGIN_PERCENT.equityIntraday)} of value (${100 / MARGIN_PERCENT.equityIntraday}x leverage)`;
    case "coveredSell":
      return "Sell from holdings: no margin";
    case "bnpl": {
      const lev = bnplLeverage(input.productLeverage);
      return `BNPL: ${pct(100 - lev)} of value (the broker funds ${pct(lev)})`;
    }
    case "delivery":
      return `${productLabel("DELIVERY")}: 100% of value`;
    case "optionBuy":
      return "Option buy: the premium";
    case "optionSell":
      return `Option sell: SPAN ${pct(spanPct)} + exposure ${pct(exposurePct)} of the underlying's value`;
    case "futures":
      return `Futures: SPAN ${pct(spanPct)} + exposure ${pct(exposurePct)} of value`;
  }
}
