import { notify } from "../../core/notify";
import { expiryLabel, findExpiry } from "../../core/rules/optionChain";
import { CHAIN_VENUES, chainExchangeOf } from "../../core/rules/chainExchange";
import type { PaneChain } from "../../core/workspace/tree";
import { isOk } from "../../data/api/http";
import { fetchOptionChain } from "../../data/api/optionChain";
import { OI_WINDOWS } from "../../core/strategy/oiWindows";
import { chainBuildUps$, chainSides$, chainStraddles$, loadedChain, primeChain, type ChainSide } from "../../data/stores/optionChain";
import { workspace } from "../../data/stores/workspace";
import type { CommandLineParser } from "../lineParsers";
import { command, type CommandContext } from "../types";
import { focusedOn, signedIn } from "../when";
import { signedOut } from "../whyNot";

/**
 * The option chain pane's commands: `chain NIFTY`, `chain BANKNIFTY 24NOV` from the palette;
 * `[`/`]` step the expiry, `-`/`+` the number of strikes, left/right arrows the side (the row
 * cursor's keys move across strikes). The focused cell's contract is the pane's selection, so the
 * global `b`/`s`/`d` act on it.
 */
export const DEFAULT_STRIKES = 21;
export const MIN_STRIKES = 5;
export const STRIKE_STEP = 10;

const onChain = (ctx: CommandContext) => signedIn(ctx) && focusedOn("optionchain")(ctx) && loadedChain(ctx.focusedPaneId) !== undefined;
/** The chain keys live only in a focused chain: what stops them there is a chain not loaded yet. */
const chainWhyNot = (ctx: CommandContext) => signedOut(ctx) ?? (onChain(ctx) ? undefined : "The option chain has not loaded yet");

/** The chain a pane shows: its own state, else NIFTY's nearest expiry. */
export function paneChain(state: { chain?: PaneChain } | undefined): Required<Pick<PaneChain, "symbol" | "strikes">> & Pick<PaneChain, "expiry" | "exchange"> {
  const c = state?.chain;
  const symbol = typeof c?.symbol === "string" && c.symbol !== "" ? c.symbol : "NIFTY";
  const strikes = typeof c?.strikes === "number" && c.strikes >= MIN_STRIKES ? Math.floor(c.strikes) : DEFAULT_STRIKES;
  // The exchange only when the trader asked for one: without it the broker's choice (NSE first) stands.
  return { symbol, strikes, expiry: typeof c?.expiry === "string" ? c.expiry : undefined, ...(typeof c?.exchange === "string" && c.exchange !== "" ? { exchange: c.exchange } : {}) };
}

function focusedChainState(ctx: CommandContext) {
  const pane = workspace.focusedPane();
  return pane && ctx.focusedPaneId === pane.id ? { id: pane.id, chain: paneChain(pane.state) } : undefined;
}

/** Opens the chain of `symbol` (at the expiry the text names, else the nearest; on the exchange asked, else the broker's choice) in the option chain pane. */
async function openChain(symbol: string, expiryText: string | undefined, exchangeAsked: string | undefined): Promise<void> {
  let e;
  try {
    e = await fetchOptionChain(symbol, undefined, exchangeAsked);
  } catch {
    return; // the transport's failure was already shown
  }
  const chain = e.result[0];
  if (!isOk(e) || !chain) {
    notify({ kind: "danger", text: e.message });
    return;
  }
  let expiry = chain.expiry;
  if (expiryText) {
    const found = findExpiry(expiryText, chain.expiries);
    if (found) expiry = found;
    else notify({ kind: "neutral", text: `${chain.symbol} has no expiry ${expiryText.toUpperCase()}: showing ${expiryLabel(expiry)} (${chain.expiries.map(expiryLabel).join(", ")})` });
  }
  workspace.openView("optionchain");
  const pane = workspace.focusedPane();
  if (!pane || pane.view !== "optionchain") return;
  // The exchange kept is the one the broker answered with (a venue that lists no options falls back to the first that does).
  const exchange = exchangeAsked ? chainExchangeOf(chain) : undefined;
  if (expiry === chain.expiry) primeChain(pane.id, chain, expiry, exchange);
  workspace.setPaneState(pane.id, { chain: { symbol: chain.symbol, expiry, strikes: paneChain(pane.state).strikes, ...(exchange ? { exchange } : {}) } });
  // A linked chain shows its group's underlying, so the line would change nothing there: typed in it,
  // the line is the trader choosing for the group (README: a command line in a linked pane retargets
  // its group, as a `chart` line does), and the group takes the underlying. Unlinking instead would
  // undo an Alt+L the trader chose, and leave the chart beside it on the old instrument.
  const u = chain.underlying;
  if (workspace.linkOf(pane.id) !== "none") workspace.choose({ from: pane.id, instrument: { exchange: u.exchange, token: u.token, tradingSymbol: u.tradingSymbol } });
}

function stepExpiry(ctx: CommandContext, by: 1 | -1): void {
  const at = focusedChainState(ctx);
  const chain = loadedChain(ctx.focusedPaneId);
  if (!at || !chain) return;
  const i = chain.expiries.indexOf(chain.expiry);
  const next = chain.expiries[Math.max(0, Math.min(chain.expiries.length - 1, i + by))];
  if (next && next !== chain.expiry) workspace.setPaneState(at.id, { chain: { ...at.chain, expiry: next } });
}

function stepStrikes(ctx: CommandContext, by: number): void {
  const at = focusedChainState(ctx);
  if (!at) return;
  workspace.setPaneState(at.id, { chain: { ...at.chain, strikes: Math.max(MIN_STRIKES, at.chain.strikes + by) } });
}

