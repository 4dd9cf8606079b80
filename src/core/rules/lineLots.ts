import { isEquityExchange, type Exchange } from "../types/exchange";
import { presetQuantity } from "./orderWindowPresets";

/**
 * A command line's `N lots` (or `1 lot`): the window's quantity for N lots of the contract, the
 * same as its "2 lots" preset button fills (orderWindowPresets.ts presetQuantity): N × the lot size
 * in units on F&O, whose quantity field shows units, and N on commodity and currency, whose field
 * already shows lots ("Commodity and currency quantity is shown in lots"). The window's quantity is
 * what is sent. Shares have no lots: a line on an equity exchange is refused, with what to type.
 */
export function quantityOfLots(lots: number, c: { exchange: Exchange; lotSize: number; tradingSymbol: string }): { ok: true; quantity: number } | { ok: false; reason: string } {
  if (isEquityExchange(c.exchange)) {
    return { ok: false, reason: `"lots" is for F&O, commodity and currency contracts: ${c.tradingSymbol} on ${c.exchange} is traded in shares. Type the number of shares, without "lots"` };
  }
  return { ok: true, quantity: presetQuantity(lots, c.exchange, c.lotSize) };
}
