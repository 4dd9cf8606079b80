import type { AliasLeg } from "../core/rules/alias";
import { emptyOrderWindowState, quantityFromShown } from "../core/rules/orderWindow";
import { productToSend } from "../core/rules/productToSend";
import { quantityOfLots } from "../core/rules/lineLots";
import { settleWindow, unmetAsks, type WindowContract } from "../core/rules/orderWindowChoices";
import type { Exchange } from "../core/types/exchange";
import type { Pcode } from "../core/types/orderWindow";
import { prefillOf, type OrderDraft } from "./grammar/order";

/** The contract a line resolved to, as much as a leg and the window's rules need. */
export interface AliasContract extends WindowContract {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  lotSize: number;
}

/**
 * The leg one line of an alias places, or why it cannot be placed from an alias. An alias's orders
 * go as basket legs (rules/basketRun.ts): DAY, no disclosed quantity. A line that asks for more
 * (IOC, GTD, a disclosed quantity, a bracket) is refused with the word, never placed without it
 * (issue 28: what the confirmation shows is what is sent). So is a line the order window would
 * not take as typed ("INTRADAY is disabled under AMO", "MARKET and SLM are disabled when the order
 * is AMO", BNPL where it is not offered): the line is settled by the window's own rules
 * (rules/orderWindowChoices.ts) and refused with what they would change. The quantity is the
 * window's ("QTY is what the order window's quantity field shows": lots for currency), sent in
 * units; the product, when the line names none, is `unnamed`: the one the order window opens with
 * for the same words (rules/defaultProduct.ts, data/stores/orderWindow.ts newOrderPcode), so an
 * alert's `sell INFY 5 @ 1140` is the product the window shows for it (FINDINGS-26 s2); with
 * nothing saved, DELIVERY on equity and NRML elsewhere.
 */
export function aliasLegOf(d: OrderDraft, line: string, c: AliasContract, scripId: number, from = "an alias", unnamed: Pcode = "DELIVERY"): { ok: true; leg: AliasLeg } | { ok: false; reason: string } {
  if (d.orderType !== "Regular") return { ok: false, reason: `${line}: BO and CO orders are placed from the order window, not from ${from}` };
  if (d.validity && d.validity !== "DAY") return { ok: false, reason: `${line}: ${from} places DAY orders; place a ${d.validity} order from the order window` };
  if (d.trail || d.risk) return { ok: false, reason: `${line}: ${from} does not place a trail or size by risk; place it from the order window` };
  if (d.disclosedQuantity) return { ok: false, reason: `${line}: ${from} does not place a disclosed quantity; place it from the order window` };
  // "2 lots": the window's quantity for them, as the order window works it out (shares have no lots).
  const lots = d.lots ? quantityOfLots(d.quantity, c) : undefined;
  if (lots && !lots.ok) return { ok: false, reason: `${line}: ${lots.reason}` };
  const asked = { ...prefillOf(d), ...(lots?.ok ? { quantity: lots.quantity } : {}), pcode: d.pcode ?? unnamed };
  const s = settleWindow({ ...emptyOrderWindowState(), ...asked }, c);
  const unmet = unmetAsks(asked, s, c.exchange);
  if (unmet.length > 0) return { ok: false, reason: `${line}: the order window would not place it as typed. ${unmet.join(". ")}` };
  const priceType = s.priceType === "SINGLE" || s.priceType === "OCO" ? "LIMIT" : s.priceType;
  return {
    ok: true,
    leg: {
      scripId,
      exchange: c.exchange,
      token: c.token,
      transType: s.transactionType,
      qty: quantityFromShown(c.exchange, s.quantity, c.lotSize),
      product: productToSend(s.pcode, c.exchange),
      orderType: priceType,
      price: priceType === "LIMIT" || priceType === "SL" ? s.price : 0,
      trigger: priceType === "SL" || priceType === "SLM" ? s.triggerPrice : 0,
      tradingSymbol: c.tradingSymbol,
      line,
      amo: s.isAmo,
      lotSize: c.lotSize,
    },
  };
}
