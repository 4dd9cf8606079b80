import { isEquityExchange } from "../types/exchange";
import type { ContractInfo } from "../types/contract";
import type { OrderRequest } from "../types/order";

/**
 * A sale out of the demat account needs the shares ("Insufficient holdings to sell", EC949): a
 * DELIVERY sale the delivery holding, a BNPL sale the BNPL one. The order window says so before
 * Enter, from the holding the contract info gives (deliveryQty, bnplQty); it said "Sell from
 * holdings: no margin" over a sale of shares not held, refused only on Enter. The broker also counts
 * what the client's other working sells already claim, which the window cannot see: this warns on
 * the holding alone, and the broker's answer stays the last word.
 */
export function holdingSaleShort(req: Pick<OrderRequest, "exchange" | "transactionType" | "product" | "quantity">, held: Pick<ContractInfo, "deliveryQty" | "bnplQty">): string | undefined {
  if (req.transactionType !== "SELL" || !isEquityExchange(req.exchange)) return undefined;
  const bnpl = req.product === "BNPL";
  if (req.product !== "DELIVERY" && !bnpl) return undefined;
  const holding = bnpl ? held.bnplQty : held.deliveryQty;
  if (req.quantity <= holding) return undefined;
  return bnpl
    ? `You hold ${holding} as BNPL: a BNPL sale of ${req.quantity} is refused`
    : `You hold ${holding} for delivery: a delivery sale of ${req.quantity} is refused${holding === 0 ? " (Intraday sells short)" : ""}`;
}
