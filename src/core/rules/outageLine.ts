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
const OUTAGE_NOTE = "Broker unreachable: contract as looked up at";

/** The window's line saying its contract is the one last heard: it goes once the broker answers again. */
export function isOutageNote(note: string | undefined): boolean {
  return note?.startsWith(OUTAGE_NOTE) ?? false;
}

/** What a window whose order or change got no answer tells the trader to do: Enter sends it again, with the same key. */
export function noAnswerAdvice(mode: "new" | "modify"): string {
  return mode === "modify" ? "The change may not have reached it. Press Enter to send it again." : "The order may not have reached it. Press Enter to send it again: it will not be placed twice.";
}

/**
 * The same window once the broker answers again (the status bar LIVE): "unreachable" would now be
 * false, but whether the last send reached the broker is still not known, so the advice stays.
 */
export function brokerBackText(mode: "new" | "modify"): string {
  return `The broker answers again. ${noAnswerAdvice(mode)}`;
}

export function openingInOutage(typed: string, exchange: string, known: { contract: ContractInfo; at: number } | undefined): OutageOpening {
  if (known) return { kind: "open", contract: known.contract, note: `${OUTAGE_NOTE} ${istTime(new Date(known.at).toISOString())} IST` };
  return {
    kind: "keep",
    reason: `The broker is unreachable, and ${typed.trim().toUpperCase()} on ${exchange} was not looked up since sign-in, so its lot, tick and circuits are unknown. The line is kept: press Enter once the broker answers.`,
  };
}
