import { describeTrail, trailOf } from "../../core/rules/trail";
import { useSelector } from "@legendapp/state/react";
import { useFitColumns } from "../layout/fitColumns";
import { useEffect, useRef } from "react";
import { runCommand } from "../../commands/run";
import { formatDate, formatDateTime, formatPercent, formatPrice, orderTypeLabel, productLabel } from "../../core/format";
import { GridCellsOf, GridHead, useGridColumns, type GridCells, type ShownGrid } from "../layout/gridColumns";
import { GTT_STATUS_LABELS, gttDistancePercent, gttIsActive, gttOrderView, gttStatusOf } from "../../core/rules/gtt";
import { gttEntryFired } from "../../core/rules/gttEvent";
import { istDateKey } from "../../core/time";
import { gtt$, gttSymbol, instrumentKey, refreshGtt } from "../../data/stores/gtt";
import { fromExchPair } from "../../core/types/exchange";
import type { GttEntry } from "../../core/types/gtt";
import { liveQuote } from "../../feed/session";
import { usePriceMark } from "../views/priceStale";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTopics } from "../layout/pane";
import { mwTopic } from "../../core/topics";
import { EmptyState } from "../views/EmptyState";
import { KeyHint, useCommandKey } from "../views/KeyHint";
import { RowButton } from "../views/RowButton";
import "./gtt.css";


/**
 * The GTT tab's counts; fetches the list once if nothing has yet. `listed` is the tab bar's count: the
 * rows the tab lists (waiting ones and those ended today), as every other tab counts its rows; it
 * counted the waiting ones only and read "GTT 0" over a list of rows. `waiting` is what "Cancel all
 * GTTs" would cancel.
 */
export function useGttCount(): { listed: number; waiting: number } | undefined {
  const loaded = useSelector(() => gtt$.loaded.get());
  const listed = useSelector(() => gtt$.entries.get().length);
  const waiting = useSelector(() => gtt$.entries.get().filter(gttIsActive).length);
  useEffect(() => {
    if (!gtt$.loaded.peek()) void refreshGtt();
  }, []);
  return loaded ? { listed, waiting } : undefined;
}

/**
 * The GTT tab (3) of the Orders pane: every active GTT, then those ended today, with the entry's
 * derived fields, its status, when it was placed and when it lapses (IST, the broker's clock), its
 * live last price and the distance to the nearest trigger. j/k or the arrows move the row cursor,
 * `m` modifies and Delete cancels the GTT under it (commands gtt.modify and gtt.cancel), `i` opens its info (gtt.info),
 * Shift+Delete cancels every active GTT (gtt.cancelAll).
 */
