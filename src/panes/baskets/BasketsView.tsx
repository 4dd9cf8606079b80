import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import type { Selection } from "../../commands/types";
import { formatPrice, productLabel } from "../../core/format";
import { basketRowKey, legRowKey, type Basket, type BasketLeg } from "../../core/rules/basket";
import { reportOf, runSummary } from "../../core/rules/basketLastRun";
import { legReportText, type LegReport } from "../../core/rules/basketRun";
import { mwTopic } from "../../core/topics";
import { baskets$, loadBaskets, setCurrentBasket } from "../../data/stores/baskets";
import { liveQuote } from "../../feed/session";
import { useFitColumns } from "../layout/fitColumns";
import { FoldSign } from "../layout/gridColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTopics } from "../layout/pane";
import { EmptyState } from "../views/EmptyState";
import { usePriceMark } from "../views/priceStale";
import type { ViewProps } from "../views/types";
import "./baskets.css";
import { KeyHint } from "../views/KeyHint";

/**
 * The columns that fold when the pane is too narrow, in the order they go, as the order book's and the GTT list's do
 * (fitColumns.ts, `data-folds`): first what the basket's own row sums up (scrips, margin) and the live price, then, as a
 * last resort below ~460 px, what a leg sends, its side last; and the header's sign counts them ("+4 cols", its title
 * naming them). The leg and the last run's words never fold: a narrow pane wraps them instead (baskets.css).
 */
const FOLD = { scrips: 1, margin: 2, ltp: 3, product: 4, price: 5, qty: 6, side: 7 } as const;
const FOLDS = Object.keys(FOLD).length;
const fold = (col: keyof typeof FOLD) => ({ "data-fold": FOLD[col] });

type Row = { kind: "basket"; basket: Basket } | { kind: "leg"; basket: Basket; leg: BasketLeg; report: LegReport | "sent" | undefined };

/** A row's identity: its basket, or the basket and the leg's scrip id. */
const rowKey = (r: Row): string => (r.kind === "basket" ? basketRowKey(r.basket.basketId) : legRowKey(r.basket.basketId, r.leg.scripId));
const rowSelection = (r: Row): Selection =>
  r.kind === "basket" ? { kind: "basket", basketId: r.basket.basketId } : { kind: "basket", basketId: r.basket.basketId, scripId: r.leg.scripId };
const rowLabel = (r: Row): string => (r.kind === "basket" ? `basket ${r.basket.basketName}` : `${r.leg.tradingSymbol ?? r.leg.token} in basket ${r.basket.basketName}`);

/**
 * Baskets (issue 13), a pane-only view: each basket (name, scrips, required margin) followed by
 * its legs with their live last price and the result of the last firing. One row cursor runs
 * over both, so `f` fires, `r` renames and Shift+Delete deletes the basket of the row under it,
 * and Delete removes the leg under it. The basket under the cursor is the one `a` adds to. The
 * cursor's row is drawn as every list draws it (`row-cursor`): marked by aria-selected alone it was
 * not seen, and Delete removed a leg the trader could not see was under the cursor (FINDINGS-27 2).
 */