const setSide = (ctx: CommandContext, side: ChainSide) => {
  if (ctx.focusedPaneId) chainSides$[ctx.focusedPaneId]!.set(side);
};

/** Off, then each build-up window in turn (5, 15, 30 minutes), then off again. */
export function nextBuildUp(minutes: number): number {
  const i = OI_WINDOWS.indexOf(minutes as (typeof OI_WINDOWS)[number]);
  return i === OI_WINDOWS.length - 1 ? 0 : OI_WINDOWS[i + 1]!;
}

const cycleBuildUp = (ctx: CommandContext) => {
  if (ctx.focusedPaneId) chainBuildUps$[ctx.focusedPaneId]!.set(nextBuildUp(chainBuildUps$[ctx.focusedPaneId]!.peek() ?? 0));
};

const toggleStraddle = (ctx: CommandContext) => {
  if (ctx.focusedPaneId) chainStraddles$[ctx.focusedPaneId]!.set(!chainStraddles$[ctx.focusedPaneId]!.peek());
};

export const chainCommands = [
  command({
    id: "chain.line",
    title: "Open option chain",
    group: "Option Chain",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { symbol: string; expiry?: string; exchange?: string }) => {
      await openChain(a.symbol, a.expiry, a.exchange);
    },
  }),
  command({
    // A click on an expiry in the chain's bar: buttons call commands.
    id: "chain.expiry.select",
    title: "Option chain: show an expiry",
    group: "Option Chain",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { paneId: string; expiry: string }) => {
      const pane = workspace.shownPanes().find((p) => p.id === a.paneId);
      if (pane) workspace.setPaneState(pane.id, { chain: { ...paneChain(pane.state), expiry: a.expiry } });
    },
  }),
  command({ id: "chain.expiry.next", keys: ["bracketright"], title: "Option chain: next expiry", group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: (ctx) => stepExpiry(ctx, 1) }),
  command({ id: "chain.expiry.previous", keys: ["bracketleft"], title: "Option chain: previous expiry", group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: (ctx) => stepExpiry(ctx, -1) }),
  command({ id: "chain.strikes.more", keys: ["shift+equal"], title: `Option chain: ${STRIKE_STEP} more strikes`, group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: (ctx) => stepStrikes(ctx, STRIKE_STEP) }),
  command({ id: "chain.strikes.fewer", keys: ["minus"], title: `Option chain: ${STRIKE_STEP} fewer strikes`, group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: (ctx) => stepStrikes(ctx, -STRIKE_STEP) }),
  command({ id: "chain.side.call", keys: ["arrowleft"], title: "Option chain: the call (CE) side", group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: (ctx) => setSide(ctx, "CE") }),
  command({ id: "chain.buildUp.cycle", keys: ["u"], title: "Option chain: OI build-up off / 5 / 15 / 30 minutes", group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: cycleBuildUp }),
  command({ id: "chain.straddle.toggle", keys: ["l"], title: "Option chain: ATM straddle premium line (show / hide)", group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: toggleStraddle }),
  command({ id: "chain.side.put", keys: ["arrowright"], title: "Option chain: the put (PE) side", group: "Option Chain", scope: "chain", whyNot: chainWhyNot, run: (ctx) => setSide(ctx, "PE") }),
];

/**
 * "chain NIFTY", "chain BANKNIFTY 24NOV", "chain INFY dec", "chain USDINR BSE": the underlying, then
 * an optional expiry and an optional venue (NSE, BSE, MCX, NCDEX) in either order, for an underlying
 * whose options more than one exchange lists. A venue word is never an expiry: no month is NSE, BSE
 * or MCX.
 */
export const chainLineParser: CommandLineParser = {
  id: "chain",
  heading: "Option Chain",
  claims: (input) => /^\s*chain(\s|$)/i.test(input),
  parse: (input) => {
    const words = input.trim().split(/\s+/).slice(1);
    const symbol = words[0];
    if (!symbol) return { ok: false, word: "chain", message: "Give the underlying: chain NIFTY, chain BANKNIFTY 24NOV, chain USDINR BSE" };
    if (!/^[A-Za-z0-9&-]+$/.test(symbol)) return { ok: false, word: symbol, message: "An underlying's symbol has letters, digits, & and -" };
    const rest = words.slice(1);
    const venues = rest.filter((w) => (CHAIN_VENUES as readonly string[]).includes(w.toUpperCase()));
    if (venues.length > 1) return { ok: false, word: venues[1]!, message: "One exchange: NSE, BSE, MCX or NCDEX" };
    const exchange = venues[0]?.toUpperCase();
    const expiryWords = rest.filter((w) => w !== venues[0]);
    const expiry = expiryWords.join(" ");
    if (expiry !== "" && !/^(\d{1,2}\s?[A-Za-z]{3}|[A-Za-z]{3}|\d{4}-\d{2}-\d{2})$/.test(expiry)) return { ok: false, word: expiryWords[0]!, message: "An expiry reads 24NOV, NOV or 2026-11-24; an exchange NSE, BSE or MCX" };
    const upper = symbol.toUpperCase();
    return {
      ok: true,
      title: `Open option chain: ${upper}${expiry ? ` ${expiry.toUpperCase()}` : ""}${exchange ? ` on ${exchange}` : ""}`,
      commandId: "chain.line",
      args: { symbol: upper, ...(expiry ? { expiry } : {}), ...(exchange ? { exchange } : {}) },
    };
  },
};
