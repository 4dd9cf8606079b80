import { toCsv } from "../../core/csv";
import { deskBase } from "../../core/strategy/desk";
import { entryProblem, placementRefusal } from "../../core/strategy/legCheck";
import { editedStrategy, entryNotEditable, flipLeg, legsKey, removeLeg, setEntry, stepLots, strategyName, type DeskLeg, type PaneStrategy } from "../../core/strategy/legs";
import { legIdentity, legNumber, nothingToPlace, partPlacedInNewRun } from "../../core/strategy/placement";
import { scenarioCsvRows, scenarioGrid } from "../../core/strategy/scenario";
import { NO_WHAT_IF, scenarioDates, stepDays, stepIv, stepSpot, type DeskWhatIf } from "../../core/strategy/whatIf";
import { loadedChain } from "../../data/stores/optionChain";
import { stampNow } from "../../data/stores/brokerClock";
import { readContract } from "../../data/reads";
import { addToStrategy, checkDeskLegs, deskWhatIf$, forgetRun, holdUnansweredBooked, placeStrategy, runFor, runOf, setStrategy, strategyOf, whatIfOf } from "../../data/stores/strategy";
import { sayInStatusLine } from "../../data/stores/statusLine";
import { openOverlay } from "../../data/stores/ui";
import { workspace } from "../../data/stores/workspace";
import { cursorKey, putCursorOn } from "../listCursor";
import { livePrices } from "../strategyPrices";
import { submitDialog } from "../form";
import { isStrategyLine, parseStrategyLine, type StrategyLine } from "../grammar/strategy";
import type { CommandLineParser } from "../lineParsers";
import { analysePositions, openSavedStrategy, openStrategyLine, saveFocusedStrategy, showStrategyWithNote } from "../strategyOpen";
import { command, type CommandContext } from "../types";
import { signedIn } from "../when";
import { needsInstrument, signedOut } from "../whyNot";

/**
 * The options desk (issue 31): `a` / `Shift+A` in the option chain add the contract under the
 * cursor to the strategy pane as a BUY / SELL leg; in the strategy pane the keys edit the leg under
 * the cursor, move the what-if (date, IV, spot), copy the scenario grid and place the set as one.
 */

/** The key of a leg row: the leg's identity (legs are unique by contract and side: addLeg merges the same two). */
export const legRowKey = (l: DeskLeg): string => legIdentity(l);

const onDesk = (ctx: CommandContext) => (ctx.focusedView === "strategy" && ctx.focusedPaneId ? { paneId: ctx.focusedPaneId, s: strategyOf(ctx.focusedPaneId) } : undefined);
const deskWhyNot = (ctx: CommandContext) => signedOut(ctx) ?? (onDesk(ctx)?.s?.legs.length ? undefined : "The strategy has no legs: add them from an option chain with a (buy) and Shift+A (sell)");

/** The leg under the strategy pane's row cursor. */
function legUnderCursor(ctx: CommandContext): { paneId: string; s: PaneStrategy; index: number } | undefined {
  const d = onDesk(ctx);
  if (!d?.s) return undefined;
  const key = cursorKey(d.paneId);
  const index = d.s.legs.findIndex((l) => legRowKey(l) === key);
  return index >= 0 ? { paneId: d.paneId, s: d.s, index } : undefined;
}
const legWhyNot = (ctx: CommandContext) => deskWhyNot(ctx) ?? (legUnderCursor(ctx) ? undefined : "Put the row cursor on a leg first (↑ ↓)");
/** `e` on a held leg is refused, said in the status line (legs.ts entryNotEditable: the average is the book's, not a what-if). */
const entryWhyNot = (ctx: CommandContext) => {
  const at = legUnderCursor(ctx);
  const leg = at?.s.legs[at.index];
  return legWhyNot(ctx) ?? (leg ? entryNotEditable(leg) : undefined);
};

