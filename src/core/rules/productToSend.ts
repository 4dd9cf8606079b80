import type { Exchange } from "../types/exchange";
import { isEquityExchange } from "../types/exchange";
import type { Product } from "../types/order";
import type { Pcode } from "../types/orderWindow";

/**
 * Product mapping when sending an order (trading-core section 5):
 * | NRML | NORMAL | BO, CO, INTRADAY | INTRADAY | DELIVERY | DELIVERY on equity exchanges, otherwise NORMAL | BNPL | BNPL |
 */
export function productToSend(pcode: Pcode, exchange: Exchange): Product {
  switch (pcode) {
    case "NRML":
    case "NORMAL":
      return "NORMAL";
    case "BO":
    case "CO":
    case "INTRADAY":
      return "INTRADAY";
    case "DELIVERY":
      return isEquityExchange(exchange) ? "DELIVERY" : "NORMAL";
    case "BNPL":
      return "BNPL";
  }
}
