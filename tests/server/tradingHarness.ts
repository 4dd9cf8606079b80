import { startBroker, type TestBroker } from "./harness.js";
import type { OrderEngine } from "../../server/orders/engine.js";
import type { Market } from "../../server/market/types.js";

/** Monday 23 November 2026, 10:30 IST: the equity session is open. */
export const OPEN_TIME = "2026-11-23T05:00:00.000Z";
/** Monday 23 November 2026, 08:00 IST: before the open (AMO window). */
export const PRE_OPEN_TIME = "2026-11-23T02:30:00.000Z";

export interface Envelope<T = Record<string, unknown>> {
  status: string;
  message: string;
  result: T[];
}

export interface TradingBroker extends TestBroker {
  market: Market;
  engine: OrderEngine;
  token: string;
  /** Every order update published, as parsed JSON, in order. */
  updates: Array<{ clientCode: string; update: Record<string, unknown> }>;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string): Promise<Envelope<T>>;
}

/** A broker with a frozen market (TICK_HZ=0) on a chosen clock, DEMO1 signed in. */
export async function startTrading(simTime = OPEN_TIME, dataDir?: string, userId = "DEMO1", env: Record<string, string> = {}): Promise<TradingBroker> {
  const b = await startBroker({ SIM_TIME: simTime, TICK_HZ: "0", ...env }, dataDir);
  const market = b.broker.market;
  const engine = b.broker.orders;
  const token = await b.login(userId);
  const updates: TradingBroker["updates"] = [];
  // Through JSON, as the feed sends it.
  engine.onOrderUpdate((clientCode, update) => updates.push({ clientCode, update: JSON.parse(JSON.stringify(update)) as Record<string, unknown> }));
  return {
    ...b,
    market,
    engine,
    token,
    updates,
    async call(method, path, body, bearer = token) {
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
      let payload: string | undefined;
      if (body !== undefined) {
        headers["content-type"] = "application/json";
        payload = typeof body === "string" ? body : JSON.stringify(body);
      }
      const res = await fetch(`${b.url}${path}`, { method, headers, body: payload });
      if (res.status !== 200) throw new Error(`${method} ${path} answered HTTP ${res.status}: ${await res.text()}`);
      return (await res.json()) as Envelope<never>;
    },
  };
}
