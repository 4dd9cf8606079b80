/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-noninteractive-tabindex --
   The chain's table is laid out as blocks (a virtualised body under a sticky head), and Chromium drops
   a table's implicit roles once its parts are not display: table-*: the roles are spelt out so a
   screen reader still reads rows and cells (axe aria-required-children). The scrolling body is in the
   tab order so the keyboard reaches it (WCAG 2.1.1). */
import { useSelector } from "@legendapp/state/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { paneChain } from "../../commands/defs/chain";
import { cursors$, moveCursor } from "../../commands/listCursor";
import { runCommand } from "../../commands/run";
import { formatPercent, formatPrice, groupIndian } from "../../core/format";
import { chainOiReadings, type StrikeOi } from "../../core/strategy/chainAnalytics";
import { atmIndex, chainPriceChars, expiryLabel, strikeAcrossExpiries, strikeNotListedLine, strikeText, strikeToHold, strikeWindowKeeping, type ShownChain } from "../../core/rules/optionChain";
import { optionExpiry } from "../../core/rules/contractName";
import { chainExchangeOf } from "../../core/rules/chainExchange";
import { chainFollow } from "../../core/workspace/follow";
import type { PaneInstrument } from "../../core/workspace/tree";
import { workspace } from "../../data/stores/workspace";
import { brokerClock$ } from "../../data/stores/brokerClock";
import { instrumentTopics } from "../../core/topics";
import type { OptionChain } from "../../core/types/optionChain";
import { chainBuildUps$, chainKey, chains$, chainSides$, chainStraddles$, loadChain, type ChainSide } from "../../data/stores/optionChain";
import { recordView } from "../../data/stores/recentlyViewed";
import { sayInStatusLine } from "../../data/stores/statusLine";
import { liveQuote } from "../../feed/session";
import { useListCursor } from "../layout/listCursor";
import { useGroupInstrument } from "../layout/link";
import { chainUnderlying } from "../../core/workspace/links";
import { usePane, usePaneTopics } from "../layout/pane";
import { EmptyState } from "../views/EmptyState";
import { usePriceMark } from "../views/priceStale";
import type { ViewProps } from "../views/types";
import { ChainRow } from "./ChainRow";
import { chainFoldSign, useChainFit, type ChainFit } from "./chainFit";
import { BUILD_UP_COLUMN, BUILD_UP_LEGEND, useOiBuildUp } from "./buildUp";
import { CALL_COLUMNS, SIDE_COLUMNS } from "./columns";
import { StraddlePanel } from "./StraddlePanel";
import "./chain.css";

/** Each side's columns with the build-up column (outermost, after OI Chg) while it is shown. */
const PUT_WITH_BUILD_UP = [...SIDE_COLUMNS, BUILD_UP_COLUMN];
const CALL_WITH_BUILD_UP = [...PUT_WITH_BUILD_UP].reverse();

export const CHAIN_ROW_PX = 24;

/**
 * The chain each pane last placed its cursor on (pane ids are never reused, so an entry names one
 * pane's chain): its window and choice (`loadedKey`), and the chain with the strike it held (strikeToHold).
 */
const placedChains = new Map<string, ShownChain & { loadedKey: string }>();
/** The group instrument ("exchange|token") each linked pane last took as its own (chainFollow's `taken`). */
const takenGroups = new Map<string, string>();

/**
 * The option chain (/main/optionchain, `chain NIFTY` from the palette): the strikes centred on the
 * at-the-money one, calls on the left, puts on the right. The pane keeps its underlying, expiry and
 * strike count (saved with the layout); its row cursor moves across strikes and left/right across
 * sides, and the focused contract is the pane's selection, so `b`/`s`/`d` act on it.
 */
