import { brokerOrigin } from "../config";
import { reachedDespite } from "../../core/rules/brokerReach";

/** The paper broker's /health answer (server/app.ts): its simulated clock and how it was chosen. */
export interface BrokerHealth {
  up: boolean;
  simTime: string;
  clockMode: string;
  /** How fast the clock runs: 1 live, a replay's speed, 0 while a replay is paused (issue 35). */
  clockSpeed?: number;
  /** In replay mode, the speed it is set to, paused or not: what resume plays at. */
  replaySpeed?: number;
  /** In replay mode, a move under way: the clock stands at its new time until the tape arrives. */
  replayMoving?: boolean;
  /** In replay mode, the day's end reached: the clock stands there for good. */
  replayEnded?: boolean;
  /** The day replayed, in replay mode. */
  replayDate?: string;
  /** Which run of that day, in replay mode: another run has other books. */
  replayRun?: string;
}

/**
 * One health check: the answer (null when there is none within `timeoutMs`, or it is not a clock),
 * and whether the broker was reached at all (a gateway's 502 to 504 is not the broker's answer).
 */
export async function fetchHealth(timeoutMs: number): Promise<{ reached: boolean; health: BrokerHealth | null }> {
  let res: Response;
  try {
    res = await fetch(`${brokerOrigin}/health`, { cache: "no-store", signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return { reached: false, health: null };
  }
  if (!res.ok) return { reached: reachedDespite({ kind: "status", status: res.status }), health: null };
  try {
    const body = (await res.json()) as { result?: BrokerHealth[] };
    return { reached: true, health: body.result?.[0] ?? null };
  } catch {
    return { reached: true, health: null };
  }
}
