import type { Toast } from "../notify";
import type { BasketLeg } from "../rules/basket";
import { legName, legRefusal, placedLegLines, type LegReport } from "../rules/basketRun";
import { listed } from "../rules/orderToast";

/**
 * The toast after placing a strategy (issue 28, "toasts say what happened to what"), pure: the
 * strategy and how many legs were placed, then a line a leg, as a basket's fire toast reads
 * (basketRun.ts fireToast): each placed leg with its product and order number (placedLegLine: the
 * trader finds it in the book by that number), then the legs not placed, those refused for one
 * reason listed together with it once (a kill switch refuses every leg alike).
 *   all placed:  "Strategy {name} placed: 2 of 2 legs:\nQty 75 BUY A NRML, order 1\nQty 75 BUY B NRML, order 2" (success)
 *   none placed: "Strategy {name} not placed: 0 of 4 legs. {reason}" (danger), the reason once when
 *                every leg had the same one, else "Not placed: {legs} ({reason})" a line each
 *   some placed: "Strategy {name} part-placed: 1 of 2 legs:\n{placed leg}\nNot placed: {legs} ({reason})"
 *                (danger: the set is not what was confirmed, a leg may be naked)
 * A reason reads as the baskets' and the order window's refusals do (basketRun.ts legRefusal): the
 * broker's sentence, its code only for the risk desk's EC710-EC719.
 */
export function strategyToast(name: string, legs: readonly BasketLeg[], reports: readonly LegReport[]): Toast {
  const byId = new Map(legs.map((l) => [l.scripId, l]));
  const nameOf = (scripId: number) => {
    const leg = byId.get(scripId);
    return leg ? legName(leg) : `leg ${scripId}`;
  };
  const placed = placedLegLines(legs, reports);
  const counts = `${placed.length} of ${reports.length} legs`;
  if (placed.length === reports.length) return { kind: "success", text: [`Strategy ${name} placed: ${counts}${placed.length ? ":" : ""}`, ...placed].join("\n") };

  const groups = new Map<string, string[]>();
  for (const r of reports) {
    if (r.placed) continue;
    const reason = legRefusal(r);
    groups.set(reason, [...(groups.get(reason) ?? []), nameOf(r.scripId)]);
  }
  const refused = [...groups].map(([reason, names]) => `Not placed: ${listed(names)} (${reason})`);
  if (placed.length === 0) {
    const reasons = [...groups.keys()];
    return { kind: "danger", text: reasons.length === 1 ? `Strategy ${name} not placed: ${counts}. ${reasons[0]}` : [`Strategy ${name} not placed: ${counts}.`, ...refused].join("\n") };
  }
  return { kind: "danger", text: [`Strategy ${name} part-placed: ${counts}:`, ...placed, ...refused].join("\n") };
}