export function ChainView(_props: ViewProps) {
  const pane = usePane();
  const own = paneChain(pane.state);
  const load = useSelector(() => chains$[pane.id]!.get());
  // Linked to a colour group that has chosen: the chain of its underlying (follow.ts chainFollow), an
  // option's on the option's own expiry, taken as the pane's own once (so `[` / `]` step from it).
  const group = useGroupInstrument();
  const groupKey = group ? `${group.exchange}|${group.token}` : "";
  const taken = takenGroups.get(pane.id) === groupKey;
  const u = group ? chainUnderlying(group.tradingSymbol) : undefined;
  const listed = load?.chain && load.chain.symbol === u ? load.chain.expiries : undefined;
  const { symbol, expiry } = chainFollow(own, group, taken, listed);
  const strikes = own.strikes;
  // The exchange asked: the group's instrument's (a trader's NSECURR future opens NSE's USDINR options, chainExchange.ts), else the pane's own `chain USDINR BSE`.
  const exchange = group?.exchange ?? own.exchange;
  const key = chainKey(symbol, expiry, exchange);
  useEffect(() => {
    if (chains$[pane.id]!.key.peek() !== key) void loadChain(pane.id, symbol, expiry, exchange);
  }, [pane.id, key, symbol, expiry, exchange]);
  useEffect(() => {
    if (groupKey === "" || taken) return;
    takenGroups.set(pane.id, groupKey);
    if (group && optionExpiry(group.tradingSymbol) && (symbol !== own.symbol || expiry !== own.expiry)) workspace.setPaneState(pane.id, { chain: { symbol, expiry, strikes } });
  }, [pane.id, groupKey]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!load || load.key !== key || (!load.chain && !load.error)) return <EmptyState title={`Loading the ${symbol} option chain…`} />;
  if (!load.chain) return <EmptyState title={`No option chain for ${symbol}`}>{load.error} Type chain NIFTY, chain BANKNIFTY or chain INFY in the palette (Ctrl+K).</EmptyState>;
  return <Chain chain={load.chain} count={strikes} chosen={group} />;
}

