import { isEquityExchange } from "../types/exchange";
import type { Product } from "../types/order";
import type { Position } from "../types/portfolio";

/**
 * Which products a position can be converted to (the convert-position dialog, trading-core
 * section 2). The spec leaves the rules to the server; the dialog offers only what can succeed:
 * - "DELIVERY and BNPL are allowed only on NSEEQ or BSEEQ" (section 5), so equity moves between
 *   INTRADAY and DELIVERY, every other segment between INTRADAY and NORMAL;
 * - BO and CO positions leave through their own legs, so they are not converted;
 * - a closed position has nothing to convert; BNPL positions stay BNPL (the funding is the point);
 * - an equity short cannot move into the holdings, and a sale out of them cannot be converted, so
 *   equity shorts are not converted either.
 * The server checks again and its refusal reaches the user as a danger toast.
 */
export function convertTargets(p: Pick<Position, "exchange" | "product" | "netQuantity" | "type">): Product[] {
  if (p.netQuantity === 0 || p.type === "BO" || p.type === "CO" || p.product === "BNPL") return [];
  if (p.netQuantity < 0 && isEquityExchange(p.exchange)) return [];
  const pair: Product[] = isEquityExchange(p.exchange) ? ["INTRADAY", "DELIVERY"] : ["INTRADAY", "NORMAL"];
  return pair.filter((x) => x !== p.product);
}
