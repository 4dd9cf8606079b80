import { cancelGtt } from "../../data/api/gtt";
import { GTT_TAB } from "../../core/rules/orderUpdates";
import { findGtt, gtt$, gttSymbol, instrumentKey, modifyInitOf, refreshGtt, refreshGttQuotes, type GttFormInit } from "../../data/stores/gtt";
import { GTT_STATUS_LABELS, gttIsActive, gttLine, gttStatusOf, gttTermsOf } from "../../core/rules/gtt";
import type { GttEntry } from "../../core/types/gtt";
import { openOverlay } from "../../data/stores/ui";
import { fromExchPair, isExchange } from "../../core/types/exchange";
import { formatPrice } from "../../core/format";
import { describeGttDraft, isGttCommand, parseGttCommand, type GttDraft } from "../grammar/gtt";
import type { CommandLineParser } from "../lineParsers";
import { command, type CommandContext } from "../types";
import { signedIn } from "../when";
import { closeOrderWindow } from "../orderWindow";
import { gttFormReady, openGttForm, submitGttForm } from "../gttForm";
import { goTo } from "../goTo";
import { gttProtecting } from "../../core/rules/gttPosition";
import { selectedPosition } from "./portfolio";
import { paneTabs } from "../../data/stores/tabs";
import { needsInstrument, needsRow, signedOut, TRADABLE_VIEWS } from "../whyNot";


/**
 * Why m or Delete cannot act on a GTT: on the Orders pane's GTT tab, no GTT under the cursor;
 * on its other tabs the same keys are the order's, which says why (null).
 */
function gttWhyNot(ctx: CommandContext, doing: string): string | null | undefined {
  if (ctx.selection?.kind === "gtt") {
    const e = findGtt(ctx.selection.gttId);
    // Today's ended GTTs are listed to be read: nothing waits to be changed.
    return signedOut(ctx) ?? (e && !gttIsActive(e) ? `${doing}: this GTT is ${GTT_STATUS_LABELS[gttStatusOf(e)].toLowerCase()}, it no longer waits` : undefined);
  }
  const focused = ctx.panes.find((p) => p.id === ctx.focusedPaneId);
  return focused && paneTabs(focused).tab === GTT_TAB ? needsRow(ctx, doing, "a GTT", ["orders"]) : null;
}

/** On the Orders pane's GTT tab (where Shift+Delete is about GTTs, not orders). */
function onGttTab(ctx: CommandContext): boolean {
  const focused = ctx.panes.find((p) => p.id === ctx.focusedPaneId);
  return focused !== undefined && focused.view === "orders" && paneTabs(focused).tab === GTT_TAB;
}

/** The instrument a GTT is on, by name: its contract is read first if the list has not yet (a confirmation never names a scrip code). */
async function namedGttSymbol(e: GttEntry): Promise<string> {
  const exchange = fromExchPair(e.Exch, e.ExchType);
  if (exchange && !gtt$.instruments.peek()[instrumentKey(exchange, e.ScripCode)]) await refreshGttQuotes();
  const symbol = gttSymbol(e);
  return exchange ? `${symbol} (${exchange})` : symbol;
}

/** What a GTT row's button names. */
interface GttRow {
  gttId: string;
}

/** The GTT id a row action names, or the selected GTT's. */
function gttIdOf(ctx: CommandContext, a: GttRow | undefined): string | undefined {
  if (a) return a.gttId;
  return ctx.selection?.kind === "gtt" ? ctx.selection.gttId : undefined;
}

/** A command-line draft as the form's pre-fill. */
export function initOfDraft(d: GttDraft): GttFormInit {
  return {
    symbol: d.symbol,
    ...(d.exchange ? { exchange: d.exchange } : {}),
    transactionType: d.transactionType,
    triggerType: d.triggerType,
    quantity: d.quantity,
    leg1: d.leg1,
    ...(d.leg2 ? { leg2: d.leg2 } : {}),
    ...(d.trail ? { trail: d.trail } : {}),
  };
}

