import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo } from "react";
import { legRowKey } from "../../commands/defs/strategy";
import { holdsSelection } from "../../commands/listCursor";
import { runCommand } from "../../commands/run";
import { formatDate, formatPrice, groupIndian, productLabel } from "../../core/format";
import type { LegReport } from "../../core/rules/basketRun";
import { breakevensSaid, deskBase, deskView, legPnl, type DeskBase, type DeskPrices, type DeskView } from "../../core/strategy/desk";
import { legQuantity, readPaneStrategy, type DeskLeg, type PaneStrategy } from "../../core/strategy/legs";
import { bookHeld, legEntry, pricedLegs, type LegEntry } from "../../core/strategy/fills";
import { legIdentity, priceAsSent } from "../../core/strategy/placement";
import { NO_WHAT_IF, SPOT_STEP_PERCENT, type DeskWhatIf } from "../../core/strategy/whatIf";
import { istDateKey } from "../../core/time";
import { instrumentTopics } from "../../core/topics";
import { stampNow } from "../../data/stores/brokerClock";
import { orders$ } from "../../data/stores/orders";
import { booksAnswering$ } from "../../data/stores/brokerBooks";
import { runInBooks, strategyInBooks } from "../../core/strategy/heldBooks";
import { positions$ } from "../../data/stores/portfolio";
import { theme$ } from "../../data/stores/settings";
import { deskPlacing$, deskWhatIf$ } from "../../data/stores/strategy";
import { legResultText, readDeskRun, type DeskRun } from "../../core/strategy/run";
import { liveQuote, priceStale } from "../../feed/session";
import { useFitColumns, type Overflows } from "../layout/fitColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTopics } from "../layout/pane";
import { useGroupInstrument } from "../layout/link";
import { strategyFollow } from "../../core/workspace/follow";
import { EmptyState } from "../views/EmptyState";
import { FitSymbol } from "../views/FitSymbol";
import { FoldSign } from "../layout/gridColumns";
import { staleAttr } from "../views/priceStale";
import type { ViewProps } from "../views/types";
import { PayoffChart } from "./lazy";
import { DeskMarginLine, ScenarioTable } from "./StrategyParts";
import "./strategy.css";
import { KeyHint } from "../views/KeyHint";

const rupees = (v: number) => `${v < 0 ? "-" : ""}₹${groupIndian(Math.abs(v), 2)}`;
const signed = (v: number) => `${v > 0 ? "+" : ""}${groupIndian(v, 2)}`;

/**
 * The strategy pane (issue 31): the legs of one underlying's options strategy, its payoff drawn
 * over the spot (at expiry and at the what-if moment), its figures, the scenario grid, the margin
 * of the set and, once placed, each leg's result. The legs are the pane's, saved with the layout;
 * the keys (`?` lists them) edit the leg under the cursor and move the what-if.
 */
export function StrategyView(_props: ViewProps) {
  const pane = usePane();
  // Held as the books in effect hold it (heldBooks.ts), read again when they change (a replay started or left, the first answer after a load).
  const books = useSelector(() => booksAnswering$.get());
  const s = useMemo(() => {
    const saved = readPaneStrategy(pane.state.strategy);
    return saved && strategyInBooks(saved, books);
  }, [pane.state.strategy, books]);
  // Issue 32: linked to a group, the pane's underlying is the group's while it has no legs (core/workspace/follow.ts).
  const follow = strategyFollow({ ...(s ? { underlying: s.underlying.symbol } : {}), legs: s?.legs.length ?? 0 }, useGroupInstrument());
  if (!s || s.legs.length === 0) {
    const u = follow.kind === "retarget" ? follow.underlying : s?.underlying.symbol;
    return (
      <EmptyState title={u ? `No legs in the ${u} strategy` : "No legs in this strategy"}>
        Open an option chain (<code>chain {u ?? "NIFTY"}</code> in the palette<KeyHint command="palette.open">{(k) => <>, {k}</>}</KeyHint>)
        <KeyHint command="chain.strategy.buy">{(k) => <> and press {k} on a contract to buy it</>}</KeyHint>
        <KeyHint command="chain.strategy.sell">{(k) => <>, {k} to sell it</>}</KeyHint>.
      </EmptyState>
    );
  }
  return <Desk s={s} groupLine={follow.kind === "kept" ? follow.line : undefined} />;
}

