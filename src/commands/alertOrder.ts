import { alertProblem, type AlertOrderLeg } from "../core/rules/alerts";
import { otherProductWarning } from "../core/rules/otherProduct";
import { positions$, refreshPositions } from "../data/stores/portfolio";
import { resolveLineLeg } from "./aliasRun";
import { parseOrderCommand } from "./grammar/order";

/** An alert's order line resolved when the alert is set: the leg the broker keeps and places, and what it does to a position held in another product. */
export interface AlertOrder {
  leg: AlertOrderLeg;
  /** "This alert's order places DELIVERY: it will sell 5 out of your demat holdings …, not close your INTRADAY +10". */
  warning: string | undefined;
}

/**
 * One order line of an alert (issue 33), resolved now, when the alert is set: its contract, and its
 * product as the order window opens with for the same words when the line names none
 * (rules/defaultProduct.ts, by resolveLineLeg). The broker keeps the leg with the alert and places
 * it as kept when it fires, so the product the dialog and the toast show is the product sent
 * (FINDINGS-26 s2: `sell INFY 5 @ 1140` went DELIVERY out of the demat while the window gave the
 * same words INTRADAY). When the leg would reduce a position held in another product it says so as
 * the GTT form does (rules/otherProduct.ts), from the positions read afresh. Or why not, in the words
 * and code the broker would refuse it with (EC732).
 */
export async function alertOrderOf(line: string): Promise<AlertOrder | string> {
  const parsed = parseOrderCommand(line);
  if (!parsed.ok) return alertProblem("EC732", `${line}: ${parsed.message}${parsed.word ? ` (${parsed.word})` : ""}`);
  const [made] = await Promise.all([resolveLineLeg(parsed.draft, line, 1, "an alert"), refreshPositions().catch(() => undefined)]);
  if (!made) return alertProblem("EC732", `${line}: no contract found`);
  if (!made.ok) return alertProblem("EC732", made.reason);
  const l = made.leg;
  const leg: AlertOrderLeg = { exchange: l.exchange, token: l.token, tradingSymbol: l.tradingSymbol, transType: l.transType, qty: l.qty, product: l.product, orderType: l.orderType, price: l.price, trigger: l.trigger, line };
  const warning = otherProductWarning({ exchange: l.exchange, token: String(l.token), transactionType: l.transType, quantity: l.qty }, positions$.rows.peek(), l.product, { placer: "This alert's order" });
  return { leg, warning };
}
