import { ORDER_TYPES, PRODUCTS, TRANSACTION_TYPES } from "../types/order";
import { defineCall } from "./call";
import { AmountOrText, Envelope, Exchange, OneOf, refused, Type, WholeOrText, type Static } from "./schema";

/**
 * Baskets under /core/basketorder (issue 13, the spec's seven calls). Every call acts on the
 * session's own baskets: another user's basket id answers as unknown (EC964).
 */

/**
 * One leg of a basket's last run, as the broker knows it now: placed (an order is booked under the
 * leg's key of the run: the order book's own word, whatever the browser that fired it saw),
 * refused (the broker's code and message), or sent with no answer kept (the firing is under way, or
 * the window that fired it went away: firing again sends it under the same key, so it goes once).
 */
export const RunLeg = Type.Object({
  scripId: Type.Number(),
  name: Type.String({ description: "The leg as it was fired, as toasts name an order: Qty 1 BUY TCS-EQ" }),
  state: OneOf(["placed", "refused", "sent"] as const),
  orderNo: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
export type RunLeg = Static<typeof RunLeg>;

/** A basket's last run: its id (each leg's clientOrderKey is made from it), when it was first fired, and its legs. */
export const BasketRun = Type.Object({ runId: Type.String(), firedAt: Type.String({ description: "ISO time of the run's first firing" }), legs: Type.Array(RunLeg) });
export type BasketRun = Static<typeof BasketRun>;

export const Basket = Type.Object({
  basketId: Type.Number(),
  basketName: Type.String(),
  createdBy: Type.String(),
  scripCount: Type.Number(),
  lastRun: Type.Optional(BasketRun),
});
export type Basket = Static<typeof Basket>;

/** One leg of a basket: the order fields it is placed with. */
export const BasketLeg = Type.Object({
  scripId: Type.Number(),
  exchange: Exchange(),
  token: Type.Number(),
  transType: OneOf(TRANSACTION_TYPES),
  qty: Type.Number(),
  product: OneOf(PRODUCTS),
  orderType: OneOf(ORDER_TYPES),
  price: Type.Number(),
  trigger: Type.Number(),
  tradingSymbol: Type.Optional(Type.String({ description: "The contract's trading symbol, added when legs are listed" })),
});
export type BasketLeg = Static<typeof BasketLeg>;

const basketId = WholeOrText({ ...refused("EC964"), description: "The basket's id" });
const basketName = Type.String({ ...refused("EC962"), description: "1 to 40 characters, unique among the user's baskets (case-blind)" });

/** A leg as added: the side has no default; without an order type a priced leg is LIMIT and an unpriced one MARKET. */
export const NewLeg = Type.Object({
  exchange: Exchange(refused("EC902")),
  token: WholeOrText(refused("EC902")),
  transType: OneOf(TRANSACTION_TYPES, refused("EC929")),
  qty: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: "^\\s*0*[1-9]\\d{0,14}\\s*$" })], refused("EC903")),
  product: Type.Optional(OneOf(PRODUCTS, { ...refused("EC927"), description: "When not given, a blank order window's: DELIVERY on equity, NORMAL elsewhere" })),
  orderType: Type.Optional(OneOf(ORDER_TYPES, refused("EC926"))),
  price: Type.Optional(AmountOrText(refused("EC944"))),
  trigger: Type.Optional(AmountOrText(refused("EC944"))),
});
export type NewLeg = Static<typeof NewLeg>;

export const baskets = defineCall({
  method: "GET",
  service: "core",
  path: "basketorder/get",
  tag: "baskets",
  summary: "The user's baskets",
  answer: Envelope(Basket),
});

