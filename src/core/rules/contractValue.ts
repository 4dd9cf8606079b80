import type { Exchange } from "../types/exchange";
import { segmentOf } from "../types/exchange";

/**
 * Rupees per one unit of quantity per rupee of price, the factor behind P&L, turnover and margin.
 * It is the unrealised P&L rule of trading-core section 9:
 *   "Unrealised P&L uses quantity for equity and F&O."                          factor 1
 *   "Unrealised P&L for commodity multiplies by multiplier and lot size."         multiplier x lotSize
 *   "Unrealised P&L for other exchanges uses quantity times multiplier."          multiplier (currency)
 * A consequence Tape accepts: on commodity exchanges order and position quantity counts lots
 * (the window shows commodity quantity in lots), and one lot is worth price x multiplier x lotSize.
 */
export function valuePerUnit(exchange: Exchange, multiplier: number, lotSize: number): number {
  const m = multiplier > 0 ? multiplier : 1;
  const l = lotSize > 0 ? lotSize : 1;
  switch (segmentOf(exchange)) {
    case "equity":
    case "derivatives":
      return 1;
    case "commodity":
      return m * l;
    case "currency":
      return m;
  }
}

/** The quantity step the lot-size rule (EC954) checks: 1 on commodity, where quantity already counts lots. */
export function quantityStep(exchange: Exchange, lotSize: number): number {
  if (segmentOf(exchange) === "commodity") return 1;
  return lotSize > 0 ? lotSize : 1;
}
