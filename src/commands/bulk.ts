import { groupIndian } from "../core/format";
import { notify } from "../core/notify";
import { BULK_TITLES, bulkToast, cancelledName, cancelledNames, cancelRoute, exitsNow, partFilledFirst, planBulk, planOrderLines, type BulkDone, type BulkKind, type BulkPlan } from "../core/rules/bulkAction";
import { openOrders } from "../core/rules/orderStatus";
import { orderHead } from "../core/rules/orderToast";
import { legsStayText } from "../core/rules/cancelAll";
import { exitLine } from "../core/rules/positionExit";
import { isNoAnswer, isOk, noAnswerText } from "../data/api/http";
import { sliceKey, sliceOrder } from "../core/rules/slicing";
import type { OrderRequest } from "../core/types/order";
import { cancelAllOrders, cancelOrder, fetchSecurityInfo } from "../data/api/orders";
import { randomId } from "../data/deviceId";
import { placeExitOrder } from "../data/api/portfolio";
import { orders$, refreshOrders } from "../data/stores/orders";
import { positions$, refreshLimits, refreshPositions } from "../data/stores/portfolio";
import { addSessionLog } from "../data/stores/sessionLog";
import { closeOverlay, openOverlay } from "../data/stores/ui";
import { readContract } from "../data/reads";
import { valuePerUnit } from "../core/rules/contractValue";
import { isExchange, segmentOf } from "../core/types/exchange";
import type { Order } from "../core/types/order";

/** The plan of a bulk action from the books as they are now, opened as its armed preview. */
export async function armBulk(kind: BulkKind): Promise<void> {
  // Read now, loaded or not: the preview shows what will be sent, and a book kept from earlier can miss an order placed since.
  await Promise.all([refreshOrders(), kind === "cancelAll" ? undefined : refreshPositions()]);
  const orders = orders$.orders.peek();
  const units = kind === "exitAll" ? new Map<string, number>() : await unitsOf(openOrders(orders));
  openOverlay({ kind: "bulkAction", plan: planBulk(kind, orders, positions$.rows.peek(), undefined, (exchange, token) => units.get(`${exchange}:${token}`) ?? 1) });
}

/**
 * What a unit of each open currency or commodity order is worth per rupee of price (valuePerUnit),
 * from its contract (read once per instrument; equity and F&O count units, 1). A contract that
 * cannot be read counts 1: the preview's estimate is low then, the cancels it lists are the same.
 */
async function unitsOf(open: readonly Order[]): Promise<Map<string, number>> {
  const counted = (o: Order) => isExchange(o.exchange) && (segmentOf(o.exchange) === "commodity" || segmentOf(o.exchange) === "currency");
  const wanted = [...new Map(open.filter(counted).map((o) => [`${o.exchange}:${o.token}`, o])).values()];
  const read = await Promise.all(wanted.map((o) => readContract(o.exchange, o.token).catch(() => undefined)));
  const units = new Map<string, number>();
  wanted.forEach((o, i) => {
    const c = read[i]?.ok ? read[i].rows[0] : undefined;
    if (c) units.set(`${o.exchange}:${o.token}`, valuePerUnit(o.exchange, c.multiplier, c.lotSize));
  });
  return units;
}

/** The plans already sent: a plan goes once, whichever comes first, the end of its countdown or Send now. */
const fired = new WeakSet<BulkPlan>();

/**
 * Sends an armed plan: its countdown ran out, or the trader pressed Send now (Enter). The dialog
 * closes as sent, not aborted; a second call for the same plan sends nothing.
 */
export function fireArmed(plan: BulkPlan): Promise<void> {
  if (fired.has(plan)) return Promise.resolve();
  fired.add(plan);
  closeOverlay("bulkAction");
  return sendBulk(plan);
}

/** Whether the plan went out (the dialog closing without it is an abort). */
export function wasFired(plan: BulkPlan): boolean {
  return fired.has(plan);
}

/** The preview's lines: counts, each order as it will be sent, and the estimated value. */
export function planLines(plan: BulkPlan): string[] {
  const lines: string[] = [];
  if (plan.cancels.length > 0) lines.push(`Cancel ${plan.cancels.length} open order${plan.cancels.length === 1 ? "" : "s"}`);
  if (plan.exits.length > 0) lines.push(`Exit ${plan.exits.length} position${plan.exits.length === 1 ? "" : "s"} at market`);
  lines.push(...planOrderLines(plan));
  // What working closing orders already exit is not sent again (rules/exitWorking.ts), and the preview names them.
  if (plan.covered.length > 0) lines.push("Working orders already exiting:", ...plan.covered);
  lines.push(`Estimated value: ₹${groupIndian(plan.estimatedValue)}`);
  if (plan.kind === "exitAll") lines.push("Long positions other than BO and CO are exited; flatten all exits shorts too.");
  if (plan.kind === "flattenAll") lines.push("BO and CO positions close as their cancelled legs exit them.");
  if (plan.legsKept.length > 0) lines.push(`${legsStayText(plan.legsKept.length)}.`);
  return lines;
}