export function BasketsView(_props: ViewProps) {
  useEffect(() => void loadBaskets(), []);
  const state = useSelector(() => baskets$.get());
  const rows: Row[] = state.baskets.flatMap((basket) => {
    const legs = state.legs[String(basket.basketId)] ?? [];
    // The last run as the broker keeps it beside the basket: a reload or another window shows it too.
    const run = state.runs[String(basket.basketId)];
    return [{ kind: "basket", basket } as Row, ...legs.map((leg): Row => ({ kind: "leg", basket, leg, report: reportOf(run, leg.scripId) }))];
  });
  // Leg prices are market-watch topics, owned by this pane.
  usePaneTopics("marketWatch", rows.flatMap((r) => (r.kind === "leg" ? [mwTopic(r.leg.exchange, r.leg.token)] : [])));
  const at = useListCursor({ name: "Baskets", rows, keyOf: rowKey, selectionOf: rowSelection, labelOf: rowLabel });
  const paneId = usePane().id;
  const fit = useFitColumns<HTMLTableElement>();
  const cursorBasket = rows[at]?.basket.basketId;
  useEffect(() => {
    if (cursorBasket !== undefined) setCurrentBasket(cursorBasket);
  }, [cursorBasket]);

  if (!state.loaded) return <EmptyState title="Loading baskets…" />;
  if (rows.length === 0) {
    return (
      <EmptyState title="No baskets">
        Type <code>basket new Morning</code> in the palette<KeyHint command="palette.open">{(k) => <> ({k})</>}</KeyHint>, then <code>basket add Morning INFY 10 buy @ 1500</code> <KeyHint command="basket.add">{(k) => <>or press {k} on an instrument</>}</KeyHint>.
      </EmptyState>
    );
  }
  return (
    <div className="page" data-testid="baskets">
      <table className="grid fit baskets-grid" aria-label="Baskets" ref={fit} data-folds={FOLDS} data-no-chooser="">
        <thead>
          <tr>
            <th>Basket / leg</th>
            <th {...fold("side")} data-label="Side">Side</th>
            <th className="num" {...fold("qty")} data-label="Qty">Qty</th>
            {/* A leg's price and product are what it will send: they fold only after the basket's sums and the LTP. */}
            <th className="num" {...fold("price")} data-label="Price">Price</th>
            <th className="num" {...fold("ltp")} data-label="LTP">LTP</th>
            <th {...fold("product")} data-label="Product">Product</th>
            <th className="num" {...fold("scrips")} data-label="Scrips">Scrips</th>
            <th className="num" {...fold("margin")} data-label="Required margin">Required margin</th>
            <th className="basket-run">Last run</th>
            <FoldSign as="th" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const onPick = () => void runCommand("list.cursor.to", { key: rowKey(r), paneId });
            return r.kind === "basket" ? (
              <tr key={`b${r.basket.basketId}`} className={`basket-row${i === at ? " row-cursor" : ""}`} aria-selected={i === at} data-basket={r.basket.basketName} onClick={onPick}>
                {/* A cell for each column, not one spanning three: a folded Side or Qty would have moved the rest of the row. */}
                <td className="basket-name">
                  <strong>{r.basket.basketName}</strong>
                </td>
                <td {...fold("side")} />
                <td {...fold("qty")} />
                <td {...fold("price")} />
                <td {...fold("ltp")} />
                <td {...fold("product")} />
                <td className="num" {...fold("scrips")}>
                  {r.basket.scripCount}
                </td>
                <MarginCell margin={state.margin[String(r.basket.basketId)]} why={state.marginWhy[String(r.basket.basketId)]} />
                <td className="basket-run">{runSummary(state.runs[String(r.basket.basketId)])}</td>
              </tr>
            ) : (
              <LegRow key={`l${r.leg.scripId}`} leg={r.leg} report={r.report} selected={i === at} onPick={onPick} />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The basket's margin (rules/basketMargin.ts); not known, a dash with why (the leg the broker refused) on hover and for readers. */
function MarginCell({ margin, why }: { margin: number | undefined; why: string | undefined }) {
  return (
    <td className="num" {...fold("margin")} data-field="margin" title={why}>
      {margin === undefined ? <span aria-label={why ? `Margin not known: ${why}` : undefined}>—</span> : formatPrice(margin, "NSEEQ")}
    </td>
  );
}

/**
 * The Price cell says the leg's type where it is not a plain limit: an SL leg showed "2,700.00" alone,
 * a limit to the eye, while a stop triggering at 2,705 was what it places. The toasts' words.
 */
function legPrice(leg: BasketLeg): string {
  const price = leg.orderType === "MARKET" || leg.orderType === "SLM" ? "MKT" : formatPrice(leg.price, leg.exchange);
  return leg.orderType === "SL" || leg.orderType === "SLM" ? `trigger ${formatPrice(leg.trigger, leg.exchange)} @ ${price}` : price;
}

function LegRow({ leg, report, selected, onPick }: { leg: BasketLeg; report: LegReport | "sent" | undefined; selected: boolean; onPick: () => void }) {
  const ltp = useSelector(() => liveQuote(leg.exchange, leg.token).LastRate.get());
  const mark = usePriceMark(leg.exchange, leg.token, leg.tradingSymbol ?? String(leg.token));
  return (
    <tr className={`basket-leg${selected ? " row-cursor" : ""}`} aria-selected={selected} data-leg={leg.tradingSymbol} onClick={onPick}>
      <td className="basket-leg-name">{leg.tradingSymbol ?? leg.token} <span className="muted">{leg.exchange}</span></td>
      <td {...fold("side")}>{leg.transType}</td>
      <td className="num" {...fold("qty")}>
        {leg.qty}
      </td>
      <td className="num" {...fold("price")} data-field="price">
        {legPrice(leg)}
      </td>
      <td className="num" {...fold("ltp")} data-field="ltp" data-stale={mark.stale} title={mark.title}>
        {ltp ? formatPrice(ltp, leg.exchange) : "—"}
      </td>
      {/* As the order window and the books name it: NORMAL reads NRML. */}
      <td {...fold("product")} data-field="product">
        {productLabel(leg.product)}
      </td>
      <td {...fold("scrips")} />
      <td {...fold("margin")} />
      <td className="basket-run" data-report={report === undefined ? undefined : report === "sent" ? "sent" : report.placed ? "placed" : "refused"}>
        {report === undefined ? "" : legReportText(report)}
      </td>
    </tr>
  );
}
