import type { OrderRequest } from "../../src/core/types/order.js";
import type { Market } from "../market/types.js";
import type { GttTrailMessage } from "../../src/core/rules/gttTrail.js";
import type { GttEventMessage } from "../../src/core/rules/gttEvent.js";
import type { GttChangeMessage } from "../../src/core/rules/gttChange.js";

/**
 * What the GTT service needs from the rest of the broker, named narrowly so that it depends on
 * the order engine's in-process door and the market's API, never on their insides.
 */

/** The order engine's result for one placement: accepted with its order number, or refused with a message. */
export type PlacedOrder = { ok: true; orderNo: string } | { ok: false; message: string };

/** The order engine's in-process placeOrder: the same checks, book entry and order update as POST v2/orders. */
export type PlaceOrder = (userId: string, request: OrderRequest) => Promise<PlacedOrder> | PlacedOrder;

/** The part of the market a GTT uses: its contract, its last price, and its ticks. */
export type GttMarket = Pick<Market, "instrument" | "quote" | "onTick" | "watch">;

/** Why the client may not trade now (a dormant, frozen or voluntary-freeze account), or undefined. */
export type TradingRefusal = (userId: string) => string | undefined;

export interface GttDeps {
  market: GttMarket;
  placeOrder: PlaceOrder;
  tradingRefusal: TradingRefusal;
  /**
   * Tells the client on its order topic that a GTT changed by itself: a trail moved a leg (issue 33),
   * or it fired, failed or lapsed (gttEvent.ts), or the trader placed, modified or cancelled it in one
   * of its windows (gttChange.ts), so every window reloads the GTT book.
   */
  tell?: (userId: string, message: GttTrailMessage | GttEventMessage | GttChangeMessage) => void;
}

/** A stored GTT's life: ACTIVE until it triggers, is cancelled, fails or expires. The list shows the ACTIVE ones and those ended today. */
export type { GttStatus as GttState } from "../../src/core/types/gtt.js";