/** The quantities an exit goes out as: slices above the contract's freeze quantity, else whole (the broker then says why). */
async function exitSlices(order: OrderRequest): Promise<number[]> {
  try {
    const contract = (await fetchSecurityInfo({ exchange: order.exchange, token: order.instrumentId })).result[0];
    const v = contract ? sliceOrder(order.quantity, contract, order.orderComplexity) : undefined;
    return v?.kind === "slices" ? v.slices : [order.quantity];
  } catch {
    return [order.quantity];
  }
}

/**
 * Sends what the plan holds once its countdown has run: its open orders cancelled (one cancel-all
 * call when they are all the book holds open, else one by one: cancelRoute), then each exit
 * (paced under the order rate budget by the API layer); one session-log entry.
 */
export async function sendBulk(plan: BulkPlan): Promise<void> {
  const sent: string[] = [];
  const answers: string[] = [];
  const done: BulkDone = { cancelled: [], exitsPlaced: [], notDone: [], sent: 0, legsKept: plan.legsKept.length };
  const tell = async (what: string, send: () => Promise<{ ok: boolean; answer: string }>): Promise<boolean> => {
    sent.push(what);
    try {
      const a = await send();
      answers.push(`${what}: ${a.answer}`);
      return a.ok;
    } catch (err) {
      answers.push(`${what}: ${isNoAnswer(err) ? noAnswerText(err) : "failed"}`);
      return false;
    }
  };
  // Orders the broker answered as cancelled here: no longer working, whatever a book read straight after says.
  const cancelledNos = new Set<string>();
  if (plan.cancels.length > 0) {
    // The book as it is now, not as the preview saw it: the countdown gave other windows and devices time to place.
    await refreshOrders();
    const openNow = openOrders(orders$.orders.peek());
    const route = cancelRoute(plan, openNow);
    done.leftOpen = route.leftOpen;
    done.closedMeanwhile = route.closedMeanwhile;
    if (route.all) {
      done.sent++;
      const ok = await tell(`Cancel all (${plan.cancels.length} open)`, async () => {
        const env = await cancelAllOrders({ noAnswerShownByCaller: true });
        if (!isOk(env)) return { ok: false, answer: env.message };
        const nos = env.result.map((r) => ("orderNo" in r ? r.orderNo : ""));
        nos.forEach((no) => cancelledNos.add(no));
        done.cancelled = cancelledNames(plan, nos, openNow);
        return { ok: true, answer: `${env.result.length} cancelled` };
      });
      if (!ok) done.notDone.push("cancel all");
    } else {
      // Part-filled ones first, as the toast lists them (cancelledNames).
      for (const orderNo of partFilledFirst(route.each, openNow)) {
        const name = cancelledName(plan, orderNo, openNow.find((o) => o.orderNo === orderNo));
        done.sent++;
        const ok = await tell(`Cancel ${name}`, async () => {
          const env = await cancelOrder(orderNo, { noAnswerShownByCaller: true });
          return { ok: isOk(env), answer: isOk(env) ? "cancelled" : env.message };
        });
        if (ok) {
          done.cancelled.push(name);
          cancelledNos.add(orderNo);
        }
        else done.notDone.push(`cancel ${name}`);
      }
    }
  }
  let exits = plan.exits;
  if (exits.length > 0) {
    // The books as they are now: a working exit may have filled during the countdown, or a cancel been
    // refused; each exit is cut to what is still open and not already being exited (rules/bulkAction.ts exitsNow).
    await Promise.all([refreshOrders(), refreshPositions()]);
    const now = exitsNow(plan, positions$.rows.peek(), orders$.orders.peek().filter((o) => !cancelledNos.has(o.orderNo)));
    exits = now.exits;
    if (now.trimmed.length > 0) done.trimmed = now.trimmed;
  }
  const runId = randomId();
  for (const [n, x] of exits.entries()) {
    // An exit above the freeze quantity goes out in slices, as the order window sends them.
    const parts = await exitSlices(x.order);
    for (const [i, quantity] of parts.entries()) {
      const order = { ...x.order, quantity, clientOrderKey: sliceKey(`bulk-${runId}-${n}`, i, parts.length) };
      const name = orderHead(quantity, order.transactionType, x.tradingSymbol);
      done.sent++;
      const ok = await tell(`${exitLine(order, x.tradingSymbol)}${parts.length > 1 ? ` (slice ${i + 1} of ${parts.length})` : ""}`, async () => {
        const r = await placeExitOrder(order);
        return { ok: r.ok, answer: r.ok ? "placed" : r.message };
      });
      if (ok) done.exitsPlaced.push(name);
      else done.notDone.push(`exit ${name}`);
    }
  }
  addSessionLog({ title: BULK_TITLES[plan.kind], outcome: "sent", sent, answers: [...answers, ...(done.trimmed ?? []).map((t) => `Cut when sent: ${t}`)] });
  notify(bulkToast(plan.kind, done));
  await Promise.all([refreshOrders(), refreshPositions(), refreshLimits()]);
}