/** Live prices as one string, so a tick of an instrument the strategy does not hold renders nothing. */
function useDeskPrices(s: PaneStrategy): DeskPrices {
  const key = useSelector(() => [liveQuote(s.underlying.exchange, s.underlying.token).LastRate.get(), ...s.legs.map((l) => liveQuote(l.exchange, l.token).LastRate.get())].join("|"));
  return useMemo(() => {
    const [spot = 0, ...ltp] = key.split("|").map(Number);
    return { spot, ltp: ltp.map((v) => (v > 0 ? v : undefined)) };
  }, [key]);
}

/**
 * Each leg's entry (core/strategy/fills.ts): typed, its fill once the pane's last run placed it and
 * its order filled (the order book's average price), an analysed leg's the positions' average as it
 * stands, else the live price. The book's figures of the legs' orders and positions as one string,
 * so an order or position of another instrument changing renders nothing.
 */
function useLegEntries(s: PaneStrategy, ltp: DeskPrices["ltp"], run: DeskRun | undefined): LegEntry[] {
  const key = useSelector(() => {
    const book = orders$.orders.get();
    const positions = positions$.get();
    return s.legs
      .map((l) => {
        const r = run?.results[legIdentity(l)];
        const o = r?.placed && r.orderNo ? book.find((x) => x.orderNo === r.orderNo) : undefined;
        // An analysed leg reads the positions as they stand (fills.ts bookEntry), once they are loaded.
        const h = l.held?.fromPositions && positions.loaded ? bookHeld(l, positions.rows) : undefined;
        return `${o ? `${o.quantity}:${o.filledQuantity}:${o.averageTradedPrice}` : ""}/${h ? `${h.units}:${h.average}` : ""}`;
      })
      .join("|");
  });
  return useMemo(() => {
    const legs = key.split("|");
    return s.legs.map((l, i) => {
      const [placed = "", held = ""] = (legs[i] ?? "").split("/");
      const [quantity, filledQuantity, averageTradedPrice] = placed.split(":").map(Number);
      const order = placed ? { quantity: quantity!, filledQuantity: filledQuantity!, averageTradedPrice: averageTradedPrice! } : undefined;
      const [units, average] = held.split(":").map(Number);
      return legEntry(l, ltp[i], order, held ? { units: units!, average: average! } : undefined);
    });
  }, [key, s.legs, ltp]);
}

/**
 * Which of the strategy's prices are stale (no tick for 10 s in an open market, the one source every
 * pane dims by: feed/session priceStale): the spot, and each leg's. One string, as the prices are.
 */
export interface DeskStale {
  spot: boolean;
  legs: boolean[];
  /** Any leg's: what the IV, the margin and every leg-summed figure are read from. */
  anyLeg: boolean;
  /** The spot's or any leg's: the figures read from both (premium, P&L, Greeks, breakevens). */
  any: boolean;
}

function useDeskStale(s: PaneStrategy): DeskStale {
  const key = useSelector(() => [s.underlying, ...s.legs].map((i) => (priceStale(i.exchange, i.token).get() ? "1" : "0")).join(""));
  return useMemo(() => {
    const [spot = false, ...legs] = [...key].map((c) => c === "1");
    const anyLeg = legs.some(Boolean);
    return { spot, legs, anyLeg, any: spot || anyLeg };
  }, [key]);
}

