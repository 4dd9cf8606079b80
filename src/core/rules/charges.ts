import type { Exchange } from "../types/exchange";
import { segmentOf } from "../types/exchange";
import { instrumentKind } from "../types/contract";
import type { Product, TransactionType } from "../types/order";
import type { ChargesBreakdown } from "../types/orderWindow";
import { valuePerUnit } from "./contractValue";
import { toPaise } from "../money";

/**
 * Charges of one executed order, the paper broker's plan (the spec shows only that get-brokerage
 * answers "the charges"). Rates follow the published Indian schedules of late 2024; every rate is
 * a whole number per 10^7 of turnover so that the arithmetic runs on integer paise (BigInt):
 *
 * | segment            | brokerage                     | STT/CTT           | exchange txn (NSE / BSE / MCX / NCDEX) | stamp (buy) |
 * |--------------------|-------------------------------|-------------------|----------------------------------------|-------------|
 * | equity delivery    | 0                             | 0.1% buy and sell | 0.00297% / 0.00375%                    | 0.015%      |
 * | equity intraday    | min(Rs 20, 0.03%)             | 0.025% sell       | 0.00297% / 0.00375%                    | 0.003%      |
 * | equity futures     | min(Rs 20, 0.03%)             | 0.02% sell        | 0.00173% / 0                           | 0.002%      |
 * | equity options     | min(Rs 20, 0.03%)             | 0.1% sell premium | 0.03503% / 0.0325% of premium          | 0.003%      |
 * | currency futures   | min(Rs 20, 0.03%)             | none              | 0.00035% / 0.00045%                    | 0.0001%     |
 * | currency options   | min(Rs 20, 0.03%)             | none              | 0.0311% / 0.001%                       | 0.0001%     |
 * | commodity futures  | min(Rs 20, 0.03%)             | 0.01% sell (non-agri; NCDEX agri none) | 0.0021% MCX, NSE, BSE / 0.0058% NCDEX | 0.002% |
 * | commodity options  | min(Rs 20, 0.03%)             | 0.05% sell premium | 0.0418% MCX, NSE, BSE, NCDEX          | 0.003%      |
 *
 * SEBI turnover fees: Rs 10 per crore (0.0001%). GST: 18% of brokerage + exchange charges + SEBI fees.
 * Each component is rounded half up to the paisa; GST is taken on the rounded components.
 * Delivery (DELIVERY, BNPL, and NORMAL on an equity exchange) pays no brokerage.
 */
export type ChargeSegment =
  | "equity-delivery"
  | "equity-intraday"
  | "equity-futures"
  | "equity-options"
  | "currency-futures"
  | "currency-options"
  | "commodity-futures"
  | "commodity-options";

interface Rates {
  sttBuy: number;
  sttSell: number;
  exchange: (exchange: Exchange) => number;
  stampBuy: number;
}

const PER = 10_000_000n;
const BROKERAGE_RATE = 3000; // 0.03%
const BROKERAGE_CAP_PAISE = 2000n; // Rs 20
const SEBI_RATE = 10; // Rs 10 per crore
const GST_PERCENT = 18n;

const RATES: Record<ChargeSegment, Rates> = {
  "equity-delivery": { sttBuy: 10000, sttSell: 10000, exchange: (e) => (e === "BSEEQ" ? 375 : 297), stampBuy: 1500 },
  "equity-intraday": { sttBuy: 0, sttSell: 2500, exchange: (e) => (e === "BSEEQ" ? 375 : 297), stampBuy: 300 },
  "equity-futures": { sttBuy: 0, sttSell: 2000, exchange: (e) => (e === "BSEFO" ? 0 : 173), stampBuy: 200 },
  "equity-options": { sttBuy: 0, sttSell: 10000, exchange: (e) => (e === "BSEFO" ? 3250 : 3503), stampBuy: 300 },
  "currency-futures": { sttBuy: 0, sttSell: 0, exchange: (e) => (e === "BSECURR" ? 45 : 35), stampBuy: 10 },
  "currency-options": { sttBuy: 0, sttSell: 0, exchange: (e) => (e === "BSECURR" ? 100 : 3110), stampBuy: 10 },
  "commodity-futures": { sttBuy: 0, sttSell: 1000, exchange: (e) => (e === "NCDEXCOMM" ? 580 : 210), stampBuy: 200 },
  "commodity-options": { sttBuy: 0, sttSell: 5000, exchange: () => 4180, stampBuy: 300 },
};

