import { priceDecimals } from "../../src/core/types/exchange.js";
import {
  DEPTH_LEVELS,
  encodeMarketSnapshot,
  encodeOpenInterest,
  encodePriceInfo,
  type DepthEntry,
} from "../../src/core/frameCodec.js";
import type { DepthLevel, Instrument, Quote } from "../market/types.js";

/**
 * Quotes to wire frames (DESIGN.md section 5). PriceDivisor is 10^(price decimals of the
 * exchange): 100, or 10000 on the currency exchanges whose tick is 0.0025.
 */
export function priceDivisorOf(inst: Instrument): number {
  return 10 ** priceDecimals(inst.exchange);
}

const toInt = (price: number, divisor: number): number => Math.round(price * divisor);

function depth(levels: DepthLevel[], divisor: number): DepthEntry[] {
  const out: DepthEntry[] = [];
  for (let i = 0; i < DEPTH_LEVELS; i++) {
    const l = levels[i];
    out.push(l ? { quantity: l.quantity, price: toInt(l.price, divisor), numberOfOrders: l.orders } : { quantity: 0, price: 0, numberOfOrders: 0 });
  }
  return out;
}

export function snapshotFrame(inst: Instrument, q: Quote): Uint8Array {
  const d = priceDivisorOf(inst);
  const bestBid = q.bids[0];
  const bestAsk = q.asks[0];
  return encodeMarketSnapshot({
    exchange: inst.exchange,
    token: inst.token,
    lastRate: toInt(q.ltp, d),
    lastQty: q.lastQty,
    totalQty: q.volume,
    high: toInt(q.high, d),
    low: toInt(q.low, d),
    openRate: toInt(q.open, d),
    pClose: toInt(q.pClose, d),
    avgRate: toInt(q.avgPrice, d),
    bidQty: bestBid?.quantity ?? 0,
    bidRate: bestBid ? toInt(bestBid.price, d) : 0,
    offQty: bestAsk?.quantity ?? 0,
    offRate: bestAsk ? toInt(bestAsk.price, d) : 0,
    tBidQ: q.totalBuyQty,
    tOffQ: q.totalSellQty,
    priceDivisor: d,
    lastTradedTime: q.lastTradedTime,
    bids: depth(q.bids, d),
    asks: depth(q.asks, d),
    seq: q.seq,
  });
}

export function openInterestFrame(inst: Instrument, q: Quote): Uint8Array {
  return encodeOpenInterest({ exchange: inst.exchange, token: inst.token, openInterest: q.openInterest, dayHiOI: q.dayHighOI, dayLoOI: q.dayLowOI, previousOI: q.previousOI });
}

export function priceInfoFrame(inst: Instrument, q: Quote): Uint8Array {
  const d = priceDivisorOf(inst);
  return encodePriceInfo({
    exchange: inst.exchange,
    token: inst.token,
    weekHigh: toInt(q.weekHigh, d),
    weekLow: toInt(q.weekLow, d),
    upperCircuitLimit: toInt(q.upperCircuit, d),
    lowerCircuitLimit: toInt(q.lowerCircuit, d),
    priceDivisor: d,
  });
}
