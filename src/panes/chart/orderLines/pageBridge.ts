import type { ChartLine } from "../../../core/charts/orderLines/lines";
import type { SendLineMove } from "./pageKeys";

/**
 * How the charts host's full chart page moves an order line (issue 34). The page holds the chart
 * cookie and no session token (server/charts/auth.ts), and the cookie only reads; a modify is the
 * app's to send. So the page asks the app's window it was opened from (the pane that frames it)
 * with postMessage, to this origin only, and the app sends the modify on its own session, with the
 * same code as a chart pane's Enter (commands/orderLineMove.ts); then it answers, and the page
 * reads its lines again. Nothing travels in an address; the token never reaches the page.
 */
const ASK = "tape.chartPage.modify";
const DONE = "tape.chartPage.modified";

/** The page's answer waits this long for an app that went away; then its lines are read again. */
const GIVE_UP_MS = 20_000;

export interface MovedLineAsk {
  type: typeof ASK;
  id: string;
  chart: { tradingSymbol: string; tickSize: number };
  line: ChartLine;
  price: number;
}

/** The app's window this page can ask: the frame's parent, or the window that opened it; none when opened on its own. */
export function appWindowOf(w: Window): Window | undefined {
  if (w.parent !== w) return w.parent;
  return w.opener instanceof Object ? (w.opener as Window) : undefined;
}

let asked = 0;

/** The page's side: a move sent by asking `app` (same origin only), settled by its answer. */
export function askAppToModify(page: Window, app: Window, chart: MovedLineAsk["chart"]): SendLineMove {
  const origin = page.location.origin;
  return (move) =>
    new Promise<void>((resolve) => {
      const id = `${Date.now()}-${++asked}`;
      const done = () => {
        page.removeEventListener("message", onMessage);
        page.clearTimeout(timer);
        resolve();
      };
      const onMessage = (e: MessageEvent) => {
        const d = e.data as { type?: unknown; id?: unknown } | null;
        if (e.source === app && e.origin === origin && d?.type === DONE && d.id === id) done();
      };
      const timer = page.setTimeout(done, GIVE_UP_MS);
      page.addEventListener("message", onMessage);
      const ask: MovedLineAsk = { type: ASK, id, chart, line: move.line, price: move.price };
      app.postMessage(ask, origin);
    });
}

function isAsk(d: unknown): d is MovedLineAsk {
  const a = d as Partial<MovedLineAsk> | null;
  const t = a?.line?.target;
  return (
    a?.type === ASK &&
    typeof a.id === "string" &&
    typeof a.price === "number" &&
    Number.isFinite(a.price) &&
    a.price > 0 &&
    typeof a.chart?.tradingSymbol === "string" &&
    typeof a.chart.tickSize === "number" &&
    ((t?.kind === "order" && typeof t.orderNo === "string") || (t?.kind === "gtt" && typeof t.gttId === "string"))
  );
}

/**
 * The app's side: answers the modifies asked by the chart page in `frame` (and only by it, from
 * this origin), sending each with `send` on the app's session. Answers the removal.
 */
export function answerChartPage(app: Window, frame: () => Window | null | undefined, send: (chart: MovedLineAsk["chart"], move: { line: ChartLine; price: number }) => Promise<void>): () => void {
  const onMessage = (e: MessageEvent) => {
    const from = frame();
    if (!from || e.source !== from || e.origin !== app.location.origin || !isAsk(e.data)) return;
    const { id, chart, line, price } = e.data;
    void send(chart, { line, price }).finally(() => from.postMessage({ type: DONE, id }, app.location.origin));
  };
  app.addEventListener("message", onMessage);
  return () => app.removeEventListener("message", onMessage);
}

/**
 * The keys the page does not take are the app's (the palette, the theme, the pane keys): the page
 * framed in a pane has the keyboard focus, so a key it leaves alone is handed to the app's
 * document, as if pressed there. Read after every listener of the page has had it (a chart key or
 * a line key has been prevented by then). Answers the removal.
 */
export function forwardUntakenKeys(page: Window, app: Window): () => void {
  const onKey = (e: KeyboardEvent) => {
    page.setTimeout(() => {
      if (e.defaultPrevented) return;
      const { key, code, altKey, ctrlKey, shiftKey, metaKey, repeat } = e;
      app.document.body.dispatchEvent(new KeyboardEvent("keydown", { key, code, altKey, ctrlKey, shiftKey, metaKey, repeat, bubbles: true, cancelable: true }));
    }, 0);
  };
  page.addEventListener("keydown", onKey);
  return () => page.removeEventListener("keydown", onKey);
}
