import type { IChartApi, ISeriesApi } from "lightweight-charts";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { runCommand } from "../../../commands/run";
import type { ChartLine } from "../../../core/charts/orderLines/lines";
import { lineMoveWords } from "../../../core/charts/orderLines/modify";
import { lineMoveProblem } from "../../../core/charts/orderLines/orderMove";
import { TICKS_PER_SHIFT_STEP } from "../../../core/charts/orderLines/move";
import { formatPrice } from "../../../core/format";
import type { Exchange } from "../../../core/types/exchange";
import { placingDrawing } from "../../../data/stores/chartDrawings";
import { registerOrderLines } from "../../../data/stores/chartOrderLines";
import { theme$ } from "../../../data/stores/settings";
import { liveQuote } from "../../../feed/session";
import { OrderLinesController } from "./controller";
import { bindOrderLineKeys, sendSelected, type SendLineMove } from "./pageKeys";
import "./orderLines.css";
import { KeyHint } from "../../views/KeyHint";

export interface OrderLinesOptions {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  tickSize: number;
  lines: readonly ChartLine[];
  /** The chart pane whose keys reach the lines (the app's chart commands). */
  paneId?: string | undefined;
  /**
   * A window with no chart pane (the pop-out chart, the charts host's full page): the lines take
   * their keys from `keys` (orderLines/pageKeys.ts) and a move is sent by `send`. With neither a
   * pane nor this, the lines are drawn, not movable.
   */
  mover?: { keys: Window; send: SendLineMove } | undefined;
  /** The draw mode's pane where it is not `paneId` (the charts host's full page): while it places a drawing, the pointer is the drawing's. */
  drawingPaneId?: string | undefined;
}

/**
 * The order lines of one chart (issue 34): `attach` is handed to LiveChart, which calls it with
 * each chart it draws (and the handing back when that chart goes); `bar` says what is selected
 * and, for a moved line, offers Modify and Put back (the mouse's confirm; the keys' Enter and Esc).
 */
export function useOrderLines(options: OrderLinesOptions) {
  const [controller, setController] = useState<OrderLinesController | undefined>(undefined);
  // Without a pane or a mover nothing could send a move: the lines are drawn, not movable.
  const { paneId, lines: given } = options;
  const movable = paneId !== undefined || options.mover !== undefined;
  const lines = useMemo(() => (movable ? given : given.map(({ target: _target, ...l }) => l)), [movable, given]);
  const o = { ...options, lines };
  const latest = useRef(o);
  latest.current = o;

  const attach = useCallback((api: IChartApi, series: ISeriesApi<"Candlestick">, host: HTMLElement, crosshairAt: () => number | undefined) => {
    const now = latest.current;
    // A drawing being placed on this chart owns the pointer (controller.ts).
    const drawingPaneId = now.drawingPaneId ?? now.paneId;
    const quote = liveQuote(now.exchange, now.token);
    // A move the broker would refuse (off the quote's circuit limits) is said in the bar and not sent (orderMove.ts rule 3).
    const problemOf = (line: ChartLine, price: number) => lineMoveProblem(line, price, { tickSize: now.tickSize, upperCircuit: quote.uc.peek() || 0, lowerCircuit: quote.lc.peek() || 0 });
    const c = new OrderLinesController(api, series, host, now.tickSize, crosshairAt, () => placingDrawing(drawingPaneId), problemOf);
    c.setLines(now.lines);
    const unregister = now.paneId
      ? registerOrderLines(now.paneId, {
          exchange: now.exchange,
          token: now.token,
          tradingSymbol: now.tradingSymbol,
          tickSize: now.tickSize,
          selection: () => c.selection(),
          lines: () => c.lines(),
          act: (a) => c.act(a),
          crosshairPrice: () => c.crosshairPrice(),
          lastPrice: () => quote.LastRate.peek() || 0,
        })
      : now.mover
        ? bindOrderLineKeys(now.mover.keys, c, now.mover.send)
        : () => undefined;
    // The app sets the page's theme a frame after the switch (as LiveChart's own colours wait).
    let frame = 0;
    const offTheme = theme$.onChange(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => c.recolour());
    });
    setController(c);
    return () => {
      cancelAnimationFrame(frame);
      offTheme();
      unregister();
      c.dispose();
      setController((was) => (was === c ? undefined : was));
    };
  }, []);

  useEffect(() => {
    controller?.setLines(o.lines);
  }, [controller, o.lines]);

  // The bar's Modify and Put back: the pane's commands, or the mover's own (the keys' Enter and Esc).
  const { paneId: pane, mover } = o;
  const buttons = useMemo(
    () =>
      pane !== undefined
        ? { modify: () => void runCommand("chart.orders.send", { paneId: pane }), revert: () => void runCommand("chart.orders.revert", { paneId: pane }) }
        : mover && controller
          ? { modify: () => void sendSelected(controller, mover.send), revert: () => void controller.act({ kind: "revert" }) }
          : undefined,
    [pane, mover, controller],
  );
  return { attach, bar: controller ? <OrderLineBar controller={controller} exchange={o.exchange} tickSize={o.tickSize} buttons={buttons} /> : null };
}

function OrderLineBar({ controller, exchange, tickSize, buttons }: { controller: OrderLinesController; exchange: Exchange; tickSize: number; buttons: { modify(): void; revert(): void } | undefined }) {
  const view = useSyncExternalStore(
    useCallback((fn: () => void) => controller.subscribe(fn), [controller]),
    () => controller.snapshot(),
  );
  const { selection: s, line } = view;
  if (!line) return null;
  const problem = s.pending !== null && !s.sending ? controller.moveProblem(line, s.pending) : undefined;
  const price = (p: number) => `₹${formatPrice(p, exchange)}`;
  return (
    <div className="order-line-bar" data-testid="order-line-bar" role="status">
      <b>{line.label}</b>
      {s.sending ? (
        <span>
          {lineMoveWords(line, s.pending ?? line.price, tickSize, exchange)}: modifying…
        </span>
      ) : s.pending !== null ? (
        <>
          {/* Every figure Enter changes, from the rule that builds the modify (FINDINGS-29 s2). */}
          <span>{lineMoveWords(line, s.pending, tickSize, exchange)}</span>
          {problem && <span className="order-line-problem">Enter sends nothing: {problem}</span>}
          {buttons && (
            <>
              <button type="button" className="btn btn-primary" onClick={buttons.modify} disabled={problem !== undefined}>
                Modify <KeyHint command="chart.orders.send" />
              </button>
              <button type="button" className="btn" onClick={buttons.revert}>
                Put the line back <KeyHint command="chart.orders.revert" />
              </button>
            </>
          )}
        </>
      ) : (
        <span className="muted">
          at {price(line.price)} · ↑/↓ one tick, Shift {TICKS_PER_SHIFT_STEP} ticks · Tab next line (after the last, out of the chart) · Esc deselect
        </span>
      )}
    </div>
  );
}
