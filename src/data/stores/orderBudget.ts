import { observable } from "@legendapp/state";
import { RateLog, type RateWindow, type WindowBudget } from "../../core/rules/rateLimit";
import { call, isOk, type Envelope } from "../api/http";
import { coreApi } from "../api/services";
import { onBrokerBooksChange } from "./brokerBooks";
import { clientState } from "./sessionReset";

/**
 * The client's side of the order rate limits (issue 19): one pacer every order call goes through
 * (src/data/api/orders.ts), so basket firing, slices and bulk actions wait for a slot instead of
 * being refused. It keeps the same sliding log as the broker (src/core/rules/rateLimit.ts), learnt
 * from POST v2/orders/rateBudget at the first order call and again after any EC970 (another device
 * of the user may have used slots). The status bar reads the budget from it.
 */
interface BudgetAnswer {
  enabled: boolean;
  windows: WindowBudget[];
  sentAgoMs: number[];
}

/** Bumped on every change of the log, so the status bar redraws at once. */
export const orderBudget$ = observable({ known: false, enabled: false, version: 0 });

let log: RateLog | undefined;
let syncing: Promise<void> | undefined;
let queue: Promise<void> = Promise.resolve();

clientState({
  name: "orderBudget",
  holds: () => ({ budget: orderBudget$.peek(), log: log !== undefined, syncing: syncing !== undefined }),
  reset: () => {
    log = undefined;
    syncing = undefined;
    queue = Promise.resolve();
    orderBudget$.set({ known: false, enabled: false, version: 0 });
  },
});

// A replay's orders count against the replay's limits, the live account's against the live ones
// (each broker process its own): a switch of books (a replay started, left, run again) learns anew.
onBrokerBooksChange(() => void syncOrderBudget());

/** Learns the budget from the broker (once at a time). A failure leaves the pacer unpaced: the broker still enforces. */
export function syncOrderBudget(): Promise<void> {
  syncing ??= (async () => {
    try {
      const env = await call<BudgetAnswer>(coreApi, "v2/orders/rateBudget", { method: "post", json: {} });
      const a = env.result?.[0];
      if (!isOk(env) || !a) return;
      const windows: RateWindow[] = a.windows.map((w) => ({ unit: w.unit, limit: w.limit }));
      log = new RateLog(windows);
      log.resetTo(Date.now(), a.sentAgoMs);
      orderBudget$.set((s) => ({ known: true, enabled: a.enabled, version: s.version + 1 }));
    } catch {
      /* the HTTP layer has told the user */
    } finally {
      syncing = undefined;
    }
  })();
  return syncing;
}

/** The budget left now in each window; undefined until learnt or when the broker has no limits. */
export function orderBudgetNow(): WindowBudget[] | undefined {
  return log && log.windows.length > 0 ? log.budget(Date.now()) : undefined;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits, in turn with every other order call, until a slot is free, and takes it. */
async function takeSlot(): Promise<void> {
  const mine = queue.then(async () => {
    if (!log) await syncOrderBudget();
    for (;;) {
      const wait = log ? log.waitMs(Date.now()) : 0;
      if (wait <= 0) break;
      await sleep(wait);
    }
    log?.record(Date.now());
    orderBudget$.version.set((v) => v + 1);
  });
  queue = mine.catch(() => undefined);
  return mine;
}

/** At most this many waits after EC970 for one call: the broker named the time, so a few are plenty. */
const MAX_RATE_RETRIES = 5;

/**
 * Sends one order call under the budget. An EC970 (slots used elsewhere) resyncs, waits the time
 * the broker named and sends again: a place carries its clientOrderKey, and a refused call changed nothing.
 */
export async function paced<T>(send: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
  for (let attempt = 0; ; attempt++) {
    await takeSlot();
    const env = await send();
    if (env.status !== "EC970" || attempt >= MAX_RATE_RETRIES) return env;
    const retry = (env.result?.[0] as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
    await syncOrderBudget();
    await sleep(typeof retry === "number" && retry > 0 ? retry : 1000);
  }
}

let lastResync = 0;

/**
 * Another device or an API client may send orders too: each order update re-learns the budget,
 * at most once every 2 s, so the status bar shows what the broker counts.
 */
export function resyncOrderBudgetSoon(): void {
  const now = Date.now();
  if (!orderBudget$.known.peek() || now - lastResync < 2_000) return;
  lastResync = now;
  void syncOrderBudget();
}