/** An edit that makes the set another strategy (a leg flipped or removed, lots out of the ratio) loses the name it was loaded as (legs.ts editedStrategy). */
function editLegs(ctx: CommandContext, edit: (legs: DeskLeg[], index: number) => DeskLeg[]): void {
  const at = legUnderCursor(ctx);
  if (!at) return;
  setStrategy(at.paneId, editedStrategy(at.s, edit(at.s.legs, at.index)));
}

/**
 * Flips the leg under the cursor (BUY to SELL and back; onto the other side's leg of the contract
 * when there is one, flipLeg). A flipped leg is another row (its identity holds its side), so the
 * list's cursor would have read the old row as gone ("BUY … is no longer in Strategy legs"): the
 * cursor goes to the flipped leg, and the status line says what the flip did.
 */
function flipUnderCursor(ctx: CommandContext): void {
  const at = legUnderCursor(ctx);
  const leg = at?.s.legs[at.index];
  if (!at || !leg) return;
  const side = leg.side === "BUY" ? "SELL" : "BUY";
  const legs = flipLeg(at.s.legs, at.index);
  const key = legRowKey({ ...leg, side });
  const now = legs.find((l) => legRowKey(l) === key);
  const joined = legs.length < at.s.legs.length && now ? `, joined to the ${side} leg: ${now.lots} lots` : "";
  putCursorOn(at.paneId, key, `${leg.side} ${leg.symbol} flipped to ${side}${joined}`);
  editLegs(ctx, () => legs);
}

/** The contract under the chain's cursor as a leg of `side`, one lot. */
function addFromChain(ctx: CommandContext, side: "BUY" | "SELL"): void {
  const sel = ctx.selection;
  const chain = loadedChain(ctx.focusedPaneId);
  if (sel?.kind !== "instrument" || !chain || !ctx.focusedPaneId) return;
  for (const row of chain.strikes) {
    for (const [optionType, c] of [["CE", row.ce], ["PE", row.pe]] as const) {
      if (!c || c.token !== sel.token || c.exchange !== sel.exchange) continue;
      const u = chain.underlying;
      addToStrategy(
        { token: c.token, symbol: c.tradingSymbol, exchange: c.exchange, optionType, strike: row.strike, expiry: chain.expiry, side, lots: 1, lotSize: chain.lotSize },
        { symbol: chain.symbol, exchange: u.exchange, token: u.token, isIndex: u.isIndex },
        ctx.focusedPaneId,
      );
      return;
    }
  }
}
const chainAddWhyNot = (ctx: CommandContext) =>
  signedOut(ctx) ?? (ctx.selection?.kind === "instrument" && loadedChain(ctx.focusedPaneId) ? undefined : needsInstrument(ctx, "Add to the strategy", "a contract", ["optionchain"]));

function moveWhatIf(ctx: CommandContext, move: (w: DeskWhatIf, maxDays: number) => DeskWhatIf): void {
  const d = onDesk(ctx);
  if (!d?.s || d.s.legs.length === 0) return;
  const base = deskBase(d.s.legs, livePrices(d.s), new Date(stampNow()));
  deskWhatIf$[d.paneId]!.set(move(whatIfOf(d.paneId), base.maxDays));
}

/** The scenario grid of a pane's strategy as CSV: spot −5 % … +5 % by date, at the IV shift in force. */
export function scenarioCsv(s: PaneStrategy, w: DeskWhatIf): string {
  const now = new Date(stampNow());
  const prices = livePrices(s);
  const base = deskBase(s.legs, prices, now);
  const rows = scenarioCsvRows(scenarioGrid(base.legs, prices.spot, now, scenarioDates(now, base.expiry), w.ivShift));
  return toCsv(rows[0]!, rows.slice(1));
}

const whatIfKey = <Id extends string>(id: Id, keys: string, title: string, move: (w: DeskWhatIf, maxDays: number) => DeskWhatIf) =>
  command({ id, keys: [keys], scope: "strategy", title, group: "Strategy", whyNot: deskWhyNot, run: (ctx) => moveWhatIf(ctx, move) });