export function GttList() {
  const fit = useFitColumns<HTMLTableElement>();
  const shown = useGridColumns("gtt");
  const entries = useSelector(() => gtt$.entries.get());
  const loaded = useSelector(() => gtt$.loaded.get());
  const error = useSelector(() => gtt$.error.get());

  // "The GTT list is refreshed 500 ms after an order update shown on /orders when the GTT tab (3)
  // is active": that signal is heard by the store (src/data/stores/gtt.ts); the tab reloads on opening.
  useEffect(() => {
    void refreshGtt();
  }, []);
  // Live prices: the list's instruments are the feed's "gtt" source, owned by this pane.
  usePaneTopics(
    "gtt",
    entries.flatMap((e) => {
      const ex = fromExchPair(e.Exch, e.ExchType);
      return ex ? [mwTopic(ex, Number(e.ScripCode))] : [];
    }),
  );

  const at = useListCursor({ name: "GTT orders", rows: entries, keyOf: (e) => e.GTTID, selectionOf: (e) => ({ kind: "gtt", gttId: e.GTTID }), labelOf: gttLabel }, loaded);
  const paneId = usePane().id;
  const gttKey = useCommandKey("gtt.open");

  if (!loaded) return <EmptyState title="Loading GTT orders…" />;
  if (entries.length === 0) {
    return (
      <EmptyState title={error ? `GTT orders could not be loaded: ${error}` : "No GTT orders"}>
        {gttKey === undefined ? "Type " : <>Press <kbd>{gttKey}</kbd> on an instrument, or type </>}
        <code>gtt buy INFY 10 trigger 1400</code> in the palette<KeyHint command="palette.open">{(k) => <> ({k})</>}</KeyHint>.
      </EmptyState>
    );
  }
  return (
    <div className="gtt-list">
      {error && (
        <div className="gtt-error" role="alert">
          {error}
        </div>
      )}
      <table className="grid fit" aria-label="GTT orders" ref={fit} {...shown.gridAt}>
        <GridHead shown={shown} cells={GTT_CELLS} />
        <tbody>
          {entries.map((e, i) => (
            <GttRow key={e.GTTID} entry={e} shown={shown} selected={i === at} onPick={() => void runCommand("list.cursor.to", { key: e.GTTID, paneId })} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const gttLabel = (e: GttEntry): string => `${gttSymbol(e)} GTT ${e.GTTID}`;

/** What a GTT row's cells read: the entry, its derived order view and its contract, at the live price. */
interface GttCellData {
  entry: GttEntry;
  view: NonNullable<ReturnType<typeof gttOrderView>>;
  symbol: string | undefined;
  known: boolean;
  /** The LTP's mark (priceStale.ts usePriceMark): dimmed when stale or at its reference price in a replay, titled why. */
  mark: ReturnType<typeof usePriceMark>;
  tickDir: string;
}

/** The GTT list's cells by column (GRID_COLUMNS.gtt). Price1/Price2 are the triggers, EntryPrice1/EntryPrice2 the limit prices (src/core/types/gtt.ts). */
const GTT_CELLS: GridCells<"gtt", GttCellData> = {
  instrument: {
    cell: (d, at) => {
      // Issue 33: a trailing GTT says so beside its instrument, as a trailing order does in the order book.
      const trail = trailOf({ trailValue: d.entry.TrailValue, trailUnit: d.entry.TrailUnit, trailJump: d.entry.TrailJump });
      return (
        <td {...at}>
          {d.symbol ?? d.view.token}
          {trail && (
            <span className="muted gtt-trail" data-field="trail">
              {" "}
              {describeTrail(trail)}
            </span>
          )}
        </td>
      );
    },
  },
  // FINDINGS-26 s4: a fired GTT says under its status which leg fired and the order it placed, the whole of it (as its toast said it) on hover.
  status: {
    cell: (d, at) => {
      const fired = gttEntryFired(d.entry, d.view.exchange, d.symbol ?? d.view.token);
      return (
        <td data-field="status" title={fired?.words} {...at}>
          {GTT_STATUS_LABELS[gttStatusOf(d.entry)]}
          {fired && (
            <span className="muted gtt-fired" data-field="fired">
              {fired.short}
            </span>
          )}
        </td>
      );
    },
  },
  exchange: { cell: (d, at) => <td className="muted" {...at}>{d.view.exchange}</td> },
  orderType: { cell: (d, at) => <td {...at}>{orderTypeLabel(d.view.orderType)}</td> },
  side: { cell: (d, at) => <td className={d.view.transactionType === "BUY" ? "gtt-buy" : "gtt-sell"} {...at}>{d.view.transactionType}</td> },
  qty: { num: true, cell: (d, at) => <td className="num" {...at}>{d.view.quantity}</td> },
  trigger: {
    num: true,
    cell: (d, at) => {
      const p = (n: number) => formatPrice(n, d.view.exchange);
      return (
        <td className="num" data-field="trigger" {...at}>
          {d.entry.TriggerType === "OCO" ? <OcoLegs target={`T ${p(d.entry.Price1)}`} stopLoss={`SL ${p(d.entry.Price2)}`} /> : p(d.entry.Price1)}
        </td>
      );
    },
  },
  price: {
    num: true,
    cell: (d, at) => {
      const p = (n: number) => formatPrice(n, d.view.exchange);
      return <td className="num" {...at}>{d.entry.TriggerType === "OCO" ? <OcoLegs target={p(d.entry.EntryPrice1)} stopLoss={p(d.entry.EntryPrice2)} /> : p(d.entry.EntryPrice1)}</td>;
    },
  },
  ltp: { num: true, cell: (d, at) => <td className={`num gtt-ltp-${d.tickDir}`} data-field="ltp" data-stale={d.mark.stale} title={d.mark.title} {...at}>{d.known ? formatPrice(d.view.ltp, d.view.exchange) : "--"}</td> },
  // A GTT that has triggered, been cancelled or lapsed has nothing left to trigger: no distance (one read 0.41 % with the price through it).
  toTrigger: {
    num: true,
    cell: (d, at) =>
      !gttIsActive(d.entry) ? (
        <td className="num muted" data-field="toTrigger" title="Ended: nothing left to trigger" {...at}>--</td>
      ) : (
        <td className="num" data-field="toTrigger" {...at}>{d.known ? `${formatPercent(gttDistancePercent(d.entry, d.view.ltp))}%` : "--"}</td>
      ),
  },
  product: { cell: (d, at) => <td {...at}>{productLabel(d.view.product)}</td> },
  // Placed and lapsing on the broker's clock, in IST; the GTT waits until it expires.
  created: { cell: (d, at) => <td data-field="created" {...at}>{d.entry.CreatedAt ? formatDateTime(d.entry.CreatedAt) : "--"}</td> },
  expires: { cell: (d, at) => <td data-field="expires" {...at}>{d.entry.ExpiresAt ? formatDate(istDateKey(new Date(d.entry.ExpiresAt))) : "--"}</td> },
  gttId: { cell: (d, at) => <td className="muted" {...at}>{d.entry.GTTID}</td> },
  actions: {
    cell: (d, at) => (
      <td className="gtt-actions row-targets" {...at}>
        {gttIsActive(d.entry) && (
          <>
            <RowButton label="Modify" call={{ commandId: "gtt.modify", args: { gttId: d.entry.GTTID } }} />
            <RowButton label="Cancel GTT" call={{ commandId: "gtt.cancel", args: { gttId: d.entry.GTTID } }} />
          </>
        )}
      </td>
    ),
  },
};

/**
 * An OCO's two legs, the target over the stop-loss, one a line: on one line ("T 1,48,365.00 / SL
 * 1,09,665.00") its cell was the list's widest and, at 1680 px in the Trading layout, folded the
 * Order type away. The " / " between them is for a screen reader and a copy, as the line read.
 */
function OcoLegs({ target, stopLoss }: { target: string; stopLoss: string }) {
  return (
    <>
      <span className="gtt-leg">{target}</span>
      <span className="sr-only"> / </span>
      <span className="gtt-leg">{stopLoss}</span>
    </>
  );
}

function GttRow({ entry, shown, selected, onPick }: { entry: GttEntry; shown: ShownGrid<"gtt">; selected: boolean; onPick: () => void }) {
  const exchange = fromExchPair(entry.Exch, entry.ExchType);
  const inst = useSelector(() => (exchange ? gtt$.instruments[instrumentKey(exchange, entry.ScripCode)]!.get() : undefined));
  // The live last price from the feed, the contract snapshot until the first frame arrives.
  const live = useSelector(() => (exchange ? liveQuote(exchange, Number(entry.ScripCode)).LastRate.get() : 0));
  const ltp = live || (inst?.ltp ?? 0);
  const mark = usePriceMark(exchange ?? undefined, entry.ScripCode, inst?.tradingSymbol ?? String(entry.ScripCode));
  const previous = useRef({ ltp, pltp: ltp });
  if (previous.current.ltp !== ltp) previous.current = { ltp, pltp: previous.current.ltp };
  const view = gttOrderView(entry, { pdc: inst?.pdc ?? 0, ltp, pltp: previous.current.pltp });
  if (!view) return null;
  const tickDir = view.ltp > view.pltp ? "up" : view.ltp < view.pltp ? "down" : "";
  const status = gttStatusOf(entry);
  const data: GttCellData = { entry, view, symbol: inst?.tradingSymbol, known: inst !== undefined, mark, tickDir };
  return (
    <tr className={`gtt-row${selected ? " gtt-selected" : ""}${status === "ACTIVE" ? "" : " row-closed"}`} aria-selected={selected} data-gtt={entry.GTTID} data-status={status} onClick={onPick}>
      <GridCellsOf shown={shown} cells={GTT_CELLS} row={data} />
    </tr>
  );
}
