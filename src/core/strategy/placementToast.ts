import type { Toast } from "../notify";
import type { BasketLeg } from "../rules/basket";
import { legName, legRefusal, type LegReport } from "../rules/basketRun";
import { listed } from "../rules/orderToast";

/**
 * The toast after placing a strategy (issue 28, "toasts say what happened to what"), pure:
 *   all placed:  "Strategy {name} placed: 2 of 2 legs: Qty 75 BUY A, Qty 75 BUY B" (success)
 *   none placed: "Strategy {name} not placed: 0 of 4 legs. {reason}" (danger), the reason once when
 *                every leg had the same one, else each leg with its own
 *   some placed: "Strategy {name} part-placed: 1 of 2 legs. Placed: {legs}. Not placed: {legs} ({reason})"
 *                (danger: the set is not what was confirmed, a leg may be naked)
 * Legs refused for the same reason are listed together with it once (a kill switch refuses every
 * leg alike); a reason reads as the baskets' and the order window's refusals do (basketRun.ts
 * legRefusal): the broker's sentence, its code only for the risk desk's EC710-EC719.
 */
export function strategyToast(name: string, legs: readonly BasketLeg[], reports: readonly LegReport[]): Toast {
  const byId = new Map(legs.map((l) => [l.scripId, l]));
  const nameOf = (scripId: number) => {
    const leg = byId.get(scripId);
    return leg ? legName(leg) : `leg ${scripId}`;
  };
  const placed = reports.filter((r) => r.placed).map((r) => nameOf(r.scripId));
  const counts = `${placed.length} of ${reports.length} legs`;
  if (placed.length === reports.length) return { kind: "success", text: `Strategy ${name} placed: ${counts}${placed.length ? `: ${listed(placed)}` : ""}` };

  const groups = new Map<string, string[]>();
  for (const r of reports) {
    if (r.placed) continue;
    const reason = legRefusal(r);
    groups.set(reason, [...(groups.get(reason) ?? []), nameOf(r.scripId)]);
  }
  const refused = [...groups].map(([reason, names]) => `${listed(names)} (${reason})`).join("; ");
  if (placed.length === 0) {
    const reasons = [...groups.keys()];
    return { kind: "danger", text: `Strategy ${name} not placed: ${counts}. ${reasons.length === 1 ? reasons[0] : refused}` };
  }
  return { kind: "danger", text: `Strategy ${name} part-placed: ${counts}. Placed: ${listed(placed)}. Not placed: ${refused}` };
}
