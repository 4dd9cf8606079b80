import { IDEA_STATUS_FILTERS, ideaExchange, ideaOrderPrefill, stepQuantity, type Idea } from "../../core/rules/ideas";
import { SUB_TAB_SETS } from "../../core/rules/tabs";
import type { TransactionType } from "../../core/types/order";
import { findIdea, ideaQuantity, ideas$, setIdeaQuantity, setIdeaStatusFilter } from "../../data/stores/ideas";
import { stepTab } from "../../data/stores/tabs";
import { openOrderWindow } from "../orderWindow";
import { command, type CommandContext } from "../types";
import { all, focusedOn, paneFocused } from "../when";
import { needsRow, signedOut } from "../whyNot";

/**
 * Ideas (access-and-surroundings section 4): the product sub-tabs and the status filter, the
 * quantity's `-`/`+`, and one-key orders with the idea's defaults (section 3).
 */

function selectedIdea(ctx: CommandContext): Idea | undefined {
  return ctx.selection?.kind === "idea" ? findIdea(ctx.selection.ideaId) : undefined;
}

function openOn(side: TransactionType, idea: Idea): Promise<void> {
  return openOrderWindow({
    mode: "new",
    transactionType: side,
    exchange: ideaExchange(idea.broker_exchange, idea.broker_exchange_type),
    token: String(idea.broker_code),
    symbol: idea.symbol,
    prefill: ideaOrderPrefill(idea, ideaQuantity(idea), side),
  }).then(() => undefined);
}

const ideaWhyNot = (doing: string) => (ctx: CommandContext) => signedOut(ctx) ?? (selectedIdea(ctx) ? undefined : needsRow(ctx, doing, "an idea", ["ideas"]));
const onIdeas = all(focusedOn("ideas"), paneFocused);

export const ideaCommands = [
  command({ id: "ideas.buy", keys: ["b"], title: "Buy on the selected idea", group: "Ideas", scope: "ideas", whyNot: ideaWhyNot("Buy"), run: (ctx) => openOn("BUY", selectedIdea(ctx)!) }),
  command({ id: "ideas.sell", keys: ["s"], title: "Sell on the selected idea", group: "Ideas", scope: "ideas", whyNot: ideaWhyNot("Sell"), run: (ctx) => openOn("SELL", selectedIdea(ctx)!) }),
  command({
    id: "ideas.order",
    keys: ["enter"],
    title: "Order on the selected idea, on its side",
    group: "Ideas",
    scope: "ideas",
    whyNot: ideaWhyNot("Order"),
    run: (ctx) => {
      const idea = selectedIdea(ctx)!;
      return openOn(idea.transaction, idea);
    },
  }),
  command({
    id: "ideas.quantity.up",
    keys: ["shift+equal"],
    title: "Raise the idea's quantity",
    group: "Ideas",
    scope: "ideas",
    whyNot: ideaWhyNot("Quantity"),
    run: (ctx) => {
      const idea = selectedIdea(ctx)!;
      setIdeaQuantity(idea.idea_id, stepQuantity(idea, ideaQuantity(idea), 1));
    },
  }),
  command({
    id: "ideas.quantity.down",
    keys: ["minus"],
    title: "Lower the idea's quantity",
    group: "Ideas",
    scope: "ideas",
    whyNot: ideaWhyNot("Quantity"),
    run: (ctx) => {
      const idea = selectedIdea(ctx)!;
      setIdeaQuantity(idea.idea_id, stepQuantity(idea, ideaQuantity(idea), -1));
    },
  }),
  command({
    id: "ideas.product.next",
    keys: ["t"],
    title: "Next idea product tab (Short Term, Long Term, Intraday)",
    group: "Ideas",
    scope: "ideas",
    when: onIdeas,
    run: (ctx) => stepTab("ideas", "subTab", SUB_TAB_SETS.ideas!.length, 1, ctx.focusedPaneId),
  }),
  command({
    id: "ideas.status.next",
    keys: ["f"],
    title: "Next idea status filter (All, Open, Closed Calls)",
    group: "Ideas",
    scope: "ideas",
    when: onIdeas,
    run: (ctx) => {
      const id = ctx.focusedPaneId!;
      const at = IDEA_STATUS_FILTERS.findIndex((f) => f.id === (ideas$.statusFilter[id]!.peek() ?? "all"));
      setIdeaStatusFilter(id, IDEA_STATUS_FILTERS[(at + 1) % IDEA_STATUS_FILTERS.length]!.id);
    },
  }),
  command({
    // What a click on a status filter runs.
    id: "ideas.status.select",
    title: "Select the idea status filter",
    group: "Ideas",
    hidden: true,
    run: (_ctx, a: { paneId: string; filter: (typeof IDEA_STATUS_FILTERS)[number]["id"] }) => {
      setIdeaStatusFilter(a.paneId, a.filter);
    },
  }),
];