export function isDeliveryProduct(exchange: Exchange, product: Product): boolean {
  return segmentOf(exchange) === "equity" && product !== "INTRADAY";
}

export function chargeSegment(exchange: Exchange, insType: string, product: Product): ChargeSegment {
  const kind = instrumentKind(insType);
  switch (segmentOf(exchange)) {
    case "equity":
      return isDeliveryProduct(exchange, product) ? "equity-delivery" : "equity-intraday";
    case "derivatives":
      return kind === "option" ? "equity-options" : "equity-futures";
    case "currency":
      return kind === "option" ? "currency-options" : "currency-futures";
    case "commodity":
      return kind === "option" ? "commodity-options" : "commodity-futures";
  }
}

export interface ChargesInput {
  exchange: Exchange;
  insType: string;
  product: Product;
  transactionType: TransactionType;
  quantity: number;
  /** The traded price (the premium for options). */
  price: number;
  multiplier: number;
  lotSize: number;
}

/** The charges input of a contract traded at a price: one place maps an instrument and an order to it. */
export function chargesInputOf(
  contract: Pick<ChargesInput, "exchange" | "insType" | "multiplier" | "lotSize">,
  order: Pick<ChargesInput, "product" | "transactionType" | "quantity" | "price">,
): ChargesInput {
  return {
    exchange: contract.exchange,
    insType: contract.insType,
    product: order.product,
    transactionType: order.transactionType,
    quantity: order.quantity,
    price: order.price,
    multiplier: contract.multiplier,
    lotSize: contract.lotSize,
  };
}

/** a x rate / 10^7, rounded half up, on non-negative paise. */
function applyRate(paise: bigint, rate: number): bigint {
  return (paise * BigInt(rate) + PER / 2n) / PER;
}

const rupees = (paise: bigint): number => Number(paise) / 100;

export function computeCharges(input: ChargesInput): ChargesBreakdown {
  const seg = chargeSegment(input.exchange, input.insType, input.product);
  const rates = RATES[seg];
  const turnover = Math.abs(input.quantity * input.price * valuePerUnit(input.exchange, input.multiplier, input.lotSize));
  const t = BigInt(toPaise(turnover));
  const buying = input.transactionType === "BUY";

  const brokerage = seg === "equity-delivery" ? 0n : min(applyRate(t, BROKERAGE_RATE), BROKERAGE_CAP_PAISE);
  const sttRate = buying ? rates.sttBuy : rates.sttSell;
  const agri = input.exchange === "NCDEXCOMM" && seg === "commodity-futures";
  const stt = agri ? 0n : applyRate(t, sttRate);
  const exchangeTxn = applyRate(t, rates.exchange(input.exchange));
  const sebi = applyRate(t, SEBI_RATE);
  const stamp = buying ? applyRate(t, rates.stampBuy) : 0n;
  const gst = ((brokerage + exchangeTxn + sebi) * GST_PERCENT + 50n) / 100n;
  const total = brokerage + stt + exchangeTxn + sebi + stamp + gst;
  return {
    turnover: rupees(t),
    brokerage: rupees(brokerage),
    stt: rupees(stt),
    exchangeTransactionCharges: rupees(exchangeTxn),
    sebiFees: rupees(sebi),
    stampDuty: rupees(stamp),
    gst: rupees(gst),
    total: rupees(total),
  };
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** The get-brokerage request's exchange group: CASH, FNO, CURRENCY or COM. */
export function exchangeGroup(exchange: Exchange): "CASH" | "FNO" | "CURRENCY" | "COM" {
  switch (segmentOf(exchange)) {
    case "equity":
      return "CASH";
    case "derivatives":
      return "FNO";
    case "currency":
      return "CURRENCY";
    case "commodity":
      return "COM";
  }
}

/** get-brokerage orderDetails.product: T (trading, intraday) or D (delivery and carry-forward). */
export function brokerageProductCode(product: Product): "T" | "D" {
  return product === "INTRADAY" ? "T" : "D";
}

/** The product a get-brokerage code stands for: T intraday; D delivery on equity, carry-forward (NORMAL) elsewhere. */
export function productOfBrokerageCode(code: "T" | "D", exchange: Exchange): Product {
  if (code === "T") return "INTRADAY";
  return segmentOf(exchange) === "equity" ? "DELIVERY" : "NORMAL";
}