function Desk({ s, groupLine }: { s: PaneStrategy; groupLine: string | undefined }) {
  const pane = usePane();
  const u = s.underlying;
  const topics = useMemo(
    () => [...instrumentTopics(u.exchange, u.token, { isIndex: u.isIndex, isDerivative: false }), ...s.legs.flatMap((l) => instrumentTopics(l.exchange, l.token, { isIndex: false, isDerivative: l.optionType !== "EQ" }))],
    [u, s.legs],
  );
  usePaneTopics("optionWindow", topics);
  const prices = useDeskPrices(s);
  const stale = useDeskStale(s);
  const w = useSelector(() => deskWhatIf$[pane.id]!.get()) ?? NO_WHAT_IF;
  // The pane's last run, kept in its state (a reload keeps it), and whether this page is sending it now.
  const books = useSelector(() => booksAnswering$.get());
  const run = useMemo(() => runInBooks(readDeskRun(pane.state.strategyRun), books), [pane.state.strategyRun, books]);
  const sending = useSelector(() => deskPlacing$[pane.id]!.get());
  const entries = useLegEntries(s, prices.ltp, run);
  // The legs as priced: a filled leg at its fill, as a typed one at its price (the margin is still asked for the legs as they are sent).
  const priced = useMemo(() => pricedLegs(s.legs, entries), [s.legs, entries]);
  const theme = useSelector(() => theme$.get());
  // The minute is enough for the clock: the T+0 line moves with the spot and the keys, not with seconds.
  const minute = Math.floor(stampNow() / 60_000);
  const base = useMemo(() => (prices.spot > 0 ? deskBase(priced, prices, new Date(stampNow())) : undefined), [priced, prices, minute]); // eslint-disable-line react-hooks/exhaustive-deps
  const view = useMemo(() => (base ? deskView(base, w) : undefined), [base, w]);

  const at = useListCursor({
    name: "Strategy legs",
    rows: s.legs,
    keyOf: legRowKey,
    selectionOf: (l) => ({ kind: "instrument", exchange: l.exchange, token: l.token, symbol: l.symbol }),
    labelOf: (l) => `${l.side} ${l.symbol}`,
  });
  // A strategy's first look puts the cursor on its first leg (not a highlight dropped for a search choice: that holds until a cursor key).
  useEffect(() => {
    if (at < 0 && s.legs[0] && holdsSelection(pane.id)) void runCommand("list.cursor.to", { key: legRowKey(s.legs[0]), paneId: pane.id });
  }, [at, s.legs, pane.id]);

  return (
    <div className="page strategy-page" data-testid="strategy" data-legs={s.legs.length}>
      {groupLine && (
        <div className="strategy-group-line" role="status" data-testid="strategy-group-line">
          {groupLine}
        </div>
      )}
      {s.leftOut && (
        <div className="strategy-left-out" role="note" data-testid="strategy-left-out">
          {s.leftOut}
        </div>
      )}
      <WhatIfBar s={s} base={base} view={view} w={w} stale={stale} />
      <Figures base={base} view={view} stale={stale.any} />
      <LegsTable s={s} priced={priced} entries={entries} prices={prices} base={base} at={at} run={run} sending={run !== undefined && sending === run.runId} stale={stale.legs} />
      <div className="strategy-lower">
        <div className="strategy-chart chart">
          {base && view ? (
            <PayoffChart spots={view.curves.spots} expiry={view.curves.expiry} today={view.curves.today} spot={view.spot} breakevens={base.breakevens} theme={theme} todayLabel={`T+${w.days}`} />
          ) : (
            <div className="chart-note muted">Waiting for the price of {u.symbol}…</div>
          )}
        </div>
        {base && <ScenarioTable base={base} w={w} stale={stale.any} />}
      </div>
      <DeskMarginLine legs={s.legs} ltps={prices.ltp} stale={stale.anyLeg} />
    </div>
  );
}

