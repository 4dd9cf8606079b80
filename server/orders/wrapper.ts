import type { FastifyInstance } from "fastify";
import { ruleError, type RuleError } from "../../src/core/errors.js";
import { chargesInputOf, computeCharges, exchangeGroup, productOfBrokerageCode } from "../../src/core/rules/charges.js";
import { EXCHANGES, fromExchPair, isExchange, toExchPair } from "../../src/core/types/exchange.js";
import { brokerage as brokerageCall, marketStatus as marketStatusCall, saveAsmGsm, type ChargesRequest, type MarketStatusEntry } from "../../src/core/wire/wrapper.js";
import type { ChargesBreakdown } from "../../src/core/wire/orders.js";
import { route } from "../http/wire.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { jsonScope } from "./jsonScope.js";

/**
 * The wrapper (common-utilities) calls of trading-core section 7 that the order window uses.
 * Each takes the spec's { head, body } request; head is accepted as sent (request code, key,
 * app version, app name, OS, login id) and the user is the bearer's, never head's login id.
 *   POST /wrapper/formtoken/getMarketStatus  result[0].GetMarket: one entry per exchange
 *   POST /wrapper/formtoken/saveAsmGsm       records the client's answer to a surveillance prompt
 *   POST /wrapper/formtoken/get/brokerage    result[0].data: the charges of the described order
 */
export function registerWrapper(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const saveAnswer = ctx.db.prepare(
    "INSERT INTO asm_gsm_answers (user_id, scripcode, exch, exch_type, client_response, msg_content, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  void app.register(async (scope) => {
    jsonScope(scope);

    route(scope, marketStatusCall, async () => ok([{ GetMarket: marketStatus(market, ctx.clock.now()) }]));

    route(scope, saveAsmGsm, async (req) => {
      const { Scripcode, Exch, ExchType, ClientResponse, MsgContent } = req.body.body;
      saveAnswer.run(req.userId, String(Scripcode), String(Exch), String(ExchType), String(ClientResponse), String(MsgContent), ctx.clock.now().toISOString());
      return ok([{ status: 0, Msg: "Success" }]);
    });

    route(scope, brokerageCall, async (req) => {
      const r = brokerage(market, req.body.body);
      return r.ok ? ok([{ data: r.data }]) : fail(r.code, r.message);
    });
  });
}

/** GetMarket entries: AMO "Y" while the exchange's session is closed (AMOs are taken then), "N" while it is open. */
export function marketStatus(market: Market, now: Date): MarketStatusEntry[] {
  return EXCHANGES.map((exchange) => {
    const open = market.isOpen(exchange, now);
    return { ...toExchPair(exchange), exchange, AMO: open ? "N" : "Y", MarketStatus: open ? "Open" : "Closed" };
  });
}

/**
 * The charges request: exchange group (CASH, FNO, CURRENCY, COM) as `exchangeGroup`,
 * scripDetails { scripCode (the token), exchange, exchangeType } where exchange and exchangeType
 * are the wrapper's Exch and ExchType letters (a full exchange code such as "NSEEQ" in exchange
 * is accepted too), orderDetails { orderPrice, product T or D, qty, multiplier, orderType B or S }.
 */
function brokerage(market: Market, body: ChargesRequest): { ok: true; data: ChargesBreakdown } | RuleError {
  const { scripDetails: scrip, orderDetails: order } = body;
  const exchange = isExchange(scrip.exchange) ? scrip.exchange : fromExchPair(scrip.exchange, scrip.exchangeType ?? "");
  if (!exchange) return ruleError("EC901");
  if (body.exchangeGroup !== undefined && body.exchangeGroup !== exchangeGroup(exchange)) {
    return ruleError("EC900", "exchangeGroup must be CASH, FNO, CURRENCY or COM and match the exchange");
  }
  const inst = market.instrument(exchange, Number(scrip.scripCode));
  if (!inst) return ruleError("EC902");
  const price = Number(order.orderPrice);
  if (!(price > 0)) return ruleError("EC921");
  const side = order.orderType === "B" ? "BUY" : "SELL";
  const product = productOfBrokerageCode(order.product, exchange);
  const multiplier = Number(order.multiplier ?? 0) > 0 ? Number(order.multiplier) : inst.multiplier;
  return { ok: true, data: computeCharges(chargesInputOf({ ...inst, multiplier }, { product, transactionType: side, quantity: Number(order.qty), price })) };
}
