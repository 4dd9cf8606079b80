import { orderTypeLabel } from "../../format";
import { gttIsActive } from "../../rules/gtt";
import { openOrders } from "../../rules/orderStatus";
import { fromExchPair } from "../../types/exchange";
import type { GttEntry } from "../../types/gtt";
import type { Order } from "../../types/order";
import type { Position } from "../../wire/portfolio";

/**
 * Orders on the chart (issue 34): which price lines a chart of one instrument draws, what each
 * says, and which of them can be moved (and then what a move modifies).
 *
 * The rules:
 * 1. An open order draws one line: a LIMIT order at its price, an SL or SL-M order at its trigger
 *    (what fires it). A MARKET order has no price and draws none.
 * 2. A bracket order's entry, still open, also draws its target and stop (absolute prices on the
 *    entry; moving them modifies the entry's targetPrice / stopLossPrice).
 * 3. An active GTT draws its trigger: a SINGLE one line, an OCO two (target, stop-loss).
 * 4. A position draws its average price (long: the average buy price, short: the average sell).
 * 5. The position's stop and target are orders: a bracket's legs (their main leg is named), or a
 *    regular exit order (the side that closes the position): an SL or SL-M exit is its stop, a
 *    LIMIT exit on the profit side of the average its target. They are labelled so.
 * 6. Every order and GTT line is movable; an average is not (nothing to modify).
 * Labels are words: side, quantity, type, and what the line is (never a field name).
 */

/** What Enter on a moved line modifies: an order's field (modify route), or a GTT leg's trigger (GTT modify). */
export type LineTarget =
  /** `stopLimit`: on an SL order's trigger line, its limit price, which moves with the trigger (orderMove.ts). */
  | { kind: "order"; orderNo: string; field: "price" | "slTriggerPrice" | "targetPrice" | "stopLossPrice"; stopLimit?: number }
  /** `entry`: the GTT as listed when the line was drawn; the bar's words and the modify's terms are read from it (modify.ts gttLineMove), and a move is refused when the broker's GTT is no longer it. */
  | { kind: "gtt"; gttId: string; leg: 1 | 2; entry: GttEntry };

export interface ChartLine {
  /** Stable across refreshes: the order or GTT and which of its prices (never a list position). */
  id: string;
  price: number;
  label: string;
  /** Its colour: a buy's, a sell's, or the average's. */
  tone: "buy" | "sell" | "average";
  /** Undefined: not movable (rule 6). */
  target?: LineTarget;
}

export interface LineSources {
  exchange: string;
  token: number;
  orders: readonly Order[];
  gtts: readonly GttEntry[];
  positions: readonly Pick<Position, "exchange" | "instrumentId" | "netQuantity" | "buyPrice" | "sellPrice" | "product">[];
}

const sideWord = (t: string) => (t === "BUY" ? "Buy" : "Sell");
const toneOf = (t: string): "buy" | "sell" => (t === "BUY" ? "buy" : "sell");
const isStop = (orderType: string) => orderType === "SL" || orderType === "SLM";

export function isMovable(line: ChartLine): boolean {
  return line.target !== undefined;
}

/** Rule 5: what a regular order is to the position, if anything. */
function roleOf(o: Order, net: number, average: number): "stop" | "target" | undefined {
  if (o.mainLegOrderId !== "") return isStop(o.orderType) ? "stop" : "target";
  const closes = (net > 0 && o.transactionType === "SELL") || (net < 0 && o.transactionType === "BUY");
  if (!closes) return undefined;
  if (isStop(o.orderType)) return "stop";
  const profitSide = net > 0 ? o.price > average : o.price < average;
  return o.orderType === "LIMIT" && average > 0 && profitSide ? "target" : undefined;
}

