import { notify } from "../core/notify";
import { analysedLegs, type PositionContract } from "../core/strategy/analyse";
import type { DeskLeg, DeskUnderlying, PaneStrategy } from "../core/strategy/legs";
import { replaceQuestion } from "../core/strategy/replace";
import { chainInput, resolveStrategy } from "../core/strategy/resolve";
import { sameStrategyName } from "../core/strategy/saved";
import { isOk } from "../data/api/http";
import { fetchContractChain } from "../data/api/market";
import { fetchOptionChain } from "../data/api/optionChain";
import { fetchSecurityInfo } from "../data/api/orders";
import { listStrategies, saveStrategy } from "../data/api/strategies";
import { positions$, refreshPositions } from "../data/stores/portfolio";
import { placedLegs, showStrategy, strategyOf, strategyPaneToFill } from "../data/stores/strategy";
import { openOverlay } from "../data/stores/ui";
import type { StrategyLine } from "./grammar/strategy";
import { livePrices } from "./strategyPrices";

/**
 * The ways a strategy comes into the pane besides the chain's `a`: a `strategy` line resolved on
 * today's listed contracts, a strategy saved by name, and the trader's own open option and futures positions.
 * Each opens the strategy pane beside the focused one (or fills the one open) and gives it the focus.
 */

/** The underlying as the option chain call names it: its token and whether it is an index. */
async function underlyingOf(symbol: string): Promise<DeskUnderlying | undefined> {
  const e = await fetchOptionChain(symbol).catch(() => undefined);
  const chain = e && isOk(e) ? e.result[0] : undefined;
  if (!chain) {
    notify({ kind: "danger", text: e?.message || `No option chain for ${symbol}` });
    return undefined;
  }
  return { symbol: chain.symbol, exchange: chain.underlying.exchange, token: chain.underlying.token, isIndex: chain.underlying.isIndex };
}

/**
 * `name` is what the toasts call it ("NIFTY iron condor"); `note` a toast once it is shown. A pane
 * holding legs that are in the book (held, or placed from it) is asked about first (core/strategy/
 * replace.ts); `ask` false: the trader's own re-read of the book (Analyse positions) replaces as is.
 */
function show(underlying: DeskUnderlying, legs: DeskLeg[], name: string, note?: string, ask = true): void {
  const strategy: PaneStrategy = { underlying, legs, name };
  const target = strategyPaneToFill();
  const q = ask && target ? replaceQuestion(strategyOf(target), placedLegs(target), { name, legs: legs.length }) : undefined;
  if (q) {
    openOverlay({ kind: "confirm", ...q, commandId: "strategy.show", args: { strategy, ...(note ? { note } : {}) } });
    return;
  }
  showStrategyWithNote(strategy, note);
}

/** Shows a strategy in the strategy pane (strategy.show, the replace confirmation's Enter, too), then its note. */
export function showStrategyWithNote(strategy: PaneStrategy, note: string | undefined): void {
  showStrategy(strategy);
  if (note) notify({ kind: "neutral", text: note });
}

/** `strategy NIFTY iron condor 24NOV width 200 lots 1`: the preset placed on today's contracts (core/strategy/resolve.ts). */
export async function openStrategyLine(line: StrategyLine): Promise<void> {
  const [chainAnswer, underlying] = await Promise.all([fetchContractChain(line.underlying, line.exchange).catch(() => undefined), underlyingOf(line.underlying)]);
  const chain = chainAnswer && isOk(chainAnswer) ? chainAnswer.result[0] : undefined;
  if (!chain) {
    if (chainAnswer) notify({ kind: "danger", text: chainAnswer.message || `${line.underlying} has no listed contracts` });
    return;
  }
  if (!underlying) return;
  const r = resolveStrategy(line.preset, {
    ...chainInput(chain),
    ...(line.width !== undefined ? { width: line.width } : {}),
    ...(line.lots !== undefined ? { lots: line.lots } : {}),
    ...(line.expiryWord ? { expiry: line.expiryWord } : {}),
    ...(line.slots && line.slots.length > 0 ? { slots: line.slots } : {}),
    ...(underlying.isIndex ? {} : { equity: { token: String(underlying.token), symbol: underlying.symbol, exchange: underlying.exchange } }),
  });
  if (!r.ok) {
    notify({ kind: "danger", text: r.reason });
    return;
  }
  show(underlying, r.legs.map((l) => ({ ...l, token: Number(l.token) })), `${underlying.symbol} ${line.preset.name.toLowerCase()}`, r.note);
}

