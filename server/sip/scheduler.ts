import { instalmentDate, instalmentQuantity, sipEach } from "../../src/core/rules/sip.js";
import { formatPrice } from "../../src/core/format.js";
import { productToSend } from "../../src/core/rules/productToSend.js";
import { plainOrder } from "../../src/core/rules/plainOrder.js";
import { istDateKey } from "../../src/core/time.js";
import type { OrderRequest } from "../../src/core/types/order.js";
import type { BrokerContext } from "../context.js";
import type { Market } from "../market/types.js";
import type { PlaceResult } from "../orders/engine.js";
import type { SipStore, StoredSip } from "./store.js";
import { isSuccess } from "../../src/core/http/success.js";

/** The order an instalment places: a MARKET DELIVERY buy, its key unique to the instalment so a retry never buys twice. */
export function instalmentOrder(s: StoredSip, n: number, quantity: number): OrderRequest {
  return plainOrder({
    exchange: s.exchange,
    instrumentId: String(s.token),
    transactionType: "BUY",
    quantity,
    product: productToSend("DELIVERY", s.exchange),
    orderType: "MARKET",
    orderTag: `SIP ${s.sipId}`,
    clientOrderKey: `sip-${s.sipId}-${n}`,
  });
}

/**
 * Places SIP instalments on their dates, on the broker's clock. Checked once a second (and by
 * tests with `sweep(now)` after moving the clock): an instalment whose date is today goes as soon
 * as its exchange is open; one whose date went by while the broker was not running, or without
 * the exchange opening, is recorded as missed rather than bought late.
 */
export class SipScheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: Pick<BrokerContext, "clock" | "log">,
    private readonly market: Market,
    private readonly store: SipStore,
    private readonly placeOrder: (userId: string, request: OrderRequest) => PlaceResult,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.sweep(), 1000);
    this.timer.unref();
    this.sweep();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  sweep(now: Date = this.ctx.clock.now()): void {
    const today = istDateKey(now);
    for (const sip of this.store.allActive()) {
      let s: StoredSip | undefined = sip;
      while (s && s.status === "ACTIVE" && s.done < s.count) {
        const n = s.done;
        const date = instalmentDate(s, n);
        if (date > today) break;
        if (date < today) this.store.recordInstalment(s.sipId, n, `Instalment ${n + 1} of ${date} missed: the market was not open to the broker that day`);
        else if (this.market.isOpen(s.exchange, now)) this.place(s, n);
        else break;
        s = this.store.get(s.sipId);
      }
    }
  }

  private place(s: StoredSip, n: number): void {
    const ltp = this.market.quote(s.exchange, s.token)?.ltp ?? 0;
    const quantity = instalmentQuantity(s, ltp);
    if (quantity <= 0) {
      this.store.recordInstalment(s.sipId, n, `Instalment ${n + 1} skipped: ${sipEach(s)} buys no share at ₹${formatPrice(ltp, s.exchange)}`);
      return;
    }
    const r = this.placeOrder(s.userId, instalmentOrder(s, n, quantity));
    const result = isSuccess(r) ? `Instalment ${n + 1}: order ${r.orderNo} for ${quantity}` : `Instalment ${n + 1} refused: ${r.message}`;
    this.store.recordInstalment(s.sipId, n, result);
    this.ctx.log.info({ sipId: s.sipId, n, result }, "sip instalment");
  }
}