function WhatIfBar({ s, base, view, w, stale }: { s: PaneStrategy; base: DeskBase | undefined; view: DeskView | undefined; w: DeskWhatIf; stale: DeskStale }) {
  const u = s.underlying;
  const spot = base?.spot ?? 0;
  // "live" is the what-if at the live IV and spot: with their prices stale it says so (the IVs are read from the legs' prices).
  return (
    <div className="strategy-bar">
      <span className="sym">{u.symbol}</span>
      <span className="num" data-testid="desk-spot" data-stale={staleAttr(stale.spot)}>{spot > 0 ? formatPrice(spot, u.exchange) : "--"}</span>
      <span className="muted">Expiry {base ? formatDate(base.expiry) : "--"}</span>
      <span className="strategy-whatif" aria-label="What-if">
        <span title="[ and ] move the target date">
          Target <b data-testid="desk-target">{view ? formatDate(istDateKey(view.at)) : "--"}</b> <span className="muted">(T+{w.days})</span>
        </span>
        <span title="{ and } shift every leg's IV by one point">
          IV <b data-testid="desk-iv" data-stale={staleAttr(stale.anyLeg)}>{w.ivShift === 0 ? (stale.anyLeg ? "stale" : "live") : `${w.ivShift > 0 ? "+" : ""}${w.ivShift} pt`}</b>
        </span>
        <span title=", and . move the spot by 0.5 %">
          Spot <b data-testid="desk-spot-shift" data-stale={staleAttr(stale.spot)}>{w.spotSteps === 0 ? (stale.spot ? "stale" : "live") : `${w.spotSteps > 0 ? "+" : ""}${groupIndian(w.spotSteps * SPOT_STEP_PERCENT, 1)} % (${view ? formatPrice(view.spot, u.exchange) : ""})`}</b>
        </span>
      </span>
    </div>
  );
}

const extreme = (v: number | "unlimited" | undefined) => (v === undefined ? "--" : v === "unlimited" ? "Unlimited" : rupees(v));

