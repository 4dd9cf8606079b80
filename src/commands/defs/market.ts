import { pinToStartbar } from "../../data/api/startbar";
import { isOk } from "../../data/api/http";
import { notify } from "../../core/notify";
import { setActiveScrip } from "../../data/stores/activeScrip";
import { loadPinned } from "../../data/stores/pinned";
import { workspace } from "../../data/stores/workspace";
import { openedFrom } from "../../core/workspace/links";
import { openOverlay, closeOverlay } from "../../data/stores/ui";
import type { Exchange } from "../../core/types/exchange";
import { select } from "../selection";
import { cursorToSelection } from "../listCursor";
import { command, type CommandContext } from "../types";
import { signedIn } from "../when";
import { needsInstrument, signedOut } from "../whyNot";

const onInstrument = (ctx: CommandContext) => signedIn(ctx) && ctx.selection?.kind === "instrument";
const instrumentWhyNot = (ctx: CommandContext, doing: string) => signedOut(ctx) ?? (ctx.selection?.kind === "instrument" ? undefined : needsInstrument(ctx, doing));

/** Pins or unpins the selected instrument in the header; the broker's message is shown on failure. */
async function pin(ctx: CommandContext, remove: boolean): Promise<void> {
  const s = ctx.selection;
  if (s?.kind !== "instrument") return;
  const e = await pinToStartbar(s.exchange as Exchange, s.token, { remove });
  if (!isOk(e)) notify({ kind: "danger", text: e.message });
  await loadPinned();
}

export const marketCommands = [
  command({
    id: "search.instrument",
    explore: { section: "More", line: "Find any instrument by symbol, name or contract." },
    keys: ["slash"],
    title: "Search instrument",
    group: "Market",
    keywords: ["find", "scrip", "symbol"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "search" });
    },
  }),
  command({
    id: "market.depth",
    keys: ["d"],
    title: "Market depth of selected instrument",
    group: "Market",
    keywords: ["depth", "bid", "offer"],
    whyNot: (ctx) => instrumentWhyNot(ctx, "Depth"),
    run: (ctx) => {
      const s = ctx.selection;
      if (s?.kind !== "instrument") return;
      const instrument = { exchange: s.exchange as Exchange, token: s.token, tradingSymbol: s.symbol };
      // Chosen in a pane: its colour group follows (or the default group, as the active scrip did).
      const from = workspace.focusedPane();
      if (from) workspace.choose({ from: from.id, instrument, toDefault: true });
      else setActiveScrip(instrument);
      // Opened from a linked pane, the depth joins its group (core/workspace/links.ts).
      workspace.showBeside("depth", openedFrom(from, { instrument }));
    },
  }),
  command({
    id: "market.timesales",
    title: "Time and sales of selected instrument",
    group: "Market",
    keywords: ["tape", "trades", "prints", "time and sales", "t&s"],
    whyNot: (ctx) => instrumentWhyNot(ctx, "Time and sales"),
    run: (ctx) => {
      const s = ctx.selection;
      if (s?.kind !== "instrument") return;
      const instrument = { exchange: s.exchange as Exchange, token: s.token, tradingSymbol: s.symbol };
      const from = workspace.focusedPane();
      if (from) workspace.choose({ from: from.id, instrument, toDefault: true });
      // Decision: time and sales opened from a linked pane joins its group, so it follows that pane's cursor.
      workspace.showBeside("timesales", openedFrom(from, { instrument }));
    },
  }),
  command({
    id: "startbar.pin",
    title: "Pin selected instrument to header",
    group: "Market",
    keywords: ["startbar", "pinned"],
    when: onInstrument,
    run: (ctx) => pin(ctx, false),
  }),
  command({
    id: "startbar.unpin",
    title: "Unpin selected instrument from header",
    group: "Market",
    keywords: ["startbar", "pinned"],
    when: onInstrument,
    run: (ctx) => pin(ctx, true),
  }),
  command({
    // What choosing a search result runs: it becomes the active scrip and the selection, so b/s/d/c act on it;
    // in a list, the cursor goes onto its row, or shows on none (commands/listCursor.ts).
    id: "instrument.choose",
    title: "Choose instrument",
    group: "Market",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { exchange: Exchange; token: number; tradingSymbol: string }) => {
      // Chosen in the search dialog: the dialog has done its work.
      closeOverlay("search");
      // The focused pane's colour group follows the choice; in no group, a pane that shows an
      // instrument takes it as its own and no group moves, and from any other pane the default
      // group follows (core/workspace/links.ts). The store sets the active scrip when red takes it.
      const focused = workspace.focusedPane();
      if (focused) workspace.choose({ from: focused.id, instrument: { exchange: a.exchange, token: a.token, tradingSymbol: a.tradingSymbol }, toDefault: true });
      else setActiveScrip(a);
      select({ kind: "instrument", exchange: a.exchange, token: a.token, symbol: a.tradingSymbol });
      if (focused) cursorToSelection(focused.id);
    },
  }),
];
