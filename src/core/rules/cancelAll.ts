/**
 * What the spec's cancel all (DELETE v2/orders/cancelAll) cancels: every working order that is not
 * a BO/CO sub-leg. A leg is left working on purpose: it is the stop and target of a position that
 * is open, and cancelling it by itself exits that position (server/orders/changes.ts cancel), which
 * a "cancel all open orders" must not do behind the trader's back. One rule for both sides: the
 * broker's cancel all and the preview that says what it will cancel.
 */
/** An order's leg ids; one without a main-leg id (a row of an older shape) is no leg. */
export interface LegIds {
  brokerOrderId?: string;
  mainLegOrderId?: string;
}

/** A BO/CO sub-leg: it names a main leg other than itself (legRole's test, rules/orderStatus.ts). */
export function isSubLeg(o: LegIds): boolean {
  const main = o.mainLegOrderId ?? "";
  return main !== "" && main !== "0" && main !== o.brokerOrderId;
}

/** Whether cancel all cancels this working order. */
export function cancelAllTakes(o: LegIds): boolean {
  return !isSubLeg(o);
}

/** What the preview and the result say of the legs cancel all leaves working. */
export function legsStayText(count: number): string {
  return `${count} BO/CO leg${count === 1 ? "" : "s"} stay${count === 1 ? "s" : ""}: exit ${count === 1 ? "its position" : "their positions"} to close ${count === 1 ? "it" : "them"}`;
}
