import type { Exchange } from "../../core/types/exchange";
import { positiveNumber, readScripAndQuantity, tokenize } from "./words";
import type { GttTriggerType } from "../../core/types/gtt";
import type { TrailUnit, TransactionType } from "../../core/types/order";

/**
 * The command line's GTT grammar (issue 7), pure:
 *
 *   gtt buy|sell [EXCH:]SYMBOL QTY trigger T [@ P]
 *   gtt oco buy|sell [EXCH:]SYMBOL QTY sl T [@ P] tgt T [@ P]      (sl and tgt in either order)
 *   ... trail X | trail X% [jump N]     (issue 33: the stop leg trails, src/core/rules/gttTrail.ts)
 *
 * "trigger" may be written trg; "tgt" target; "sl" stoploss. "@ P" after a trigger is the limit
 * price of the order that trigger places; without it the order is priced at the trigger. QTY is
 * what the form's quantity field shows. The first word that does not fit is named in the error.
 */
export interface GttLegDraft {
  trigger: number;
  price?: number;
}

export interface GttDraft {
  triggerType: GttTriggerType;
  transactionType: TransactionType;
  symbol: string;
  exchange?: Exchange;
  quantity: number;
  /** SINGLE: the trigger. OCO: the target. */
  leg1: GttLegDraft;
  /** OCO only: the stop-loss. */
  leg2?: GttLegDraft;
  /** Issue 33: the stop leg's trail. */
  trail?: { value: number; unit: TrailUnit; jump: number };
}

export type GttParseOutcome = { ok: true; draft: GttDraft } | { ok: false; word: string; message: string };

const fail = (word: string, message: string): GttParseOutcome => ({ ok: false, word, message });

const VERBS: Record<string, TransactionType> = { buy: "BUY", sell: "SELL" };
const TRIGGER_WORDS = new Set(["trigger", "trg"]);
const TARGET_WORDS = new Set(["tgt", "target"]);
const STOP_WORDS = new Set(["sl", "stoploss"]);

/** True when the palette's text is meant as a GTT line: it starts with the word "gtt". */
export function isGttCommand(input: string): boolean {
  return /^\s*gtt\s+\S/i.test(input);
}

export function parseGttCommand(input: string): GttParseOutcome {
  const words = tokenize(input);
  let i = 0;
  if (words[i]?.toLowerCase() !== "gtt") return fail(words[0] ?? "", 'A GTT line starts with "gtt"');
  i++;
  let triggerType: GttTriggerType = "SINGLE";
  if (words[i]?.toLowerCase() === "oco") {
    triggerType = "OCO";
    i++;
  } else if (words[i]?.toLowerCase() === "single") i++;

  const verb = words[i];
  if (verb === undefined) return fail("", "Type buy or sell");
  const transactionType = VERBS[verb.toLowerCase()];
  if (!transactionType) return fail(verb, `"${verb}" is not buy or sell`);
  i++;

  const scrip = readScripAndQuantity(words, i, verb);
  if (!scrip.ok) return scrip;
  const { exchange, symbol, quantity } = scrip;
  i = scrip.next;

  const legs: { trigger?: GttLegDraft; target?: GttLegDraft; stop?: GttLegDraft } = {};
  let last: GttLegDraft | undefined;
  let trail: GttDraft["trail"];
  while (i < words.length) {
    const raw = words[i]!;
    const w = raw.toLowerCase();
    if (w === "trail" || w === "jump") {
      const next = words[i + 1];
      const percent = w === "trail" && next?.endsWith("%");
      const n = w === "jump" && next === "0" ? 0 : positiveNumber(percent ? next!.slice(0, -1) : next);
      if (n === undefined) return fail(next ?? raw, next === undefined ? `Type a number after "${raw}"` : `"${next}" is not a ${w === "trail" ? "trail (points, or a percent as 1%)" : "jump"}`);
      trail = w === "trail" ? { value: n, unit: percent ? "PERCENT" : "POINTS", jump: trail?.jump ?? 0 } : { value: trail?.value ?? 0, unit: trail?.unit ?? "POINTS", jump: n };
      i += 2;
      continue;
    }
    const slot = TRIGGER_WORDS.has(w) ? "trigger" : TARGET_WORDS.has(w) ? "target" : STOP_WORDS.has(w) ? "stop" : w === "@" ? "@" : undefined;
    if (slot === undefined) return fail(raw, `"${raw}" is not understood here`);
    const next = words[i + 1];
    const n = positiveNumber(next);
    if (n === undefined) return fail(next ?? raw, next === undefined ? `Type a price after "${raw}"` : `"${next}" is not a price`);
    if (slot === "@") {
      if (!last) return fail(raw, '"@" gives the price of a trigger: write it after the trigger');
      if (last.price !== undefined) return fail(raw, "That trigger already has a price");
      last.price = n;
    } else {
      if (triggerType === "SINGLE" && slot !== "trigger") return fail(raw, `"${raw}" belongs to an OCO: write "gtt oco ..."`);
      if (triggerType === "OCO" && slot === "trigger") return fail(raw, 'An OCO has "sl" and "tgt" triggers, not "trigger"');
      if (legs[slot]) return fail(raw, `"${raw}" is given twice`);
      last = { trigger: n };
      legs[slot] = last;
    }
    i += 2;
  }

  const draft: GttDraft = { triggerType, transactionType, symbol: symbol.toUpperCase(), quantity, leg1: { trigger: 0 } };
  if (exchange) draft.exchange = exchange;
  if (trail) {
    if (!(trail.value > 0)) return fail("jump", 'A jump goes with a trail: type "trail" and its points first');
    draft.trail = trail;
  }
  if (triggerType === "SINGLE") {
    if (!legs.trigger) return fail("", 'Type "trigger" and its price');
    draft.leg1 = legs.trigger;
  } else {
    if (!legs.stop) return fail("", 'Type "sl" and the stop-loss trigger');
    if (!legs.target) return fail("", 'Type "tgt" and the target trigger');
    draft.leg1 = legs.target;
    draft.leg2 = legs.stop;
  }
  return { ok: true, draft };
}

/** How the palette shows a parsed line, so the trader reads back what Enter will open. */
export function describeGttDraft(d: GttDraft): string {
  const leg = (name: string, l: GttLegDraft) => `${name} ${l.trigger}${l.price !== undefined ? ` @ ${l.price}` : ""}`;
  const where = d.exchange ? `${d.exchange}:${d.symbol}` : d.symbol;
  const legs = d.triggerType === "SINGLE" ? leg("trigger", d.leg1) : `${leg("sl", d.leg2!)} ${leg("tgt", d.leg1)}`;
  const trail = d.trail ? ` trail ${d.trail.value}${d.trail.unit === "PERCENT" ? "%" : ""}${d.trail.jump > 0 ? ` jump ${d.trail.jump}` : ""}` : "";
  return `GTT ${d.triggerType} ${d.transactionType} ${where} ${d.quantity} ${legs}${trail}`;
}
