import { setActiveScrip } from "../../core/stores/activeScrip";
import { openOverlay } from "../../core/stores/ui";
import type { Exchange } from "../../core/exchanges";
import { select } from "../selection";
import type { Command } from "../types";

const signedIn = (ctx: { clientCode: string | undefined }) => ctx.clientCode !== undefined;

export const marketCommands: Command[] = [
  {
    id: "search.instrument",
    title: "Search instrument",
    group: "Market",
    keywords: ["find", "scrip", "symbol"],
    when: signedIn,
    run: () => openOverlay({ kind: "search" }),
  },
  {
    // What choosing a search result runs: it becomes the active scrip and the selection, so b/s/d/c act on it.
    id: "instrument.choose",
    title: "Choose instrument",
    group: "Market",
    hidden: true,
    when: signedIn,
    run: (_ctx, args) => {
      const a = args as { exchange: Exchange; token: number; tradingSymbol: string } | undefined;
      if (!a) return;
      setActiveScrip(a);
      select({ kind: "instrument", exchange: a.exchange, token: a.token, symbol: a.tradingSymbol });
    },
  },
];
