import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo } from "react";
import { legRowKey } from "../../commands/defs/strategy";
import { holdsSelection } from "../../commands/listCursor";
import { runCommand } from "../../commands/run";
import { formatDate, formatPrice, groupIndian } from "../../core/format";
import type { LegReport } from "../../core/rules/basketRun";
import { deskBase, deskView, legPnl, type DeskBase, type DeskPrices, type DeskView } from "../../core/strategy/desk";
import { legQuantity, readPaneStrategy, type DeskLeg, type PaneStrategy } from "../../core/strategy/legs";
import { legIdentity } from "../../core/strategy/placement";
import { NO_WHAT_IF, SPOT_STEP_PERCENT, type DeskWhatIf } from "../../core/strategy/whatIf";
import { istDateKey } from "../../core/time";
import { instrumentTopics } from "../../core/topics";
import { stampNow } from "../../data/stores/brokerClock";
import { theme$ } from "../../data/stores/settings";
import { deskRuns$, deskWhatIf$, type DeskRun } from "../../data/stores/strategy";
import { liveQuote } from "../../feed/session";
import { useFitColumns } from "../layout/fitColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTopics } from "../layout/pane";
import { useGroupInstrument } from "../layout/link";
import { strategyFollow } from "../../core/workspace/follow";
import { EmptyState } from "../views/EmptyState";
import type { ViewProps } from "../views/types";
import { PayoffChart } from "./lazy";
import { DeskMarginLine, ScenarioTable } from "./StrategyParts";
import "./strategy.css";

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
  const s = useMemo(() => readPaneStrategy(pane.state.strategy), [pane.state.strategy]);
  // Issue 32: linked to a group, the pane's underlying is the group's while it has no legs (core/workspace/follow.ts).
  const follow = strategyFollow({ ...(s ? { underlying: s.underlying.symbol } : {}), legs: s?.legs.length ?? 0 }, useGroupInstrument());
  if (!s || s.legs.length === 0) {
    const u = follow.kind === "retarget" ? follow.underlying : s?.underlying.symbol;
    return (
      <EmptyState title={u ? `No legs in the ${u} strategy` : "No legs in this strategy"}>
        Open an option chain (<code>chain {u ?? "NIFTY"}</code> in the palette, <kbd>Ctrl+K</kbd>) and press <kbd>a</kbd> on a contract to buy it, <kbd>Shift+A</kbd> to sell it.
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

function Desk({ s, groupLine }: { s: PaneStrategy; groupLine: string | undefined }) {
  const pane = usePane();
  const u = s.underlying;
  const topics = useMemo(
    () => [...instrumentTopics(u.exchange, u.token, { isIndex: u.isIndex, isDerivative: false }), ...s.legs.flatMap((l) => instrumentTopics(l.exchange, l.token, { isIndex: false, isDerivative: l.optionType !== "EQ" }))],
    [u, s.legs],
  );
  usePaneTopics("optionWindow", topics);
  const prices = useDeskPrices(s);
  const w = useSelector(() => deskWhatIf$[pane.id]!.get()) ?? NO_WHAT_IF;
  const run = useSelector(() => deskRuns$[pane.id]!.get());
  const theme = useSelector(() => theme$.get());
  // The minute is enough for the clock: the T+0 line moves with the spot and the keys, not with seconds.
  const minute = Math.floor(stampNow() / 60_000);
  const base = useMemo(() => (prices.spot > 0 ? deskBase(s.legs, prices, new Date(stampNow())) : undefined), [s.legs, prices, minute]); // eslint-disable-line react-hooks/exhaustive-deps
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
      <WhatIfBar s={s} base={base} view={view} w={w} />
      <Figures base={base} view={view} />
      <LegsTable s={s} prices={prices} base={base} at={at} run={run} />
      <div className="strategy-lower">
        <div className="strategy-chart chart">
          {base && view ? (
            <PayoffChart spots={view.curves.spots} expiry={view.curves.expiry} today={view.curves.today} spot={view.spot} breakevens={base.breakevens} theme={theme} todayLabel={`T+${w.days}`} />
          ) : (
            <div className="chart-note muted">Waiting for the price of {u.symbol}…</div>
          )}
        </div>
        {base && <ScenarioTable base={base} w={w} />}
      </div>
      <DeskMarginLine legs={s.legs} />
    </div>
  );
}

function WhatIfBar({ s, base, view, w }: { s: PaneStrategy; base: DeskBase | undefined; view: DeskView | undefined; w: DeskWhatIf }) {
  const u = s.underlying;
  const spot = base?.spot ?? 0;
  return (
    <div className="strategy-bar">
      <span className="sym">{u.symbol}</span>
      <span className="num" data-testid="desk-spot">{spot > 0 ? formatPrice(spot, u.exchange) : "--"}</span>
      <span className="muted">Expiry {base ? formatDate(base.expiry) : "--"}</span>
      <span className="strategy-whatif" aria-label="What-if">
        <span title="[ and ] move the target date">
          Target <b data-testid="desk-target">{view ? formatDate(istDateKey(view.at)) : "--"}</b> <span className="muted">(T+{w.days})</span>
        </span>
        <span title="{ and } shift every leg's IV by one point">
          IV <b data-testid="desk-iv">{w.ivShift === 0 ? "live" : `${w.ivShift > 0 ? "+" : ""}${w.ivShift} pt`}</b>
        </span>
        <span title=", and . move the spot by 0.5 %">
          Spot <b data-testid="desk-spot-shift">{w.spotSteps === 0 ? "live" : `${w.spotSteps > 0 ? "+" : ""}${groupIndian(w.spotSteps * SPOT_STEP_PERCENT, 1)} % (${view ? formatPrice(view.spot, u.exchange) : ""})`}</b>
        </span>
      </span>
    </div>
  );
}

const extreme = (v: number | "unlimited" | undefined) => (v === undefined ? "--" : v === "unlimited" ? "Unlimited" : rupees(v));

function Figures({ base, view }: { base: DeskBase | undefined; view: DeskView | undefined }) {
  const g = view?.greeks;
  const premium = base?.netPremium;
  const items: Array<[string, string, string, string?]> = [
    ["Net premium", premium === undefined ? "--" : `${rupees(Math.abs(premium))} ${premium >= 0 ? "credit" : "debit"}`, "desk-premium"],
    ["Max profit", extreme(base?.extremes.maxProfit), "desk-max-profit"],
    ["Max loss", extreme(base?.extremes.maxLoss), "desk-max-loss", "The lowest P&L at expiry"],
    ["Breakevens", base ? (base.breakevens.length ? base.breakevens.map((b) => groupIndian(b, 2)).join(", ") : "none") : "--", "desk-breakevens"],
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
          <dd className={label === "P&L at target" && view ? (view.pnl > 0 ? "up" : view.pnl < 0 ? "down" : "") : ""} data-testid={id}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function LegsTable({ s, prices, base, at, run }: { s: PaneStrategy; prices: DeskPrices; base: DeskBase | undefined; at: number; run: DeskRun | undefined }) {
  const pane = usePane();
  // A narrow pane hides the columns a leg's name or the bar already says first (expiry, quantity, IV),
  // never the leg, its side, lots or P&L (fitColumns.ts, by priority; the rest scrolls sideways). At
  // the narrowest the side goes into the lots cell ("S 1", as the chart's markers say it), which
  // keeps P&L inside a quarter-width pane (`strategy NIFTY straddle ATM` beside the chain).
  const fit = useFitColumns<HTMLTableElement>();
  return (
    <table className="grid fit strategy-legs" aria-label="Strategy legs" ref={fit}>
      <thead>
        <tr>
          <th>Instrument</th>
          <th data-priority="2">Side</th>
          <th className="num">Lots</th>
          <th className="num" data-priority="3">Qty</th>
          <th className="num" data-priority="2">Entry</th>
          <th data-priority="4">Expiry</th>
          <th className="num" data-priority="2">LTP</th>
          <th className="num" data-priority="3">IV %</th>
          <th className="num">P&amp;L</th>
          <th data-priority="2">Result</th>
        </tr>
      </thead>
      <tbody>
        {s.legs.map((l, i) => (
          <LegRow
            key={legRowKey(l)}
            leg={l}
            ltp={prices.ltp[i]}
            iv={base?.ivs[i]}
            selected={i === at}
            // A leg's own result (by its identity): never another row's, never a leg the run did not place.
            report={run?.results[legIdentity(l)]}
            placing={run?.placing === true && run.legs.includes(legIdentity(l))}
            onPick={() => void runCommand("list.cursor.to", { key: legRowKey(l), paneId: pane.id })}
          />
        ))}
      </tbody>
    </table>
  );
}

/** What the last run did with a leg: "Placed 2612…", the broker's refusal with its code, "Placing…" on its way, or nothing. */
const resultText = (report: LegReport | undefined, placing: boolean): string =>
  report ? (report.placed ? `Placed ${report.orderNo}` : `${report.code ? `${report.code} ` : ""}${report.message}`) : placing ? "Placing…" : "";

/** The number of the legs grid's columns, for the line beneath a leg that spans them. */
const LEG_COLUMNS = 10;

function LegRow({ leg, ltp, iv, selected, report, placing, onPick }: { leg: DeskLeg; ltp: number | undefined; iv: number | undefined; selected: boolean; report: LegReport | undefined; placing: boolean; onPick: () => void }) {
  const pnl = legPnl(leg, ltp);
  const result = resultText(report, placing);
  const outcome = report ? (report.placed ? "placed" : "refused") : undefined;
  return (
    <>
      <tr className={selected ? "row-cursor" : undefined} aria-selected={selected} data-leg={leg.symbol} data-side={leg.side} onClick={onPick}>
        <td>{leg.symbol}</td>
        <td className={leg.side === "BUY" ? "side-buy" : "side-sell"} data-priority="2">{leg.side}</td>
        <td className="num" data-field="lots">{leg.lots}</td>
        <td className="num" data-priority="3">{groupIndian(legQuantity(leg), 0)}</td>
        <td className="num" data-priority="2" data-field="entry" title={leg.entry === undefined ? "The live price (e to type one)" : "Typed (e to change; empty for the live price)"}>
          {leg.entry !== undefined ? formatPrice(leg.entry, leg.exchange) : ltp ? <span className="muted">{formatPrice(ltp, leg.exchange)}</span> : "--"}
        </td>
        <td data-priority="4">{leg.expiry ? formatDate(leg.expiry) : "--"}</td>
        <td className="num" data-priority="2" data-field="ltp">{ltp ? formatPrice(ltp, leg.exchange) : "--"}</td>
        <td className="num" data-priority="3">{iv === undefined || leg.optionType === "FUT" || leg.optionType === "EQ" ? "--" : groupIndian(iv * 100, 2)}</td>
        <td className={`num ${pnl > 0 ? "up" : pnl < 0 ? "down" : ""}`}>{groupIndian(pnl, 2)}</td>
        <td className="leg-result" data-priority="2" data-report={outcome}>
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