export const strategyCommands = [
  command({
    id: "strategy.open",
    title: "Strategy (options desk)",
    group: "Strategy",
    keywords: ["options desk", "strategy builder", "payoff", "straddle", "iron condor"],
    explore: { section: "Products", line: "Build an options strategy, see its payoff and place it as one." },
    when: signedIn,
    run: () => workspace.showBeside("strategy"),
  }),
  command({ id: "chain.strategy.buy", keys: ["a"], scope: "chain", title: "Option chain: add to the strategy as a BUY leg", group: "Strategy", whyNot: chainAddWhyNot, run: (ctx) => addFromChain(ctx, "BUY") }),
  command({ id: "chain.strategy.sell", keys: ["shift+a"], scope: "chain", title: "Option chain: add to the strategy as a SELL leg", group: "Strategy", whyNot: chainAddWhyNot, run: (ctx) => addFromChain(ctx, "SELL") }),
  command({ id: "strategy.leg.remove", keys: ["delete"], scope: "strategy", title: "Strategy: remove the leg", group: "Strategy", whyNot: legWhyNot, run: (ctx) => editLegs(ctx, removeLeg) }),
  command({ id: "strategy.leg.flip", keys: ["f"], scope: "strategy", title: "Strategy: flip the leg (BUY / SELL)", group: "Strategy", whyNot: legWhyNot, run: flipUnderCursor }),
  command({ id: "strategy.leg.lots.more", keys: ["plus"], scope: "strategy", title: "Strategy: one lot more on the leg", group: "Strategy", whyNot: legWhyNot, run: (ctx) => editLegs(ctx, (l, i) => stepLots(l, i, 1)) }),
  command({ id: "strategy.leg.lots.fewer", keys: ["minus"], scope: "strategy", title: "Strategy: one lot fewer on the leg", group: "Strategy", whyNot: legWhyNot, run: (ctx) => editLegs(ctx, (l, i) => stepLots(l, i, -1)) }),
  command({
    id: "strategy.leg.entry",
    keys: ["e"],
    scope: "strategy",
    title: "Strategy: the leg's entry price",
    group: "Strategy",
    keywords: ["price", "entry", "edit"],
    whyNot: entryWhyNot,
    run: (ctx) => {
      const at = legUnderCursor(ctx);
      const leg = at?.s.legs[at.index];
      if (at && leg) openOverlay({ kind: "strategyEntry", paneId: at.paneId, legKey: legRowKey(leg), symbol: leg.symbol, entry: leg.entry === undefined ? "" : String(leg.entry) });
    },
  }),
  command({
    // The entry dialog's Enter: a price, or empty for the live price.
    id: "strategy.leg.entry.submit",
    title: "Strategy: set the leg's entry price",
    group: "Strategy",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { paneId: string; legKey: string; entry: string }) =>
      submitDialog("strategyEntry", async () => {
        const legAt = () => {
          const s = strategyOf(a.paneId);
          const index = s?.legs.findIndex((l) => legRowKey(l) === a.legKey) ?? -1;
          return s && index >= 0 ? { s, index, leg: s.legs[index]! } : undefined;
        };
        const found = legAt();
        if (!found) return "The leg is no longer in the strategy";
        // Held since the dialog opened (its placement went through): its entry is the average now.
        const held = entryNotEditable(found.leg);
        if (held) return held;
        const text = a.entry.trim();
        const v = Number(text);
        if (text !== "" && !(Number.isFinite(v) && v > 0)) return "An entry price is a number above 0, or empty for the live price";
        if (text !== "") {
          // Refused as typed, as the basket leg editor refuses it, not when the legs are sent. Unread, the confirmation checks it.
          const c = await readContract(found.leg.exchange, String(found.leg.token));
          const problem = c.ok && c.rows[0] ? entryProblem(found.leg, v, c.rows[0]) : undefined;
          if (problem) return problem.message;
        }
        const now = legAt();
        if (!now) return "The leg is no longer in the strategy";
        const heldNow = entryNotEditable(now.leg);
        if (heldNow) return heldNow;
        setStrategy(a.paneId, { ...now.s, legs: setEntry(now.s.legs, now.index, text === "" ? undefined : v) });
        return true;
      }),
  }),
  command({
    id: "strategy.clear",
    title: "Strategy: clear legs",
    group: "Strategy",
    whyNot: deskWhyNot,
    run: (ctx) => {
      const d = onDesk(ctx);
      if (!d?.s) return;
      // An empty pane is a new strategy: no name, no results of the old legs.
      setStrategy(d.paneId, { underlying: d.s.underlying, legs: [] });
      forgetRun(d.paneId);
    },
  }),
  whatIfKey("strategy.date.earlier", "bracketleft", "Strategy what-if: target date one day earlier", (w, max) => stepDays(w, -1, max)),
  whatIfKey("strategy.date.later", "bracketright", "Strategy what-if: target date one day later", (w, max) => stepDays(w, 1, max)),
  whatIfKey("strategy.iv.down", "braceleft", "Strategy what-if: IV one point lower", (w) => stepIv(w, -1)),
  whatIfKey("strategy.iv.up", "braceright", "Strategy what-if: IV one point higher", (w) => stepIv(w, 1)),
  whatIfKey("strategy.spot.down", "comma", "Strategy what-if: spot 0.5 % lower", (w) => stepSpot(w, -1)),
  whatIfKey("strategy.spot.up", "period", "Strategy what-if: spot 0.5 % higher", (w) => stepSpot(w, 1)),
  whatIfKey("strategy.whatif.reset", "0", "Strategy what-if: reset (today, live IV and spot)", () => NO_WHAT_IF),
  command({
    id: "strategy.scenario.copy",
    keys: ["y"],
    scope: "strategy",
    title: "Strategy: copy the scenario grid as CSV",
    group: "Strategy",
    keywords: ["clipboard", "csv", "what-if", "scenario"],
    whyNot: deskWhyNot,
    run: async (ctx) => {
      const d = onDesk(ctx);
      if (!d?.s) return;
      try {
        await navigator.clipboard.writeText(scenarioCsv(d.s, whatIfOf(d.paneId)));
        sayInStatusLine("Scenario grid copied as CSV");
      } catch {
        sayInStatusLine("The clipboard refused the scenario grid", "warn");
      }
    },
  }),
  command({
    id: "strategy.place",
    keys: ["enter"],
    scope: "strategy",
    title: "Strategy: place it (one confirmation)",
    group: "Strategy",
    keywords: ["place", "execute", "fire", "orders"],
    whyNot: deskWhyNot,
    run: async (ctx) => {
      const d0 = onDesk(ctx);
      if (!d0?.s || d0.s.legs.length === 0) return;
      // An order of the last run that got no answer may be booked: the book is asked first, and a leg found there is held and nothing goes now.
      const found = await holdUnansweredBooked(d0.paneId, strategyName(d0.s));
      if (found) {
        if (!found.said) sayInStatusLine(found.text, "warn");
        return;
      }
      const d = onDesk(ctx);
      if (!d?.s || d.s.legs.length === 0) return;
      const legs = d.s.legs;
      // Every leg held ("Analyse positions"): placing would send nothing, and a confirmation of nothing is no answer.
      // Said by the command, not its whyNot: a key no command can take is left to the browser, and Enter's would be silent.
      const nothing = nothingToPlace(legs);
      if (nothing) {
        sayInStatusLine(nothing, "warn");
        return;
      }
      // A leg whose slices went out in part goes again only as it was (its run's keys): a new run would send the placed slices again.
      const part = partPlacedInNewRun(runOf(d.paneId), legs);
      if (part) {
        sayInStatusLine(part, "warn");
        return;
      }
      const amo = legs.flatMap((l, i) => (ctx.market.isOpen(l.exchange) ? [] : [legNumber(i)]));
      openOverlay({ kind: "strategyConfirm", paneId: d.paneId, legs, runId: runFor(d.paneId, legs), amo });
    },
  }),
  command({
    // The confirmation's Enter: one submit at a time (submitDialog), so a second Enter places nothing.
    id: "strategy.place.confirmed",
    title: "Strategy: place the confirmed legs",
    group: "Strategy",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { paneId: string; legs: DeskLeg[]; runId: string; amo: number[] }) =>
      submitDialog("strategyConfirm", async () => {
        const now = strategyOf(a.paneId);
        // Placed in full since this confirmation opened (its legs are held now): nothing is sent again.
        const nothing = now && nothingToPlace(now.legs);
        if (nothing) return nothing;
        if (!now || legsKey(now.legs) !== legsKey(a.legs)) return "The legs changed since this confirmation opened: close it and press Enter again";
        // No leg goes while any would be refused: half a strategy can be a naked leg.
        const refusal = placementRefusal(a.legs, await checkDeskLegs(a.legs));
        if (refusal) return refusal;
        await placeStrategy(a.paneId, a.legs, a.runId, a.amo, strategyName(now));
        return true;
      }),
  }),
  command({
    id: "strategy.line",
    title: "Strategy from the command line",
    group: "Strategy",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { line: StrategyLine }) => {
      await openStrategyLine(a.line);
    },
  }),
  command({
    // The replace confirmation's Enter (strategyOpen.ts show): the strategy the line or the saved name resolved to.
    id: "strategy.show",
    title: "Strategy: show it in the strategy pane",
    group: "Strategy",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { strategy: PaneStrategy; note?: string }) => showStrategyWithNote(a.strategy, a.note),
  }),
  command({
    id: "strategy.saved.open",
    title: "Open a saved strategy",
    group: "Strategy",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { name: string }) => {
      await openSavedStrategy(a.name);
    },
  }),
  command({
    id: "strategy.saved.save",
    title: "Save the strategy by name",
    group: "Strategy",
    hidden: true,
    whyNot: deskWhyNot,
    run: async (ctx, a: { name: string }) => {
      const d = onDesk(ctx);
      if (d) await saveFocusedStrategy(d.paneId, a.name);
    },
  }),
  command({
    id: "strategy.positions",
    title: "Analyse positions",
    group: "Strategy",
    keywords: ["options desk", "strategy", "payoff", "positions"],
    when: signedIn,
    run: async (ctx) => {
      await analysePositions(ctx.selection?.kind === "position" ? ctx.selection.token : undefined);
    },
  }),
];

