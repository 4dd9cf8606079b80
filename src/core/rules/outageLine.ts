import { istTime } from "../time";
import type { ContractInfo } from "../types/contract";

export type OutageOpening = { kind: "open"; contract: ContractInfo; note: string } | { kind: "keep"; reason: string };

/**
 * An order line the broker cannot be asked about (issue 28, "an outage loses nothing typed"): it
 * opens its window from the contract the app last heard from the broker, and the window says how
 * old that is; else it stays in the palette with the reason. A window never opens on a guessed
 * contract: lot, tick and circuits come from the broker's own answer or not at all. Placing still
 * waits for the broker, and re-reads the contract first.
 */
export function openingInOutage(typed: string, exchange: string, known: { contract: ContractInfo; at: number } | undefined): OutageOpening {
  if (known) return { kind: "open", contract: known.contract, note: `Broker unreachable: contract as looked up at ${istTime(new Date(known.at).toISOString())} IST` };
  return {
    kind: "keep",
    reason: `The broker is unreachable, and ${typed.trim().toUpperCase()} on ${exchange} was not looked up since sign-in, so its lot, tick and circuits are unknown. The line is kept: press Enter once the broker answers.`,
  };
}
