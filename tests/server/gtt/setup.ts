import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildBroker, type Broker } from "../../../server/app.js";
import { readConfig } from "../../../server/config.js";
import { gttServiceOf, registerGtt } from "../../../server/gtt/routes.js";
import type { PlacedOrder } from "../../../server/gtt/types.js";
import { marketOf } from "../../../server/market/index.js";
import type { Market } from "../../../server/market/types.js";
import type { OrderRequest } from "../../../src/core/types/order.js";

/** INFY on NSE in the instrument master: tick 0.1, lot 1, 20 percent band. */
export const INFY = { exchange: "NSEEQ", token: 1244 } as const;

/**
 * A broker on the real simulated market, held still (TICK_HZ=0) so that only the test's
 * market.setPrice moves prices. The trigger engine's placeOrder is recorded here: these tests
 * check what a trigger sends; the order book end of it is in gttOrders.test.ts.
 */
export interface GttBroker {
  broker: Broker;
  url: string;
  dataDir: string;
  market: Market;
  placed: Array<{ userId: string; request: OrderRequest }>;
  login(userId?: string): Promise<string>;
  setPrice(price: number): void;
  /** Waits until every placement the trigger engine started has finished. */
  settled(): Promise<void>;
  stop(keepData?: boolean): Promise<void>;
}

export async function startGttBroker(dataDir?: string, refuse?: string): Promise<GttBroker> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tape-gtt-"));
  const broker = await buildBroker(readConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "warn", STATIC_DIR: "", SIM_SEED: "7", TICK_HZ: "0" }));
  const market = marketOf(broker.ctx);
  market.setPrice(INFY.exchange, INFY.token, 1150);
  const placed: GttBroker["placed"] = [];
  let n = 0;
  registerGtt(broker.app, broker.ctx, {
    market,
    placeOrder: (userId, request): PlacedOrder => {
      placed.push({ userId, request });
      return refuse ? { ok: false, message: refuse } : { ok: true, orderNo: `T${++n}` };
    },
  });
  await broker.app.listen({ port: 0, host: "127.0.0.1" });
  const addr = broker.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  return {
    broker,
    url,
    dataDir: dir,
    market,
    placed,
    async login(userId = "DEMO1") {
      const res = await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId }) });
      return ((await res.json()) as { result: Array<{ accessToken: string }> }).result[0]!.accessToken;
    },
    setPrice(price: number) {
      const q = market.setPrice(INFY.exchange, INFY.token, price);
      if (q?.ltp !== price) throw new Error(`setPrice ${price} gave ${q?.ltp}`);
    },
    settled: () => gttServiceOf(broker.ctx)!.engine.settled(),
    async stop(keepData = false) {
      await broker.close();
      if (!keepData) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
