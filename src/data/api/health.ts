import { brokerOrigin } from "../config";

/** The paper broker's /health answer (server/app.ts): its simulated clock and how it was chosen. */
export interface BrokerHealth {
  up: boolean;
  simTime: string;
  clockMode: string;
}

/** One health check: the answer, or null when the broker does not answer within `timeoutMs`. */
export async function fetchHealth(timeoutMs: number): Promise<BrokerHealth | null> {
  try {
    const res = await fetch(`${brokerOrigin}/health`, { cache: "no-store", signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    const body = (await res.json()) as { result?: BrokerHealth[] };
    return body.result?.[0] ?? null;
  } catch {
    return null;
  }
}