function Figures({ base, view, stale }: { base: DeskBase | undefined; view: DeskView | undefined; stale: boolean }) {
  const g = view?.greeks;
  const premium = base?.netPremium;
  const items: Array<[string, string, string, string?]> = [
    ["Net premium", premium === undefined ? "--" : `${rupees(Math.abs(premium))} ${premium >= 0 ? "credit" : "debit"}`, "desk-premium"],
    ["Max profit", extreme(base?.extremes.maxProfit), "desk-max-profit"],
    ["Max loss", extreme(base?.extremes.maxLoss), "desk-max-loss", "The lowest P&L at expiry"],
    ["Breakevens", base ? breakevensSaid(base.breakevens, base.extremes) : "--", "desk-breakevens"],
    ["Probability of profit", base ? `${groupIndian(base.probabilityOfProfit * 100, 1)} %` : "--", "desk-pop", "Lognormal at the ATM IV to the first expiry"],
    ["P&L at target", view ? signed(view.pnl) : "--", "desk-pnl", "At the target date's close (15:30 IST, as the scenario grid reads each date; T+0: now), IV and spot of the what-if"],
    ["Delta", g ? groupIndian(g.delta, 2) : "--", "desk-delta"],
    ["Gamma", g ? groupIndian(g.gamma, 4) : "--", "desk-gamma"],
    ["Theta", g ? groupIndian(g.theta, 2) : "--", "desk-theta", "Rupees per calendar day"],
    ["Vega", g ? groupIndian(g.vega, 2) : "--", "desk-vega", "Rupees per volatility point"],
  ];
  return (
    <dl className="strategy-figures">
      {items.map(([label, value, id, title]) => (
        <div key={id} title={title}>
          <dt>{label}</dt>
          <dd className={label === "P&L at target" && view ? (view.pnl > 0 ? "up" : view.pnl < 0 ? "down" : "") : ""} data-testid={id} data-stale={staleAttr(stale)}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The legs' columns that fold when the pane is too narrow, in the order they go, by the rule the
 * order book's and the baskets' grids fold by (fitColumns.ts `data-folds`, the header's sign
 * counting them, "+3 cols", its title naming them): first what a leg's name or the bar already
 * says (expiry, quantity, IV), the entry (typed, the fill, or the live price), then what is said elsewhere
 * once folded (the side, in the lots cell: "S 1", as the chart's markers say it; a leg's result, on
 * a line beneath it), the LTP last. The leg, its lots and its P&L never fold: squeezed past every
 * fold, the instrument wraps in its head, its strike and CE/PE kept together (strategy.css).
 */
const FOLD = { expiry: 1, qty: 2, iv: 3, entry: 4, side: 5, result: 6, ltp: 7 } as const;
const FOLDS = Object.keys(FOLD).length;
const fold = (col: keyof typeof FOLD) => ({ "data-fold": FOLD[col] });
/** Wider than the pane by any pixel: the fit's usual pixel of slack left the fold sign, last in the header, cut at the pane's edge. */
const legsOverflow: Overflows = (grid) => grid.scrollWidth > (grid.parentElement?.clientWidth ?? Infinity);

function LegsTable({ s, priced, entries, prices, base, at, run, sending, stale }: {
  s: PaneStrategy;
  priced: readonly DeskLeg[];
  entries: readonly LegEntry[];
  prices: DeskPrices;
  base: DeskBase | undefined;
  at: number;
  run: DeskRun | undefined;
  /** This page is sending the run's orders now. */
  sending: boolean;
  stale: readonly boolean[];
}) {
  const pane = usePane();
  const fit = useFitColumns<HTMLTableElement>(legsOverflow);
  return (
    <table className="grid fit strategy-legs" aria-label="Strategy legs" ref={fit} data-folds={FOLDS} data-no-chooser="">
      <thead>
        <tr>
          <th>Instrument</th>
          <th {...fold("side")} data-label="Side">
            Side
          </th>
          <th className="num">Lots</th>
          <th className="num" {...fold("qty")} data-label="Qty">
            Qty
          </th>
          <th className="num" {...fold("entry")} data-label="Entry">
            Entry
          </th>
          <th {...fold("expiry")} data-label="Expiry">
            Expiry
          </th>
          <th className="num" {...fold("ltp")} data-label="LTP">
            LTP
          </th>
          <th className="num" {...fold("iv")} data-label="IV %">
            IV %
          </th>
          <th className="num">P&amp;L</th>
          <th {...fold("result")} data-label="Result">
            Result
          </th>
          <FoldSign as="th" />
        </tr>
      </thead>
      <tbody>
        {s.legs.map((l, i) => (
          <LegRow
            key={legRowKey(l)}
            leg={l}
            entry={entries[i] ?? { price: prices.ltp[i], source: "live" }}
            pnl={legPnl(priced[i] ?? l, prices.ltp[i])}
            ltp={prices.ltp[i]}
            iv={base?.ivs[i]}
            stale={stale[i] === true}
            selected={i === at}
            // A leg's own result (by its identity): never another row's, never a leg the run did not place.
            report={run?.results[legIdentity(l)]}
            placing={run?.legs.includes(legIdentity(l)) ? (sending ? "sending" : "unheard") : undefined}
            onPick={() => void runCommand("list.cursor.to", { key: legRowKey(l), paneId: pane.id })}
          />
        ))}
      </tbody>
    </table>
  );
}

const ENTRY_TITLE: Record<LegEntry["source"], string> = {
  typed: "Typed (e to change; empty for the fill once placed, else the live price)",
  filled: "The fill: the order's average price (e to type another)",
  part: "Part filled: the filled units at the order's average price, the rest at the live price until they fill (e to type a price)",
  held: "Held: the open position's average price, in its own product; placing sends only lots added to it, at the market (lots added are priced at the live price)",
  live: "The live price until the leg is placed and filled (e to type one)",
};

/** Where a held leg's lots are: its product, or each product's lots when positions of two products are the one leg ("1 NRML + 1 INTRADAY"). */
const heldWhere = (h: NonNullable<DeskLeg["held"]>): string => (h.byProduct ? h.byProduct.map((x) => `${x.lots} ${productLabel(x.product)}`).join(" + ") : productLabel(h.product));

/**
 * A leg's entry and where it comes from: a typed price or a fill as a figure that stays, a fill
 * marked "filled" ("50 % filled" for a part); the live price muted (it moves), and dimmed with it
 * when it is stale (a part fill too: the rest is priced at it).
 */
function EntryCell({ leg, entry, dim }: { leg: DeskLeg; entry: LegEntry; dim: ReturnType<typeof staleAttr> }) {
  const { price, source } = entry;
  const mark =
    source === "filled" ? "filled"
    : source === "part" ? `${groupIndian((entry.share ?? 0) * 100, 0)} % filled`
    : source === "held" && leg.held ? `${leg.lots === leg.held.lots ? "held" : `${leg.held.lots} held`} · ${heldWhere(leg.held)}`
    : undefined;
  return (
    <td className="num" {...fold("entry")} data-field="entry" data-entry={source} data-stale={source === "live" || source === "part" ? dim : undefined} title={ENTRY_TITLE[source]}>
      {mark && <span className="entry-mark">{mark}</span>}
      {price !== undefined && (price > 0 || source === "typed") ? (
        <span className={source === "live" ? "muted" : undefined} data-entry-price="">
          {/* A typed price is what a LIMIT sends: shown as sent, every decimal (placement.ts priceAsSent). */}
          {source === "typed" ? priceAsSent(price, leg.exchange) : formatPrice(price, leg.exchange)}
        </span>
      ) : (
        "--"
      )}
    </td>
  );
}

/** The number of the legs grid's columns (and the fold sign's), for the line beneath a leg that spans them. */
const LEG_COLUMNS = 11;

function LegRow({ leg, entry, pnl, ltp, iv, stale, selected, report, placing, onPick }: {
  leg: DeskLeg;
  entry: LegEntry;
  pnl: number;
  ltp: number | undefined;
  iv: number | undefined;
  stale: boolean;
  selected: boolean;
  report: LegReport | undefined;
  placing: "sending" | "unheard" | undefined;
  onPick: () => void;
}) {
  const result = legResultText(report, placing);
  const outcome = report ? (report.placed ? "placed" : "refused") : undefined;
  // The leg's live price and what is read from it (its IV, its P&L) dim when that price is stale; a typed entry does not.
  const dim = staleAttr(stale);
  return (
    <>
      <tr className={selected ? "row-cursor" : undefined} aria-selected={selected} data-leg={leg.symbol} data-side={leg.side} onClick={onPick}>
        <td data-field="instrument">
          <FitSymbol symbol={leg.symbol} />
        </td>
        <td className={leg.side === "BUY" ? "side-buy" : "side-sell"} {...fold("side")}>
          {leg.side}
        </td>
        <td className="num" data-field="lots">
          {leg.lots}
        </td>
        <td className="num" {...fold("qty")} data-field="qty">
          {groupIndian(legQuantity(leg), 0)}
        </td>
        <EntryCell leg={leg} entry={entry} dim={dim} />
        <td {...fold("expiry")}>{leg.expiry ? formatDate(leg.expiry) : "--"}</td>
        <td className="num" {...fold("ltp")} data-field="ltp" data-stale={dim}>
          {ltp ? formatPrice(ltp, leg.exchange) : "--"}
        </td>
        <td className="num" {...fold("iv")} data-field="iv" data-stale={dim}>
          {iv === undefined || leg.optionType === "FUT" || leg.optionType === "EQ" ? "--" : groupIndian(iv * 100, 2)}
        </td>
        <td className={`num ${pnl > 0 ? "up" : pnl < 0 ? "down" : ""}`} data-field="pnl" data-stale={dim}>
          {groupIndian(pnl, 2)}
        </td>
        <td className="leg-result" {...fold("result")} data-report={outcome}>
          {result}
        </td>
      </tr>
      {/* Where the Result column is folded (the narrowest fit), the result goes on a line of its own beneath its leg (strategy.css):
          a refusal is why the leg was not placed, and the trader must still read it. */}
      {result !== "" && (
        <tr className="leg-result-line" data-report-line={outcome} onClick={onPick}>
          <td colSpan={LEG_COLUMNS}>
            <span className="muted">Result </span>
            <span data-report-text="">{result}</span>
          </td>
        </tr>
      )}
    </>
  );
}
