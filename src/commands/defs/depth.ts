import { pricedLevels, stepLevel, type LevelStep } from "../../core/rules/depthLevel";
import { isExchange } from "../../core/types/exchange";
import { levelOf, setLevel } from "../../data/stores/depthLevels";
import { quoteStore } from "../../feed/session";
import { command, type CommandContext } from "../types";

/**
 * The depth pane's level keys: ↑/↓ highlight a level of the ladder (core/rules/depthLevel.ts),
 * Esc takes the highlight off. The highlighted level's price is the pane's selection's
 * (panes/depth/DepthView.tsx), so `b` / `s` (defs/orders.ts) open a LIMIT there as they open the
 * instrument's window anywhere else: no key of their own here.
 */

/** The focused depth pane's book as the feed has it now, or undefined when its instrument has none. */
function bookOf(ctx: CommandContext): { bids: number; asks: number } | undefined {
  const s = ctx.selection;
  if (s?.kind !== "instrument" || !isExchange(s.exchange)) return undefined;
  const d = quoteStore.depth(s.exchange, s.token).peek();
  const book = { bids: pricedLevels(d.bids), asks: pricedLevels(d.asks) };
  return book.bids + book.asks > 0 ? book : undefined;
}

function stepCommand<const Id extends string>(id: Id, key: string, step: LevelStep) {
  const title = `Depth: highlight the level a price ${step}`;
  return command({
    id,
    keys: [key],
    scope: "depth",
    title,
    group: "Market",
    keywords: ["depth", "level", "bid", "offer", "ladder"],
    whyNot: (ctx) => (bookOf(ctx) ? undefined : `${title}: this instrument has no bids or offers`),
    run: (ctx) => {
      const book = bookOf(ctx);
      if (book && ctx.focusedPaneId) setLevel(ctx.focusedPaneId, stepLevel(levelOf(ctx.focusedPaneId), step, book.bids, book.asks));
    },
  });
}

export const depthCommands = [
  stepCommand("depth.level.up", "arrowup", "up"),
  stepCommand("depth.level.down", "arrowdown", "down"),
  command({
    id: "depth.level.clear",
    keys: ["escape"],
    scope: "depth",
    title: "Depth: take the highlight off the level",
    group: "Market",
    keywords: ["depth", "level", "clear"],
    // With no level highlighted Esc is not the depth's: the next command on it says why (null).
    whyNot: (ctx) => (levelOf(ctx.focusedPaneId) ? undefined : null),
    run: (ctx) => {
      if (ctx.focusedPaneId) setLevel(ctx.focusedPaneId, undefined);
    },
  }),
];
