import { legContractProblem, type LegProblem } from "../rules/basketLegCheck";
import { killSwitchRefusal, type KillSwitchState } from "../rules/killSwitch";
import { refusalText } from "../rules/riskMessage";
import { segmentOf, type Exchange, type Segment } from "../types/exchange";
import type { DeskLeg } from "./legs";
import { legNumber, orderToPlace } from "./placement";

/**
 * A strategy's legs against their contracts before any is sent, pure. A strategy placed half is a
 * naked leg, so the rules that cannot change before the legs fire are the basket leg's
 * (rules/basketLegCheck.ts, the one definition): the quantity a multiple of the lot (EC954) and a
 * typed entry on the tick (EC917, refused with the ticks either side, never rounded quietly).
 */

/** What the checks need of a leg's contract (the security-info answer has it). */
export interface LegContract {
  exchange: Exchange;
  lotSize: number;
  tickSize: number;
}

/** The leg's order as it would be sent (placement.ts orderToPlace), against its contract's rules; a held leg sending nothing has none. */
export function deskLegProblem(leg: DeskLeg, contract: LegContract): LegProblem | undefined {
  const order = orderToPlace(leg, 0);
  return order ? legContractProblem(order, contract) : undefined;
}

/** A typed entry off the contract's tick, or undefined. Only the price: the lots are not what the trader is typing. */
export function entryProblem(leg: DeskLeg, entry: number, contract: LegContract): LegProblem | undefined {
  const p = deskLegProblem({ ...leg, entry }, contract);
  return p?.code === "EC917" ? p : undefined;
}

export interface LegVerdict {
  /** The leg's place in the pane, from 0. */
  index: number;
  message: string;
}

/** Every leg that would be refused, in the pane's order; `contracts[i]` is leg i's (undefined: it could not be read, so the leg is not sent unchecked). A leg that sends nothing (held) is not checked. */
export function placementProblems(legs: readonly DeskLeg[], contracts: ReadonlyArray<LegContract | undefined>): LegVerdict[] {
  return legs.flatMap((leg, index) => {
    if (!orderToPlace(leg, index)) return [];
    const c = contracts[index];
    if (!c) return [{ index, message: "its contract could not be read" }];
    const p = deskLegProblem(leg, c);
    return p ? [{ index, message: p.message }] : [];
  });
}

/** What the confirmation answers when any leg would be refused: none is sent. */
export function placementRefusal(legs: readonly DeskLeg[], problems: readonly LegVerdict[]): string | undefined {
  if (problems.length === 0) return undefined;
  const each = problems.map((p) => `Leg ${legNumber(p.index)} ${legs[p.index]?.symbol ?? ""}: ${p.message}`);
  return `Nothing was sent: ${problems.length} of ${legs.length} legs would be refused. ${each.join(". ")}`;
}

/**
 * A sentence for each segment whose kill switch is on over some of the legs (issue 33's EC710 and
 * its wording, read as every refusal is: riskMessage.ts refusalText): the confirmation says it
 * before the broker refuses them.
 */
export function switchedOffLegs(legs: readonly DeskLeg[], switchOf: (segment: Segment) => KillSwitchState | undefined, now: number): string[] {
  const bySegment = new Map<Segment, DeskLeg[]>();
  for (const l of legs) bySegment.set(segmentOf(l.exchange), [...(bySegment.get(segmentOf(l.exchange)) ?? []), l]);
  return [...bySegment].flatMap(([, ls]) => {
    const r = killSwitchRefusal(switchOf, ls[0]!.exchange, now);
    return r ? [`${refusalText(r.code, r.message)}. The broker will refuse ${ls.length} of ${legs.length} legs`] : [];
  });
}
