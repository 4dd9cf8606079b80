import type { Market } from "../../../server/market/types.js";
import type { Broker } from "../../../server/app.js";
import { OPEN_TIME, startTrading } from "../tradingHarness.js";

/** INFY on NSE in the instrument master: tick 0.1, lot 1, 20 percent band; DEMO1 holds 60. */
export const INFY = { exchange: "NSEEQ", token: 1244 } as const;

export interface BookOrder {
  orderNo: string;
  orderTag: string;
  transactionType: string;
  quantity: number;
  price: number;
  orderType: string;
  product: string;
  validity: string;
  orderComplexity: string;
  instrumentId: string;
  exchange: string;
  orderStatus: string;
}

/**
 * The whole paper broker on an open market held still (TICK_HZ=0), so that only the test's
 * market.setPrice moves INFY; triggered orders are read back from the order book.
 */
export interface GttBroker {
  broker: Broker;
  url: string;
  dataDir: string;
  market: Market;
  updates: Array<{ clientCode: string; update: Record<string, unknown> }>;
  login(userId?: string): Promise<string>;
  setPrice(price: number): void;
  /** Orders in DEMO1's order book placed by a GTT trigger (orderTag "GTT <id>"), optionally of one GTT. */
  gttOrders(gttId?: string): Promise<BookOrder[]>;
  settled(): Promise<void>;
  stop(keepData?: boolean): Promise<void>;
}

export async function startGttBroker(dataDir?: string): Promise<GttBroker> {
  const t = await startTrading(OPEN_TIME, dataDir);
  const setPrice = (price: number) => {
    const q = t.market.setPrice(INFY.exchange, INFY.token, price);
    if (q?.ltp !== price) throw new Error(`setPrice ${price} gave ${q?.ltp}`);
  };
  setPrice(1150);
  return {
    broker: t.broker,
    url: t.url,
    dataDir: t.dataDir,
    market: t.market,
    updates: t.updates,
    login: t.login,
    setPrice,
    async gttOrders(gttId) {
      const book = await t.call<BookOrder>("POST", "/core/v2/orders/book", {});
      const all = book.status === "Ok" ? book.result : [];
      return all.filter((o) => (gttId ? o.orderTag === `GTT ${gttId}` : o.orderTag.startsWith("GTT ")));
    },
    settled: () => t.broker.gtt.engine.settled(),
    stop: t.stop,
  };
}
