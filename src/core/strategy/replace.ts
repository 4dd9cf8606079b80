import { strategyName, type PaneStrategy } from "./legs";

/**
 * Whether a new strategy (a `strategy …` line, a saved strategy) may take a pane's legs away
 * without asking (issue 31), pure. A pane of legs only drawn (a what-if, nothing sent) is replaced
 * as before: that is what a new line is for. A pane whose legs are in the book, held (analysed
 * open positions) or placed by its last run, is asked about first (senior-desk choice: ask, not
 * keep them in a second pane): the orders and positions stay with the broker either way, but the
 * pane is where their payoff and each leg's result were read, and one Enter lost it unsaid.
 */
export interface ReplaceQuestion {
  title: string;
  lines: string[];
  confirmLabel: string;
}

/**
 * `placed`: how many of the pane's legs its last run placed. `incoming`: what replaces them.
 * undefined: nothing of the book's is shown, replace without asking.
 */
export function replaceQuestion(old: PaneStrategy | undefined, placed: number, incoming: { name: string; legs: number }): ReplaceQuestion | undefined {
  const held = old?.legs.filter((l) => l.held).length ?? 0;
  if (!old || (held === 0 && placed === 0)) return undefined;
  const what = [held > 0 ? `${held} held (open positions)` : "", placed > 0 ? `${placed} placed from the pane` : ""].filter(Boolean).join(", ");
  const n = old.legs.length;
  // An unnamed strategy (its lots or legs reshaped) is "a strategy on NIFTY" here: strategyName's "on NIFTY" reads after "Strategy", not after "shows".
  const shown = old.name ?? `a strategy on ${old.underlying.symbol}`;
  return {
    title: `Replace the strategy ${strategyName(old)}?`,
    lines: [
      `The strategy pane shows ${shown}: ${n} leg${n === 1 ? "" : "s"}, ${what}.`,
      `${incoming.name} (${incoming.legs} leg${incoming.legs === 1 ? "" : "s"}) takes its place. The orders and positions stay in the book; the pane no longer shows them${held > 0 ? " (Analyse positions shows the positions again)" : ""}.`,
    ],
    confirmLabel: "Replace",
  };
}