/** `chosen`: the group's instrument: when it is one of this chain's options, the cursor goes onto its row and side. */
function Chain({ chain, count, chosen }: { chain: OptionChain; count: number; chosen: Pick<PaneInstrument, "exchange" | "token"> | undefined }) {
  const pane = usePane();
  // What the fit folded, for the bar's sign: a render only when it changes (a resize), never on a tick.
  const [folds, setFolds] = useState<ChainFit>({ level: 5, oneSide: false, strikeOnly: false, tooNarrow: false });
  const fit = useChainFit(
    useCallback((f: ChainFit) => setFolds((was) => (was.level === f.level && was.oneSide === f.oneSide && was.strikeOnly === f.strikeOnly && was.tooNarrow === f.tooNarrow ? was : f)), []),
  );
  const scroller = useRef<HTMLDivElement>(null);
  // The window is centred on the strike at the money when the chain loads (or its size changes), not
  // on every tick: the rows must not slide under the cursor while the spot moves.
  const strikes = useMemo(() => chain.strikes.map((s) => s.strike), [chain]);
  const centre = atmIndex(strikes, chain.spot);
  // The strike the cursor holds through a change of expiry or strike count on the same underlying (`[` / `]`, the
  // expiry chooser, `+` / `-`): what is selected is what `b` acts on, so the trader stepping 24,350 through the
  // expiries buys 24,350, not the money's strike (strikeToHold). A new underlying starts at the money.
  const held = cursors$[pane.id]!.peek()?.key;
  const keepStrike = strikeToHold(placedChains.get(pane.id), { symbol: chain.symbol, expiry: chain.expiry, count }, held === undefined ? undefined : Number(held));
  const carried = keepStrike === undefined ? undefined : { strike: keepStrike, ...strikeAcrossExpiries(strikes, keepStrike, chain.spot) };
  // The group's option, if this chain lists it: its strike's index and its side.
  const picked = useMemo(() => {
    if (!chosen) return { at: -1, side: undefined };
    const is = (c: OptionChain["strikes"][number]["ce"]) => c !== null && c.exchange === chosen.exchange && c.token === chosen.token;
    const at = chain.strikes.findIndex((s) => is(s.ce) || is(s.pe));
    return { at, side: at < 0 ? undefined : is(chain.strikes[at]!.ce) ? ("CE" as const) : ("PE" as const) };
  }, [chain, chosen?.exchange, chosen?.token]); // eslint-disable-line react-hooks/exhaustive-deps
  // The group's option first (its strike in view, the cursor on it), else the strike carried from the chain before.
  const target = picked.at >= 0 ? picked.at : (carried?.at ?? -1);
  const { from, to } = strikeWindowKeeping(strikes.length, centre, count, target);
  const rows = useMemo(() => chain.strikes.slice(from, to), [chain, from, to]);
  const u = chain.underlying;
  // Opening an underlying's chain is viewing it: it joins the user's recently viewed list (like depth).
  useEffect(() => {
    void recordView(u.exchange, u.token);
  }, [u.exchange, u.token]);
  const atm = useSelector(() => atmIndex(strikes, liveQuote(u.exchange, u.token).LastRate.get() || chain.spot)) - from;
  const side: ChainSide = useSelector(() => chainSides$[pane.id]!.get()) ?? "CE";
  const buildUpMinutes = useSelector(() => chainBuildUps$[pane.id]!.get()) ?? 0;
  const straddle = useSelector(() => chainStraddles$[pane.id]!.get()) ?? false;
  // The history of the options shown: `chain USDINR BSE` reads BSECURR's, not the default venue's.
  const replay = useSelector(() => brokerClock$.mode.get() === "replay");
  const byToken = useOiBuildUp(chain.symbol, chain.expiry, chainExchangeOf(chain), buildUpMinutes > 0, replay);
  const buildUp = useMemo(() => (buildUpMinutes > 0 ? { minutes: buildUpMinutes, byToken } : undefined), [buildUpMinutes, byToken]);
  const putColumns = buildUp ? PUT_WITH_BUILD_UP : SIDE_COLUMNS;
  const callColumns = buildUp ? CALL_WITH_BUILD_UP : CALL_COLUMNS;
  const sign = chainFoldSign(putColumns, folds, side);
  // The widest strike in the window, in characters: a tight chain's strike column is that wide (chain.css).
  const strikeChars = useMemo(() => Math.max(6, ...rows.map((r) => strikeText(r.strike, u.exchange).length)), [rows, u.exchange]);
  // The spot's pill as wide as it may read: the spot lies between two of the window's strikes, so it is no wider than
  // the widest written with its paise (9 for NIFTY's "24,803.04", 11 for GOLD's "1,17,885.00"); its slot and the strike column take it (styles.css).
  const spotChars = useMemo(() => Math.max(9, ...rows.map((r) => formatPrice(r.strike, u.exchange).length)), [rows, u.exchange]);
  // The widest price the window's options may show today, in characters: the LTP, bid and ask columns are that wide (styles.css).
  const priceChars = useMemo(
    () => chainPriceChars(rows.flatMap((r) => [r.ce, r.pe].flatMap((c) => (c ? [c.ltp, c.bid, c.ask] : []))), chain.spot, u.exchange),
    [rows, chain.spot, u.exchange],
  );

  // A row is a strike (its identity); what it selects is the contract on the focused side.
  const cursor = useListCursor({
    // Another expiry is another list: its strikes are not the rows of this one (the chain carries its cursor's strike across itself, below).
    name: `${chain.symbol} ${expiryLabel(chain.expiry)} option chain`,
    rows,
    keyOf: (r) => String(r.strike),
    selectionOf: (r) => {
      const c = side === "CE" ? r.ce : r.pe;
      return c ? { kind: "instrument", exchange: c.exchange, token: c.token, symbol: c.tradingSymbol } : undefined;
    },
    labelOf: (r) => (side === "CE" ? r.ce : r.pe)?.tradingSymbol ?? `${chain.symbol} ${r.strike} ${side}`,
  });
  // A new chain starts with the cursor on the strike at the money; another expiry or strike count of
  // the same underlying with the cursor on its strike (the nearest listed, said in the status line). The
  // same chain drawn again (the pane remounted by a split beside it: issue 31's strategy pane
  // opening as `a` adds a leg) keeps the cursor where the trader put it. The pane places this
  // cursor itself, so it chooses nothing for its colour group (listCursor.ts PlacedBy): the group
  // keeps the share the trader chose, not this chain's at-the-money call.
  // The group's option listed here (a linked chain given a contract): the cursor goes onto its strike and side, placed
  // by the pane, so it chooses nothing; the trader's own move in the chain chose it, the cursor is already there.
  const loadedKey = `${chain.symbol}|${chain.expiry}|${from}|${to}|${picked.at}${picked.side ?? ""}`;
  useEffect(() => {
    // A cursor dropped since (a session's end clears them) is put at the money again.
    if (placedChains.get(pane.id)?.loadedKey === loadedKey && cursors$[pane.id]!.peek() !== undefined) return;
    // What the window keeps from now on: the strike the cursor is placed on; none when that is the money (the window stays on it).
    placedChains.set(pane.id, { loadedKey, symbol: chain.symbol, expiry: chain.expiry, count, ...(target >= 0 ? { keep: strikes[target]! } : {}) });
    if (picked.side) chainSides$[pane.id]!.set(picked.side);
    moveCursor(pane.id, () => Math.max(0, (target >= 0 ? target : centre) - from), "pane");
    if (picked.at < 0 && carried && !carried.listed && carried.at >= 0) sayInStatusLine(strikeNotListedLine(carried.strike, chain.expiry, strikes[carried.at]!, u.exchange));
  }, [pane.id, loadedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => CHAIN_ROW_PX, overscan: 4 });
  const items = v.getVirtualItems();
  useEffect(() => {
    if (cursor >= 0) v.scrollToIndex(cursor, { align: "auto" });
  }, [cursor, rows.length, v]);

  // Only the strikes in view own topics: scrolling changes the set, the manager subscribes the difference.
  const visibleKey = items.map((i) => i.index).join(",");
  const topics = useMemo(
    () => [
      ...instrumentTopics(u.exchange, u.token, { isIndex: u.isIndex, isDerivative: false }),
      ...items.flatMap((i) => {
        const r = rows[i.index];
        return r ? [r.ce, r.pe].flatMap((c) => (c ? instrumentTopics(c.exchange, c.token, { isIndex: false, isDerivative: true }) : [])) : [];
      }),
    ],
    [visibleKey, rows, u], // eslint-disable-line react-hooks/exhaustive-deps
  );
  usePaneTopics("optionWindow", topics);

  const onPick = useCallback(
    (strike: number, picked: ChainSide) => {
      chainSides$[pane.id]!.set(picked);
      void runCommand("list.cursor.to", { key: String(strike), paneId: pane.id });
    },
    [pane.id],
  );

  return (
    <div className="page chain-page" data-testid="optionchain" data-symbol={chain.symbol} data-expiry={chain.expiry} data-strikes={rows.length}>
      <ChainBar chain={chain} count={rows.length} buildUpMinutes={buildUpMinutes} sign={sign} />
      {straddle && <StraddlePanel chain={chain} />}
      {/* The strikes scroll here: in the tab order (focusing it focuses the pane, whose keys move the cursor), named for a screen reader. */}
      <div className="chain-scroll" ref={scroller} data-testid="chain-scroll" role="region" tabIndex={0} aria-label={`${chain.symbol} strikes`}>
        {/* Narrower than a strike: words that fit, never cut figures (chain.css hides the rows while the fit marks data-too-narrow). */}
        {folds.tooNarrow && (
          <p className="chain-too-narrow" data-testid="chain-too-narrow">
            Widen this pane to see the chain
          </p>
        )}
        <table
          role="table"
          className="grid chain fit"
          aria-label={`${chain.symbol} option chain`}
          ref={fit}
          data-focus-side={side}
          style={{ "--strike-ch": strikeChars, "--price-ch": priceChars, "--spot-ch": spotChars } as CSSProperties}
        >
          <thead role="rowgroup">
            <tr role="row">
              {callColumns.map((c) => (
                <th key={`CE-${c.field}`} role="columnheader" className="num chain-ce" data-priority={c.priority} data-field={c.field} title={c.field === "buildUp" ? BUILD_UP_LEGEND : undefined}>
                  {c.field === "ltp" ? "Call LTP" : c.title}
                </th>
              ))}
              <th role="columnheader" className="chain-strike" data-field="strike">
                <span>Strike</span>
              </th>
              {putColumns.map((c) => (
                <th key={`PE-${c.field}`} role="columnheader" className="num chain-pe" data-priority={c.priority} data-field={c.field} title={c.field === "buildUp" ? BUILD_UP_LEGEND : undefined}>
                  {c.field === "ltp" ? "Put LTP" : c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" style={{ height: v.getTotalSize() }}>
            {items.map((i) => {
              const row = rows[i.index]!;
              return (
                <ChainRow
                  key={row.strike}
                  chain={chain}
                  row={row}
                  below={rows[i.index - 1]?.strike}
                  top={i.start}
                  atm={i.index === atm}
                  cursorSide={i.index === cursor ? side : undefined}
                  onPick={onPick}
                  putColumns={putColumns}
                  callColumns={callColumns}
                  buildUp={buildUp}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A side's open interest now: the feed's once it carries one, the chain call's before (cells.tsx reads it the same way); undefined for a side the strike does not list. */
const oiOf = (c: OptionChain["strikes"][number]["ce"]): number | undefined => (c ? liveQuote(c.exchange, c.token).openinterest.get() || c.oi : undefined);

/**
 * The expiry's put/call OI ratio and max pain, over every listed strike of the expiry (not only the window shown), live.
 * In a replay whose day has no OI for some of the expiry's contracts (modelled: OI 0), words instead of figures (chainOiReadings).
 */
function ChainReadings({ chain }: { chain: OptionChain }) {
  // Worked out in the selector and answered as text, so an OI tick that moves neither renders nothing.
  const [kind, pcr, pain] = useSelector(() => {
    const rows: StrikeOi[] = chain.strikes.map((s) => ({ strike: s.strike, callOi: oiOf(s.ce), putOi: oiOf(s.pe) }));
    const r = chainOiReadings(rows, brokerClock$.mode.get() === "replay");
    if (r.kind === "no OI") return `no OI|${r.withOi}|${r.contracts}`;
    return `figures|${r.pcr === null ? "--" : groupIndian(r.pcr, 2)}|${r.maxPain === null ? "--" : formatPrice(r.maxPain, chain.underlying.exchange).replace(/\.00$/, "")}`;
  }).split("|");
  if (kind === "no OI") {
    return (
      <span
        className="chain-readings"
        data-testid="chain-readings"
        title={`PCR and max pain need the OI of every contract of the expiry: this replayed day has OI for ${pcr} of its ${pain} contracts; the others are priced by the model with no trades (OI 0)`}
      >
        <span data-testid="chain-no-oi">PCR, max pain: no OI in this replay</span>
      </span>
    );
  }
  return (
    <span className="chain-readings" data-testid="chain-readings">
      <span title="Put/call ratio: the expiry's put open interest over its call open interest">
        PCR <b data-testid="chain-pcr">{pcr}</b>
      </span>
      <span title="Max pain: the strike at which the expiry's option holders would be paid least">
        Max pain <b data-testid="chain-max-pain">{pain}</b>
      </span>
    </span>
  );
}

/** The underlying's live price, the expiries (the shown one marked; `[`/`]` step them), PCR, max pain, the strike count and what the fit folded. */
export function ChainBar({ chain, count, buildUpMinutes, sign }: { chain: OptionChain; count: number; buildUpMinutes: number; sign: { text: string; title: string } | undefined }) {
  const pane = usePane();
  const u = chain.underlying;
  const q = liveQuote(u.exchange, u.token);
  const spot = useSelector(() => q.LastRate.get()) || chain.spot;
  const pchg = useSelector(() => q.pchg.get());
  // Marked as the watchlist marks it (priceStale.ts markNow): stale, or at its reference price in a replay, titled why.
  const mark = usePriceMark(u.exchange, u.token, u.tradingSymbol);
  return (
    <div className="chain-bar">
      <span className="sym">{chain.symbol}</span>
      {/* Whose options these are: USDINR's are NSECURR's and BSECURR's, and they quote apart. */}
      <span className="chain-exchange" data-testid="chain-exchange" title="The exchange these options trade on">
        {chainExchangeOf(chain)}
      </span>
      <span className="num" data-testid="chain-spot-price" data-stale={mark.stale} title={mark.title}>
        {formatPrice(spot, u.exchange)}
      </span>
      <span className={`num ${pchg > 0 ? "up" : pchg < 0 ? "down" : ""}`}>{pchg > 0 ? "+" : ""}{formatPercent(pchg)}%</span>
      <nav className="chain-expiries" aria-label="Expiries">
        {chain.expiries.map((e) => (
          <button
            key={e}
            type="button"
            tabIndex={-1}
            className={`tab${e === chain.expiry ? " tab-active" : ""}`}
            aria-pressed={e === chain.expiry}
            data-expiry={e}
            onClick={() => void runCommand("chain.expiry.select", { paneId: pane.id, expiry: e })}
          >
            {expiryLabel(e)}
          </button>
        ))}
      </nav>
      <ChainReadings chain={chain} />
      {buildUpMinutes > 0 && (
        <span className="chain-build-up" data-testid="chain-build-up" title={BUILD_UP_LEGEND}>
          Build-up {buildUpMinutes}m: <b>LB</b> long build-up · <b>SB</b> short build-up · <b>SC</b> short covering · <b>LU</b> long unwinding
          {/* Shown by the stylesheet while the chain is too narrow for the column (it folds with priority 3, beside change, delta and OI): nothing vanishes silently. */}
          <span className="build-up-folded" data-testid="chain-build-up-folded">
            {" "}
            · its column is folded: widen the pane (Alt+M maximises it)
          </span>
        </span>
      )}
      <span className="muted chain-count">
        {count} strikes · lot {chain.lotSize}
      </span>
      {sign && (
        <span className="fold-sign chain-fold-sign" data-testid="chain-fold-sign" title={sign.title}>
          {sign.text}
        </span>
      )}
    </div>
  );
}