/** Opens a saved strategy with today's prices: its contracts, sides and lots; the entries are the live prices again. */
export async function openSavedStrategy(name: string): Promise<void> {
  const e = await listStrategies().catch(() => undefined);
  if (!e) return;
  if (!isOk(e)) {
    notify({ kind: "danger", text: e.message });
    return;
  }
  const saved = e.result.find((s) => sameStrategyName(s.name, name));
  if (!saved) {
    notify({ kind: "danger", text: `No saved strategy named ${name}${e.result.length ? ` (saved: ${e.result.map((s) => s.name).join(", ")})` : ""}` });
    return;
  }
  const underlying = await underlyingOf(saved.underlying);
  if (!underlying) return;
  show(
    underlying,
    saved.legs.map((l) => ({
      token: l.token, symbol: l.tradingSymbol, exchange: l.exchange, optionType: l.optionType === "CE" || l.optionType === "PE" ? l.optionType : l.expiry === "" ? "EQ" : "FUT",
      strike: l.strike, expiry: l.expiry, side: l.side, lots: l.lots, lotSize: l.lotSize,
    })),
    saved.name,
  );
}

/** Saves the focused strategy pane's legs by name, each at its entry (typed, else the live price now). */
export async function saveFocusedStrategy(paneId: string, name: string): Promise<void> {
  const s = strategyOf(paneId);
  if (!s || s.legs.length === 0) return;
  const live = livePrices(s);
  const e = await saveStrategy(name.trim(), s.underlying.symbol, s.legs.map((l, i) => ({ exchange: l.exchange, token: l.token, side: l.side, lots: l.lots, entry: l.entry ?? live.ltp[i] ?? 0 }))).catch(() => undefined);
  if (!e) return;
  notify(isOk(e) ? { kind: "success", text: `Strategy ${name.trim()} saved (${s.legs.length} legs)` } : { kind: "danger", text: e.message });
}

/**
 * "Analyse positions": the trader's open positions of one underlying (the selected position's,
 * else the underlying with the most open options, or futures when none), its options and futures, at their average
 * prices (core/strategy/analyse.ts); what of it the analysis leaves out is said on the pane.
 */
export async function analysePositions(selectedToken: number | undefined): Promise<void> {
  await refreshPositions();
  const open = positions$.rows.peek().filter((p) => p.netQuantity !== 0);
  const contracts: PositionContract[] = [];
  for (const p of open) {
    const c = (await fetchSecurityInfo({ exchange: p.exchange, token: p.token }).catch(() => undefined))?.result?.[0];
    if (c) contracts.push({ position: p, contract: c });
  }
  const picked = analysedLegs(contracts, selectedToken);
  if (!picked) {
    notify({ kind: "neutral", text: "No open option or futures positions to analyse" });
    return;
  }
  const underlying = await underlyingOf(picked.underlying);
  if (!underlying) return;
  // Replaced as is (the trader's own re-read of the book, show's `ask` false); what was left out is on the pane and in the toast.
  const strategy: PaneStrategy = { underlying, legs: picked.legs, name: `${underlying.symbol} positions`, ...(picked.leftOut ? { leftOut: picked.leftOut } : {}) };
  showStrategyWithNote(strategy, picked.leftOut ? `${underlying.symbol} positions analysed. ${picked.leftOut}` : undefined);
}