export const createBasket = defineCall({
  method: "POST",
  service: "core",
  path: "basketorder/create",
  tag: "baskets",
  summary: "Creates a basket (at most 10, EC960; a name of 1 to 40 characters, EC962, unique, EC963)",
  body: Type.Object({
    basketName,
    createdBy: Type.Optional(Type.String({ description: "Shown as its creator; the session's user when not given" })),
    userId: Type.Optional(Type.String({ description: "Ignored: the basket is the session user's" })),
  }),
  answer: Envelope(Basket),
});

export const renameBasket = defineCall({
  method: "POST",
  service: "core",
  path: "basketorder/rename",
  tag: "baskets",
  summary: "Renames a basket",
  body: Type.Object({ basketId, basketName }),
  answer: Envelope(Basket),
});

export const basketLegs = defineCall({
  method: "GET",
  service: "core",
  path: "basketorder/get/scrips/:basketId",
  tag: "baskets",
  summary: "A basket's legs",
  params: Type.Object({ basketId }),
  answer: Envelope(BasketLeg),
});

export const addBasketLegs = defineCall({
  method: "POST",
  service: "core",
  path: "basketorder/add/scrips",
  tag: "baskets",
  summary: "Adds legs to a basket (at most 20, EC961); answers its legs",
  description: "A leg names a tradable instrument (EC902; an index is not one), its side (EC929), a positive whole quantity (EC903), prices not below 0 (EC944), a product (EC927) and an order type (EC926).",
  body: Type.Object({ basketId, scrips: Type.Array(NewLeg, { minItems: 1, ...refused("EC900") }) }),
  answer: Envelope(BasketLeg),
});

export const deleteBasket = defineCall({
  method: "DELETE",
  service: "core",
  path: "basketorder/delete/:basketId",
  tag: "baskets",
  summary: "Deletes a basket",
  params: Type.Object({ basketId }),
  answer: Envelope(Type.Object({ basketId: Type.Number() })),
});

export const deleteBasketLegs = defineCall({
  method: "POST",
  service: "core",
  path: "basketorder/delete/scrips",
  tag: "baskets",
  summary: "Deletes legs of a basket by scripId (EC965 when one is not in it); answers its legs",
  body: Type.Object({
    basketId,
    scripsId: Type.Union([Type.Array(WholeOrText(), { minItems: 1 }), WholeOrText()], { ...refused("EC965"), description: "One scripId or a list" }),
  }),
  answer: Envelope(BasketLeg),
});

// A hyphen too: an alert's firing is the run `ato-<alertId>` (its legs' keys, server/risk/alertOrders.ts), and `f` retries it by that id.
const runId = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: "^[A-Za-z0-9-]+$",
  ...refused("EC900"),
  description: "The run's id, made by the app once per confirmation, or `ato-<alertId>` for an alert's firing",
});

export const beginBasketRun = defineCall({
  method: "POST",
  service: "core",
  path: "basketorder/run/begin",
  tag: "baskets",
  summary: "Tape's: says which legs a firing is about to place, before it places them; answers the basket's last run",
  description:
    "The basket's last run again (`runId` is its id): the legs are added to it. Else a new run that replaces the last, only when `replaces` is the last run's id (\"\" for none): a basket fired meanwhile from another window is refused (EC969), so two windows never both place it. Every scripId must be the basket's (EC965).",
  body: Type.Object({ basketId, runId, replaces: Type.String({ maxLength: 40 }), scripIds: Type.Array(Type.Integer(), { minItems: 1, ...refused("EC965") }) }),
  answer: Envelope(BasketRun),
});

export const reportBasketRun = defineCall({
  method: "POST",
  service: "core",
  path: "basketorder/run/refused",
  tag: "baskets",
  summary: "Tape's: the legs of a run the broker refused, with why (a refused order leaves no order behind); answers the basket's last run",
  body: Type.Object({
    basketId,
    runId,
    refused: Type.Array(Type.Object({ scripId: Type.Integer(), code: Type.String({ maxLength: 20 }), message: Type.String({ maxLength: 500 }) })),
  }),
  answer: Envelope(BasketRun),
});
