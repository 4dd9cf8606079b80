import type { AliasLeg } from "../core/rules/alias";
import { productToSend, quantityFromShown } from "../core/rules/orderWindow";
import type { Exchange } from "../core/types/exchange";
import type { OrderDraft } from "./grammar/order";

/** The contract a line resolved to, as much as a leg needs. */
export interface AliasContract {
  exchange: Exchange;
  token: string;
  tradingSymbol: string;
  lotSize: number;
}

/**
 * The leg one line of an alias places, or why it cannot be placed from an alias. An alias's orders
 * go as basket legs (rules/basketRun.ts): DAY, no disclosed quantity. A line that asks for more
 * (IOC, GTD, a disclosed quantity, a bracket) is refused with the word, never placed without it
 * (issue 28: what the confirmation shows is what is sent). The quantity is the window's
 * ("QTY is what the order window's quantity field shows": lots for currency), sent in units;
 * the product, when the line names none, is DELIVERY on equity and NORMAL elsewhere.
 */
export function aliasLegOf(d: OrderDraft, line: string, c: AliasContract, scripId: number): { ok: true; leg: AliasLeg } | { ok: false; reason: string } {
  if (d.orderType !== "Regular") return { ok: false, reason: `${line}: BO and CO orders are placed from the order window, not from an alias` };
  if (d.validity && d.validity !== "DAY") return { ok: false, reason: `${line}: an alias places DAY orders; place a ${d.validity} order from the order window` };
  if (d.disclosedQuantity) return { ok: false, reason: `${line}: an alias does not place a disclosed quantity; place it from the order window` };
  return {
    ok: true,
    leg: {
      scripId,
      exchange: c.exchange,
      token: Number(c.token),
      transType: d.transactionType,
      qty: quantityFromShown(c.exchange, d.quantity, c.lotSize),
      product: productToSend(d.pcode ?? "DELIVERY", c.exchange),
      orderType: d.priceType,
      price: d.priceType === "LIMIT" || d.priceType === "SL" ? (d.price ?? 0) : 0,
      trigger: d.priceType === "SL" || d.priceType === "SLM" ? (d.triggerPrice ?? 0) : 0,
      tradingSymbol: c.tradingSymbol,
      line,
      amo: d.isAmo,
      lotSize: c.lotSize,
    },
  };
}