export function chartLines(s: LineSources): ChartLine[] {
  const mine = (exchange: string, id: string) => exchange === s.exchange && Number(id) === s.token;
  const held = s.positions.filter((p) => mine(p.exchange, p.instrumentId) && p.netQuantity !== 0);
  const net = held.reduce((sum, p) => sum + p.netQuantity, 0);
  const lead = held.find((p) => Math.sign(p.netQuantity) === Math.sign(net));
  const average = lead ? (net > 0 ? lead.buyPrice : lead.sellPrice) : 0;
  const lines: ChartLine[] = [];

  for (const o of openOrders(s.orders).filter((x) => mine(x.exchange, x.instrumentId))) {
    const head = `${sideWord(o.transactionType)} ${o.pendingQuantity}`;
    const complexity = o.orderComplexity === "BO" || o.orderComplexity === "CO" ? `${o.orderComplexity} ` : "";
    const role = roleOf(o, net, average);
    const prefix = role === "stop" ? "Stop: " : role === "target" ? "Target: " : "";
    const tone = toneOf(o.transactionType);
    const stop = isStop(o.orderType);
    const at = stop ? o.triggerPrice || o.slTriggerPrice : o.price;
    if (at > 0) {
      lines.push({
        id: `order:${o.orderNo}:${stop ? "trigger" : "price"}`,
        price: at,
        label: `${prefix}${head} ${complexity}${orderTypeLabel(o.orderType)}${stop ? " trigger" : ""}`,
        tone,
        target: { kind: "order", orderNo: o.orderNo, field: stop ? "slTriggerPrice" : "price", ...(o.orderType === "SL" && o.price > 0 ? { stopLimit: o.price } : {}) },
      });
    }
    // Rule 2: a bracket's entry carries its legs until it fills.
    if (o.orderComplexity === "BO" && o.mainLegOrderId === "") {
      const exit = toneOf(o.transactionType === "BUY" ? "SELL" : "BUY");
      if (o.targetPrice > 0) lines.push({ id: `order:${o.orderNo}:target`, price: o.targetPrice, label: `Target of ${head} BO`, tone: exit, target: { kind: "order", orderNo: o.orderNo, field: "targetPrice" } });
      if (o.stopLossPrice > 0) lines.push({ id: `order:${o.orderNo}:stop`, price: o.stopLossPrice, label: `Stop of ${head} BO`, tone: exit, target: { kind: "order", orderNo: o.orderNo, field: "stopLossPrice" } });
    }
  }

  for (const g of s.gtts) {
    const exchange = fromExchPair(g.Exch, g.ExchType);
    if (!exchange || !mine(exchange, g.ScripCode) || !gttIsActive(g)) continue;
    const side = g.GTTBuySell === "B" ? "BUY" : "SELL";
    const head = `GTT ${sideWord(side)} ${g.Qty}`;
    const oco = g.TriggerType === "OCO";
    // Price1/Price2 are the legs' triggers (core/types/gtt.ts).
    if (g.Price1 > 0) lines.push({ id: `gtt:${g.GTTID}:1`, price: g.Price1, label: `${head} ${oco ? "target trigger" : "trigger"}`, tone: toneOf(side), target: { kind: "gtt", gttId: g.GTTID, leg: 1, entry: g } });
    if (oco && g.Price2 > 0) lines.push({ id: `gtt:${g.GTTID}:2`, price: g.Price2, label: `${head} stop-loss trigger`, tone: toneOf(side), target: { kind: "gtt", gttId: g.GTTID, leg: 2, entry: g } });
  }

  for (const p of held) {
    const avg = p.netQuantity > 0 ? p.buyPrice : p.sellPrice;
    if (avg > 0) lines.push({ id: `average:${p.product}`, price: avg, label: `Average price, ${p.netQuantity > 0 ? "long" : "short"} ${Math.abs(p.netQuantity)}`, tone: "average" });
  }
  return lines;
}

/**
 * The movable lines in the order Tab visits them: as they stand on screen, top to bottom (higher
 * price first); lines at one price in the order of their ids, so the order never depends on the
 * order the book listed them in.
 */
export function tabOrder(lines: readonly ChartLine[]): ChartLine[] {
  return lines.filter(isMovable).sort((a, b) => b.price - a.price || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