/** `strategy NIFTY iron condor 24NOV width 200 lots 1` (grammar/strategy.ts): the pane with the preset's legs on today's contracts. */
export const strategyLineParser: CommandLineParser = {
  id: "strategy",
  heading: "Strategy",
  claims: isStrategyLine,
  parse: (input) => {
    const p = parseStrategyLine(input);
    if ("error" in p) return { ok: false, word: p.word, message: p.error };
    return { ok: true, title: `Strategy: ${p.preset.name} on ${p.underlying}`, commandId: "strategy.line", args: { line: p } };
  },
};

/** `save strategy Weekly condor` (the focused strategy pane's legs) and `open strategy Weekly condor`. */
export const savedStrategyLineParser: CommandLineParser = {
  id: "strategy.saved",
  heading: "Saved strategy",
  claims: (input) => /^\s*(save|open)\s+strategy(\s|$)/i.test(input),
  parse: (input) => {
    const m = /^\s*(save|open)\s+strategy\s*(.*)$/i.exec(input)!;
    const name = m[2]!.trim();
    if (name === "") return { ok: false, word: m[1]!, message: `Give the strategy's name: ${m[1]!.toLowerCase()} strategy Weekly condor` };
    if (name.length > 40) return { ok: false, word: name, message: "A strategy's name has at most 40 characters" };
    return m[1]!.toLowerCase() === "save"
      ? { ok: true, title: `Save the strategy as ${name}`, commandId: "strategy.saved.save", args: { name } }
      : { ok: true, title: `Open the saved strategy ${name}`, commandId: "strategy.saved.open", args: { name } };
  },
};