export const gttCommands = [
  command({
    id: "gtt.open",
    keys: ["g"],
    title: "GTT order on the selected instrument",
    group: "GTT",
    keywords: ["gtt", "good till triggered", "oco"],
    whyNot: (ctx) =>
      signedOut(ctx) ??
      (ctx.selection?.kind === "instrument" || ctx.selection?.kind === "position" || ctx.selection?.kind === "holding" ? undefined : needsInstrument(ctx, "GTT", "an instrument, position or holding", TRADABLE_VIEWS)),
    run: (ctx) => {
      const s = ctx.selection;
      if (!s || (s.kind !== "instrument" && s.kind !== "position" && s.kind !== "holding")) return;
      if (!isExchange(s.exchange)) return;
      // A holding is usually protected by a sell GTT (target above, stop-loss below); an open position by the
      // side that closes it, its quantity, a stop (rules/gttPosition.ts); anything else opens as a buy.
      const p = s.kind === "position" ? selectedPosition(ctx) : undefined;
      const protecting = p && gttProtecting(p);
      const base = { exchange: s.exchange, token: String(s.token), symbol: s.symbol };
      return openGttForm(protecting ? { ...base, ...protecting } : { ...base, transactionType: s.kind === "holding" ? "SELL" : "BUY" });
    },
  }),
  command({
    // What a palette line "gtt buy INFY 10 trigger 1400 @ 1405" runs: the form, pre-filled.
    id: "gtt.line",
    title: "GTT from the command line",
    group: "GTT",
    hidden: true,
    when: signedIn,
    run: (_ctx, d: GttDraft) => openGttForm(initOfDraft(d)),
  }),
  command({
    // The order window's GTT type opens the GTT form with the window's instrument, side and quantity.
    id: "gtt.form",
    title: "GTT form",
    group: "GTT",
    hidden: true,
    when: signedIn,
    run: (_ctx, init: GttFormInit) => {
      closeOrderWindow();
      return openGttForm(init);
    },
  }),
  command({
    // The GTT form's Enter and its Place/Modify button: one submit sends one GTT however often it is pressed.
    id: "gtt.form.submit",
    keys: ["enter"],
    scope: "gttForm",
    title: "Place the GTT in the form",
    group: "GTT",
    when: (ctx) => signedIn(ctx) && gttFormReady(),
    run: () => submitGttForm(),
  }),
  command({
    id: "gtt.modify",
    keys: ["m"],
    title: "Modify GTT",
    group: "GTT",
    scope: "gtt",
    whyNot: (ctx) => gttWhyNot(ctx, "Modify GTT"),
    run: (ctx, args?: GttRow) => {
      const id = gttIdOf(ctx, args);
      const entry = id ? findGtt(id) : undefined;
      const init = entry && modifyInitOf(entry);
      if (init) return openGttForm(init);
    },
  }),
  command({
    // FINDINGS-26 s4: `i` on the GTT list read nothing (order.info's `i` is the order book's); it opens the GTT's info, a fired one's leg and order with it.
    id: "gtt.info",
    keys: ["i"],
    title: "GTT info",
    group: "GTT",
    scope: "gtt",
    keywords: ["details", "triggered", "leg"],
    whyNot: (ctx) => (ctx.selection?.kind === "gtt" ? signedOut(ctx) : gttWhyNot(ctx, "GTT info")),
    run: (ctx, args?: GttRow) => {
      const id = gttIdOf(ctx, args);
      if (id && findGtt(id)) openOverlay({ kind: "gttInfo", gttId: id });
    },
  }),
  command({
    id: "gtt.cancel",
    keys: ["delete"],
    title: "Cancel GTT",
    group: "GTT",
    scope: "gtt",
    whyNot: (ctx) => gttWhyNot(ctx, "Cancel GTT"),
    run: async (ctx, args?: GttRow) => {
      const id = gttIdOf(ctx, args);
      const e = id ? findGtt(id) : undefined;
      if (!e || !gttIsActive(e)) return;
      const exchange = fromExchPair(e.Exch, e.ExchType) ?? "NSEEQ";
      const p = (n: number) => `₹${formatPrice(n, exchange)}`;
      const legs = e.TriggerType === "OCO" ? `target ${p(e.Price1)}, stop-loss ${p(e.Price2)}` : `trigger ${p(e.Price1)}`;
      const symbol = await namedGttSymbol(e);
      openOverlay({
        kind: "confirm",
        title: `Cancel GTT on ${gttSymbol(e)}`,
        lines: [`${symbol}: ${e.GTTBuySell === "B" ? "BUY" : "SELL"} ${e.Qty} (${e.TriggerType}, ${legs})`, `GTT ${e.GTTID}. Cancel it?`],
        confirmLabel: "Cancel GTT",
        commandId: "gtt.cancel.confirmed",
        args: { gttId: e.GTTID },
      });
    },
  }),
  command({
    // Issue 29: on the GTT tab, Shift+Delete is about GTTs; elsewhere it stays "Cancel all open orders" (null: that command's key).
    id: "gtt.cancelAll",
    keys: ["shift+delete"],
    title: "Cancel all GTTs",
    bulk: true,
    group: "GTT",
    scope: "gtt",
    keywords: ["gtt", "cancel everything", "bulk"],
    whyNot: (ctx) => {
      if (!onGttTab(ctx)) return null;
      return signedOut(ctx) ?? (gtt$.entries.peek().some(gttIsActive) ? undefined : "Cancel all GTTs: no GTT is waiting");
    },
    run: async () => {
      const active = gtt$.entries.peek().filter(gttIsActive);
      if (active.length === 0) return;
      const named = await Promise.all(active.map(async (e) => `${await namedGttSymbol(e)}: ${e.GTTBuySell === "B" ? "BUY" : "SELL"} ${e.Qty} (${e.TriggerType})`));
      openOverlay({
        kind: "confirm",
        title: `Cancel all ${active.length} GTTs`,
        // Orders are not touched: Shift+Delete on the other tabs cancels open orders.
        lines: [...named, "Open orders are not touched. Cancel every GTT above?"],
        confirmLabel: `Cancel ${active.length} GTTs`,
        commandId: "gtt.cancelAll.confirmed",
        args: { gttIds: active.map((e) => e.GTTID) },
      });
    },
  }),
  command({
    id: "gtt.cancelAll.confirmed",
    title: "Cancel all GTTs (confirmed)",
    group: "GTT",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { gttIds: string[] }) => {
      // The GTTs the trader read in the confirmation, one after another (the broker's cancel call takes one).
      for (const id of a.gttIds) {
        const e = findGtt(id);
        const terms = e && gttTermsOf(e, (exchange, token) => gtt$.instruments.peek()[instrumentKey(exchange, token)]?.tradingSymbol ?? `${exchange} ${token}`);
        try {
          await cancelGtt(id, terms ? gttLine(terms) : `GTT ${id}`);
        } catch {
          /* told by the HTTP table */
        }
      }
      await refreshGtt();
    },
  }),
  command({
    id: "gtt.cancel.confirmed",
    title: "Cancel GTT (confirmed)",
    group: "GTT",
    hidden: true,
    when: signedIn,
    run: async (ctx, args?: GttRow) => {
      const id = gttIdOf(ctx, args);
      if (!id) return;
      const e = findGtt(id);
      const terms = e && gttTermsOf(e, (exchange, token) => gtt$.instruments.peek()[instrumentKey(exchange, token)]?.tradingSymbol ?? `${exchange} ${token}`);
      try {
        if (await cancelGtt(id, terms ? gttLine(terms) : `GTT ${id}`)) await refreshGtt();
      } catch {
        /* told by the HTTP table */
      }
    },
  }),
  command({
    id: "gtt.list",
    title: "Go to GTT orders",
    group: "GTT",
    keywords: ["gtt", "orders"],
    when: signedIn,
    run: () => {
      goTo("orders", { tab: GTT_TAB, subTab: 0 });
    },
  }),
  command({
    id: "gtt.refresh",
    title: "Refresh GTT orders",
    group: "GTT",
    when: signedIn,
    run: () => refreshGtt(),
  }),
];

/** "gtt buy INFY 10 trigger 1400 @ 1405" in the palette: read back, then Enter opens the form pre-filled. */
export const gttLineParser: CommandLineParser = {
  id: "gtt",
  heading: "GTT",
  claims: isGttCommand,
  parse: (input) => {
    const out = parseGttCommand(input);
    return out.ok ? { ok: true, title: `Open GTT form: ${describeGttDraft(out.draft)}`, commandId: "gtt.line", args: out.draft } : { ok: false, word: out.word, message: out.message };
  },
};
