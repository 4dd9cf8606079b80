import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildBroker, type Broker } from "../../../server/app.js";
import { readConfig } from "../../../server/config.js";
import { gttServiceOf, registerGtt } from "../../../server/gtt/routes.js";
import type { GttMarket, PlacedOrder } from "../../../server/gtt/types.js";
import type { Instrument, Quote, TickListener } from "../../../server/market/types.js";
import type { OrderRequest } from "../../../src/core/types/order.js";

/**
 * A broker with the GTT service on a small in-test market (until the simulator lands on this
 * branch): instruments with real tick and lot sizes whose last price the test sets, firing the
 * same onTick the simulator fires. placeOrder records what the trigger engine sends.
 */
export const INFY = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ", tickSize: 0.05, lotSize: 1 } as const;
export const NIFTYFUT = { exchange: "NSEFO", token: 35001, tradingSymbol: "NIFTY25DECFUT", tickSize: 0.05, lotSize: 75 } as const;

type Spec = { exchange: string; token: number; tradingSymbol: string; tickSize: number; lotSize: number };

class TestMarket implements GttMarket {
  private readonly listeners = new Set<TickListener>();
  private readonly prices = new Map<string, number>();
  constructor(private readonly specs: Spec[]) {}
  instrument(exchange: string, token: number): Instrument | undefined {
    const s = this.specs.find((x) => x.exchange === exchange && x.token === token);
    return s ? ({ ...s, isIndex: false, symbol: s.tradingSymbol, multiplier: 1 } as unknown as Instrument) : undefined;
  }
  quote(exchange: string, token: number): Quote | undefined {
    const ltp = this.prices.get(`${exchange}:${token}`);
    return ltp === undefined ? undefined : ({ exchange, token, ltp } as unknown as Quote);
  }
  onTick(l: TickListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  watch(): () => void {
    return () => {};
  }
  setPrice(exchange: string, token: number, price: number): void {
    this.prices.set(`${exchange}:${token}`, price);
    const q = this.quote(exchange, token)!;
    for (const l of this.listeners) l(q, this.instrument(exchange, token)!);
  }
}

export interface GttBroker {
  broker: Broker;
  url: string;
  dataDir: string;
  market: TestMarket;
  placed: Array<{ userId: string; request: OrderRequest }>;
  login(userId?: string): Promise<string>;
  /** Waits until every placement the trigger engine started has finished. */
  settled(): Promise<void>;
  stop(keepData?: boolean): Promise<void>;
}

export async function startGttBroker(dataDir?: string, refuse?: string): Promise<GttBroker> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tape-gtt-"));
  const broker = await buildBroker(readConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "warn", STATIC_DIR: "", SIM_SEED: "7" }));
  const market = new TestMarket([INFY, NIFTYFUT]);
  market.setPrice(INFY.exchange, INFY.token, 1500);
  market.setPrice(NIFTYFUT.exchange, NIFTYFUT.token, 24000);
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
    settled: () => gttServiceOf(broker.ctx)!.engine.settled(),
    async stop(keepData = false) {
      await broker.close();
      if (!keepData) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
